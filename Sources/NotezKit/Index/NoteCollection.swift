/// The notes of a vault by position (`0..<noteCount`, in path order), as a query reads them: the
/// whole `VaultIndex`, or a `CachedIndex`, which reads the fields from the memory-mapped index
/// cache and builds a `Note` only for the positions asked for.
public protocol NoteCollection: Sendable {
    /// The absolute vault root.
    var root: String { get }
    /// The vault's settings.
    var config: VaultConfig { get }
    /// notez's own files that were not used (the defaults were used instead), to warn about.
    var stateProblems: [FileIssue] { get }
    /// The number of notes.
    var noteCount: Int { get }
    /// The vault-relative path of the note at `position`.
    func path(at position: Int) -> String
    /// The folder of the note at `position` (`""` for Unsorted Notes).
    func folder(at position: Int) -> String
    /// The title of the note at `position`.
    func title(at position: Int) -> String
    /// Whether the note at `position` is pinned.
    func isPinned(at position: Int) -> Bool
    /// The creation time of the note at `position`, in seconds since 1970.
    func created(at position: Int) -> Double
    /// The modification time of the note at `position`, in seconds since 1970.
    func modified(at position: Int) -> Double
    /// The file size of the note at `position` when it was read.
    func fileSize(at position: Int) -> Int64
    /// The whole note at `position`.
    func note(atPosition position: Int) -> Note
    /// Calls `body` with what a list row shows of the note at `position` (a requirement, so a
    /// view that can read the fields without building the note does).
    func withRowFields<R>(at position: Int, _ body: (NoteRowFields) -> R) -> R
    /// Calls `body` with what a list row shows of each note at `positions`, in order: a view
    /// lends a run of rows in one call, sharing its lookups and scratch memory among them.
    func forEachRowFields(at positions: ArraySlice<Int>, _ body: (NoteRowFields) -> Void)
    /// Calls `body` with the UTF-8 of the path of each note at `positions`, in order (`--paths`
    /// of many notes without a `String` each where the view keeps the bytes).
    func forEachPath(at positions: ArraySlice<Int>, _ body: (UnsafeRawBufferPointer) -> Void)
    /// How many notes are pinned (a requirement, so the full index answers from its pinned list).
    var pinnedCount: Int { get }
    /// Whether a front end may show the note at `position` (false for a symlinked note: see
    /// `VaultIndex.isExposed(_:)`). A requirement: a cast to the concrete view for each note
    /// copied the whole index, a tenth of a warm search that matched 33,000 notes.
    func isExposed(at position: Int) -> Bool
    /// The positions of the notes that have the tag `key` or one of its children, in any order.
    func positions(taggedWith key: TagKey) -> [Int]
    /// The display name of a tag key (the registry's spelling, else the most common one).
    func displayName(of key: TagKey) -> String?
    /// The notes at `positions` in list order (pinned first, newest modified first, then path),
    /// at most `limit` (all when nil), built only for the positions returned.
    func notesInListOrder(_ positions: [Int], limit: Int?) -> [Note]
    /// `positions` in list order, at most `limit` (a requirement, so a call through `any
    /// NoteCollection` runs the code specialized for the concrete view).
    func listOrder(_ positions: [Int], limit: Int?) -> [Int]
    /// False only when the note at `position` surely lacks one of these trigrams of folded text
    /// (`TextSignature`), so a full-text search need not read it.
    func mayContainText(_ trigrams: [UInt32], at position: Int) -> Bool
    /// The members of `positions` (ascending) that may contain every one of `trigrams`: the
    /// candidates a full-text search reads (`mayContainText` for each, in one pass).
    func positions(mayContainText trigrams: [UInt32], among positions: [Int]) -> [Int]
    /// The root folder node; its children are the top-level folders, with note counts.
    var folderTree: FolderNode { get }
    /// Every tag in use or registered, alphabetical, with counts.
    var tags: [TagSummary] { get }
    /// Notes in the trash.
    var trashCount: Int { get }
    /// Notes pinned anywhere, in list order.
    var pinnedNotes: [Note] { get }
    /// Notes at the root, in list order.
    var unsortedNotes: [Note] { get }
    /// Notes in a folder (and its subfolders when `recursive`), in list order.
    func notes(inFolder folder: String, recursive: Bool) -> [Note]
    /// The positions of the notes in a folder (and its subfolders when `recursive`), in path order.
    func positions(inFolder folder: String, recursive: Bool) -> [Int]
    /// The folder a folder argument names, by the one folder rule (see `VaultIndex.resolveFolder`).
    func resolveFolder(_ argument: String) throws(NotezError) -> FolderNode
    /// The notes called by the folded name `key` (file name, title or alias), ascending, maybe
    /// with a few others; nil when the view keeps no such lookup (a NOTE is then found by a pass).
    func positions(calledBy key: String) -> [Int]?
    /// This state, for `rowSources(since:)` at a later one; nil when the view cannot tell (only a
    /// daemon's live index can).
    func rowMark() -> RowMark?
    /// For each position, the position in the state `mark` was taken at of the same note when its
    /// list row is the same bytes in any one layout (fields and tag names unchanged), else -1; nil
    /// when this is not a later state of the same index.
    func rowSources(since mark: RowMark) -> [Int]?
    /// `order`, every note of the state `mark` was taken at in list order, brought to this state
    /// (the same as `listOrder` of every position); nil when it cannot be (not a later state of
    /// the same index, or so much changed that sorting again is cheaper).
    func listOrder(carrying order: [Int], since mark: RowMark) -> [Int]?
    /// The positions in `tags` of the summaries that changed since the state `mark` was taken at,
    /// every other summary being the same as then and in the same place; nil when that cannot be
    /// told (summaries came, went or were renamed since, or `mark` is not of this index).
    func changedTagPositions(since mark: RowMark) -> [Int]?
}

