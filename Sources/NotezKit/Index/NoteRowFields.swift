/// What a list row shows of one note (`notez ls`, `search`), as UTF-8 bytes borrowed from the
/// view for the length of one call (`NoteCollection.withRowFields`): a listing of every note of a
/// cached vault lays out its rows from the cache's bytes without building a `Note` for each.
/// Every byte range is valid UTF-8.
public struct NoteRowFields {
    /// Whether the note is pinned.
    public let pinned: Bool
    /// The modification time, in seconds since 1970.
    public let modified: Double
    /// The title.
    public let title: UnsafeRawBufferPointer
    /// The folder (empty for Unsorted Notes).
    public let folder: UnsafeRawBufferPointer
    /// The snippet (empty when the note has none).
    public let snippet: UnsafeRawBufferPointer
    /// The tags' display names (`NoteCollection.displayName(of:)`, else the note's spelling), in the note's order.
    public let tagNames: UnsafeBufferPointer<UnsafeRawBufferPointer>

    /// Calls `body` with the fields of `note`, each tag (spelling, key) named by `name`. The
    /// names' bytes are copied end to end into memory on the stack: no allocation per row.
    static func with<R>(_ note: Note, name: (String, TagKey) -> String, _ body: (NoteRowFields) -> R) -> R {
        let (tags, keys) = (note.tags, note.tagKeys)
        let count = min(tags.count, keys.count)
        return withUnsafeTemporaryAllocation(of: String.self, capacity: count) { names in
            var total = 0
            for number in 0..<count {
                let text = name(tags[number], keys[number])
                total += text.utf8.count
                names.initializeElement(at: number, to: text)
            }
            defer { _ = UnsafeMutableBufferPointer(rebasing: names[0..<count]).deinitialize() }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total) { bytes in
                withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: count) { slots in
                    var start = 0
                    for number in 0..<count {
                        var text = names[number]
                        let length = text.withUTF8 { utf8 in
                            _ = UnsafeMutableBufferPointer(rebasing: bytes[start...]).initialize(from: utf8)
                            return utf8.count
                        }
                        slots.initializeElement(at: number, to: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<start + length])))
                        start += length
                    }
                    var (title, folder, snippet) = (note.title, note.folder, note.snippet)
                    return title.withUTF8 { title in
                        folder.withUTF8 { folder in
                            snippet.withUTF8 { snippet in
                                body(
                                    NoteRowFields(
                                        pinned: note.pinned, modified: note.modified, title: UnsafeRawBufferPointer(title),
                                        folder: UnsafeRawBufferPointer(folder), snippet: UnsafeRawBufferPointer(snippet),
                                        tagNames: UnsafeBufferPointer(rebasing: slots[0..<count])))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Lends the row fields of one note after another, reusing its memory: a run of rows (a
    /// worker's chunk of `ls -r`) allocates nothing per row, and nothing shared by the workers
    /// (an index's storage, its tag tables) is retained per row.
    struct Lender {
        /// The tag names of the row being lent, end to end, and where each ends.
        private var bytes: [UInt8] = []
        private var ends: [Int] = []
        private var slots: [UnsafeRawBufferPointer] = []

        /// Calls `body` with the fields of `note`, each tag (spelling, key) named by `name`.
        mutating func lend(_ note: Note, name: (String, TagKey) -> String, _ body: (NoteRowFields) -> Void) {
            // Taken out of `self` for the call, so the closures below own them.
            var (bytes, ends, slots): ([UInt8], [Int], [UnsafeRawBufferPointer]) = ([], [], [])
            swap(&bytes, &self.bytes)
            swap(&ends, &self.ends)
            swap(&slots, &self.slots)
            defer {
                swap(&bytes, &self.bytes)
                swap(&ends, &self.ends)
                swap(&slots, &self.slots)
            }
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            slots.removeAll(keepingCapacity: true)
            note.withRowStrings { title, folder, snippet, tags, keys in
                for number in 0..<min(tags.count, keys.count) {
                    var text = name(tags[number], keys[number])
                    text.withUTF8 { bytes.append(contentsOf: $0) }
                    ends.append(bytes.count)
                }
                bytes.withUnsafeBytes { all in
                    var start = 0
                    for end in ends {
                        slots.append(UnsafeRawBufferPointer(rebasing: all[start..<end]))
                        start = end
                    }
                    slots.withUnsafeBufferPointer { tagNames in
                        body(
                            NoteRowFields(
                                pinned: note.pinned, modified: note.modified, title: title, folder: folder, snippet: snippet,
                                tagNames: tagNames))
                    }
                }
            }
        }
    }

    /// The fields, for a view that read them itself.
    init(
        pinned: Bool, modified: Double, title: UnsafeRawBufferPointer, folder: UnsafeRawBufferPointer, snippet: UnsafeRawBufferPointer,
        tagNames: UnsafeBufferPointer<UnsafeRawBufferPointer>
    ) {
        self.pinned = pinned
        self.modified = modified
        self.title = title
        self.folder = folder
        self.snippet = snippet
        self.tagNames = tagNames
    }
}
