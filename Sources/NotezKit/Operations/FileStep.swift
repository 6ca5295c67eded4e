/// One step of a plan: a single change to one file or folder, idempotent when re-applied.
///
/// Steps are journaled as JSON before anything is touched, so each carries what it needs to be
/// rolled forward after a crash (hashes before and after, the edit list, the new contents) and to
/// be inverted for undo (`inverse`).
public struct FileStep: Sendable, Equatable, Codable {
    /// The kinds of step.
    public enum Kind: String, Sendable, Codable {
        /// Edit a note's front matter: new bytes = `NoteEditor.apply(edits, old bytes)`.
        case edit
        /// Write a whole file (a new note, a `.notez/` state file).
        case write
        /// Rename a file or folder to `to`; never replaces.
        case move
        /// Create a folder.
        case createFolder
        /// Remove a folder that is empty.
        case removeFolder
        /// Delete a file (inside `.notez/trash/` for permanent deletion; a copy of `notez attach` on undo).
        case delete
        /// Copy the file `source` (an absolute path, possibly outside the vault, only read) to
        /// `path`, which must not exist; `before` is the source's size and hash (`notez attach`).
        case copy
    }

    /// What this step does.
    public var kind: Kind
    /// The vault-relative path it changes (the source of a move).
    public var path: String
    /// The target of a move.
    public var to: String?
    /// The version planned from: for edits the file's fingerprint; for writes and deletes the hash
    /// of the old content (nil for a write that creates a file).
    public var before: FileFingerprint?
    /// The content hash after the step (edits and writes).
    var afterHash: String?
    /// The front matter edits of an `edit` step.
    public var edits: [FrontMatterEdit]?
    /// The edits that undo `edits` on the resulting file.
    var inverse: [FrontMatterEdit]?
    /// The new contents of a `write` step; for the edit step of `notez edit`, the whole file after it.
    public var contents: String?
    /// The old contents of a `write` step that replaces a file, or of a `delete` step that keeps it
    /// (for undo); for the edit step of `notez edit`, the whole file before the editor ran.
    public var previousContents: String?
    /// The exact front matter text before and after an `edit` step: applied instead of `edits`
    /// when the file's front matter is still exactly `before` (byte-identical undo), see `FrontMatterChange`.
    public var frontMatter: FrontMatterChange?
    /// The whole file before and after an `edit` step that changed the body (inline tags): applied
    /// instead of `edits` when the file is still exactly `before` (byte-identical undo).
    var wholeFile: WholeFileChange?
    /// The new contents of a `write` step as base64, for files that are not UTF-8 text (an
    /// imported note with other bytes); used instead of `contents` when set.
    var contentsBase64: String?
    /// The file a `copy` step reads (absolute); on the `delete` that undoes a copy, where to copy it
    /// from again when that undo is undone.
    public var source: String?

    /// Creates a step; prefer the static constructors.
    public init(
        kind: Kind, path: String, to: String? = nil, before: FileFingerprint? = nil, afterHash: String? = nil,
        edits: [FrontMatterEdit]? = nil, inverse: [FrontMatterEdit]? = nil,
        contents: String? = nil, previousContents: String? = nil, frontMatter: FrontMatterChange? = nil
    ) {
        self.kind = kind
        self.path = path
        self.to = to
        self.before = before
        self.afterHash = afterHash
        self.edits = edits
        self.inverse = inverse
        self.contents = contents
        self.previousContents = previousContents
        self.frontMatter = frontMatter
    }

    /// A front matter edit of the file at `path`, planned from `before` to bytes hashing to `afterHash`.
    public static func edit(
        _ path: String, before: FileFingerprint, afterHash: String,
        edits: [FrontMatterEdit], inverse: [FrontMatterEdit], frontMatter: FrontMatterChange? = nil
    ) -> FileStep {
        FileStep(
            kind: .edit, path: path, before: before, afterHash: afterHash, edits: edits, inverse: inverse,
            frontMatter: frontMatter)
    }

    /// The bytes an `edit` step turns `bytes` into: the journaled front matter text when the file's
    /// front matter is still exactly the one planned from (no editor run, exact bytes), else the
    /// edits applied by the surgical editor to the file as it is now.
    /// Whether the step can still be made on a file whose text changed since the plan: a body change
    /// known only as whole texts (rewritten links, a restored body) cannot, unless it is an inline
    /// tag edit, which `NoteEditor` makes again on the new text.
    func canReplay(on bytes: [UInt8]) -> Bool {
        guard let wholeFile, wholeFile.apply(to: bytes) == nil else { return true }
        return (edits ?? []).contains { edit in
            switch edit {
            case .replaceInlineTag, .removeInlineTags: return true
            default: return false
            }
        }
    }