extension NoteCollection {
    /// No history.
    public func changedTagPositions(since mark: RowMark) -> [Int]? { nil }

    /// No lookup by name.
    public func positions(calledBy key: String) -> [Int]? { nil }

    /// No history.
    public func rowMark() -> RowMark? { nil }

    /// No history.
    public func rowSources(since mark: RowMark) -> [Int]? { nil }

    /// No history.
    public func listOrder(carrying order: [Int], since mark: RowMark) -> [Int]? { nil }

    /// From the whole note.
    public func withRowFields<R>(at position: Int, _ body: (NoteRowFields) -> R) -> R {
        withRowFields(of: note(atPosition: position), body)
    }

    /// `withRowFields(at:)` for each position.
    public func forEachRowFields(at positions: ArraySlice<Int>, _ body: (NoteRowFields) -> Void) {
        for position in positions { withRowFields(at: position, body) }
    }

    /// Each `path(at:)`.
    public func forEachPath(at positions: ArraySlice<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
        for position in positions {
            var path = path(at: position)
            path.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Calls `body` with what a list row shows of `note`, its tags by their display names.
    public func withRowFields<R>(of note: Note, _ body: (NoteRowFields) -> R) -> R {
        NoteRowFields.with(note, name: { displayName(of: $1) ?? $0 }, body)
    }

    /// Each position by `mayContainText`.
    public func positions(mayContainText trigrams: [UInt32], among positions: [Int]) -> [Int] {
        positions.filter { mayContainText(trigrams, at: $0) }
    }

    /// How many notes are pinned, without building a note.
    public var pinnedCount: Int { (0..<noteCount).reduce(0) { $0 + (isPinned(at: $1) ? 1 : 0) } }

    /// By each note's folder.
    public func positions(inFolder folder: String, recursive: Bool) -> [Int] {
        // Every note is inside the root: no folder is read (`ls -r` lists them all).
        if folder.isEmpty && recursive { return Array(0..<noteCount) }
        return (0..<noteCount).filter { position in
            let noteFolder = self.folder(at: position)
            return PathKey.sameBytes(noteFolder, folder) || (recursive && PathKey.isSelfOrInside(noteFolder, folder: folder))
        }
    }

    /// From the positions, so both views share one rule.
    public func notes(inFolder folder: String, recursive: Bool) -> [Note] {
        notesInListOrder(positions(inFolder: folder, recursive: recursive), limit: nil)
    }

    /// How many notes are at the root (Unsorted Notes), from the folder tree.
    public var unsortedCount: Int { folderTree.direct }

    /// By sorting the positions' keys, then building the notes returned.
    public func notesInListOrder(_ positions: [Int], limit: Int?) -> [Note] {
        listOrder(positions, limit: limit).map { note(atPosition: $0) }
    }

    /// `positions` in list order, at most `limit`.
    public func listOrder(_ positions: [Int], limit: Int? = nil) -> [Int] {
        Ordering.listPositions(positions, limit: limit, pinned: isPinned(at:), modified: modified(at:))
    }
}
