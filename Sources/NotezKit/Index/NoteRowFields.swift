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

    /// Calls `body` with the fields of `note`, its tags named by `displayName`.
    static func with<Result>(_ note: Note, displayName: (TagKey) -> String?, _ body: (NoteRowFields) -> Result) -> Result {
        let (tags, keys) = (note.tags, note.tagKeys)
        // The names' bytes end to end in one array, each name a range of it.
        var names: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(tags.count)
        for (tag, key) in zip(tags, keys) {
            names.append(contentsOf: (displayName(key) ?? tag).utf8)
            ends.append(names.count)
        }
        var (title, folder, snippet) = (note.title, note.folder, note.snippet)
        return names.withUnsafeBytes { bytes in
            withUnsafeTemporaryAllocation(of: UnsafeRawBufferPointer.self, capacity: ends.count) { slots in
                var start = 0
                for (number, end) in ends.enumerated() {
                    slots.initializeElement(at: number, to: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
                return title.withUTF8 { title in
                    folder.withUTF8 { folder in
                        snippet.withUTF8 { snippet in
                            body(
                                NoteRowFields(
                                    pinned: note.pinned, modified: note.modified, title: UnsafeRawBufferPointer(title),
                                    folder: UnsafeRawBufferPointer(folder), snippet: UnsafeRawBufferPointer(snippet),
                                    tagNames: UnsafeBufferPointer(rebasing: slots[0..<ends.count])))
                        }
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