    /// Why a step that cannot be replayed leaves the file as it is.
    static let notReplayed = "changed since notez read it; the change was kept and this file left as it is (its body change, such as a rewritten link, was not made): run the command again"

    func editResult(of bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        if let wholeFile, let exact = wholeFile.apply(to: bytes) { return exact }
        if let frontMatter, let exact = frontMatter.apply(to: bytes) { return exact }
        return try NoteEditor.apply(edits ?? [], to: bytes)
    }

    /// Writes `contents` to `path`; `previous` is the file's current text (nil: the file must not exist).
    public static func write(_ path: String, contents: String, previous: String?) -> FileStep {
        FileStep(
            kind: .write, path: path,
            before: previous.map { FileFingerprint(size: Int64($0.utf8.count), mtimeNanos: 0, hash: ContentHash.of($0)) },
            afterHash: ContentHash.of(contents), contents: contents, previousContents: previous)
    }

    /// Creates the file `path` (which must not exist) with exactly `bytes`: as text when they are
    /// UTF-8, else as base64 in the journal.
    public static func create(_ path: String, bytes: [UInt8]) -> FileStep {
        if let text = String(validating: bytes, as: UTF8.self) { return .write(path, contents: text, previous: nil) }
        var step = FileStep(kind: .write, path: path, afterHash: ContentHash.of(bytes))
        step.contentsBase64 = Base64.encode(bytes)
        return step
    }

    /// The bytes a `write` step writes.
    var writtenBytes: [UInt8] {
        if let contentsBase64, let bytes = Base64.decode(contentsBase64) { return bytes }
        return Array((contents ?? "").utf8)
    }

    /// Copies the file `source` (absolute) holding `bytes` to the new file `path`; the bytes are
    /// not journaled (an attachment may be large), only their size and hash.
    public static func copy(_ path: String, source: String, bytes: [UInt8]) -> FileStep {
        copy(path, source: source, hash: ContentHash.of(bytes), size: Int64(bytes.count))
    }

    static func copy(_ path: String, source: String, hash: String, size: Int64) -> FileStep {
        var step = FileStep(kind: .copy, path: path, before: FileFingerprint(size: size, mtimeNanos: 0, hash: hash), afterHash: hash)
        step.source = source
        return step
    }

    /// Renames `path` to `to`.
    public static func move(_ path: String, to target: String) -> FileStep {
        FileStep(kind: .move, path: path, to: target)
    }

    /// Creates the folder `path`.
    public static func createFolder(_ path: String) -> FileStep {
        FileStep(kind: .createFolder, path: path)
    }

    /// Removes the folder `path` when it is empty.
    public static func removeFolder(_ path: String) -> FileStep {
        FileStep(kind: .removeFolder, path: path)
    }

    /// Deletes the file `path` if it still has content hash `hash`; with its text in `contents`
    /// (small state files such as a trash item's info) the deletion can be undone.
    public static func delete(_ path: String, hash: String, size: Int64, contents: String? = nil) -> FileStep {
        FileStep(
            kind: .delete, path: path, before: FileFingerprint(size: size, mtimeNanos: 0, hash: hash), previousContents: contents)
    }

    /// The step that undoes this one, or nil when it cannot be undone (a permanent delete of a note).
    ///
    /// The inverse of an edit carries no fingerprint: an undo plan re-reads the file (see `PlanBuilder.rebase`).
    var inverted: FileStep? {
        switch kind {
        case .edit:
            guard let inverse else { return nil }
            var step = FileStep(kind: .edit, path: path, edits: inverse, inverse: edits, frontMatter: frontMatter?.swapped)
            step.wholeFile = wholeFile?.swapped
            return step
        case .write:
            if contentsBase64 != nil, previousContents == nil {
                let bytes = writtenBytes
                return .delete(path, hash: ContentHash.of(bytes), size: Int64(bytes.count))
            }
            guard let contents else { return nil }
            if let previousContents { return .write(path, contents: previousContents, previous: contents) }
            return .delete(path, hash: ContentHash.of(contents), size: Int64(contents.utf8.count))
        case .move:
            return to.map { FileStep.move($0, to: path) }
        case .createFolder:
            return .removeFolder(path)
        case .removeFolder:
            return .createFolder(path)
        case .delete:
            if let source, let before { return .copy(path, source: source, hash: before.hash, size: before.size) }
            return previousContents.map { FileStep.write(path, contents: $0, previous: nil) }
        case .copy:
            guard let before else { return nil }
            var step = FileStep.delete(path, hash: before.hash, size: before.size)
            step.source = source
            return step
        }
    }

    /// True for steps that change a file (as opposed to a folder), for "N files" messages.
    public var touchesFile: Bool {
        kind != .createFolder && kind != .removeFolder
    }
}
