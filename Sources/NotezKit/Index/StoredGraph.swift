/// The link graph as the index cache keeps it beside the stored resolutions (format 6): the edges
/// out of each note and into each note as offset and target arrays (`NoteGraph`'s own layout), and
/// the notes whose links are unknown. A graph term on a current cache copies these arrays instead
/// of decoding every note's resolution list into edges and sorting them (docs/performance.md,
/// "The link graph in the cache").
///
/// Made from the resolution lists when the cache is written, so it is trusted exactly when they
/// are (`CachedIndex.trustsResolutions`). Read back only after every offset is checked to be in
/// bounds and ascending and every note number to be below the note count, ascending per note.
enum StoredGraph {
    /// The section for `lists` (each note's `StoredResolution` bytes) and `unread` (the numbers of
    /// the notes whose links are unknown, ascending); nil when a list does not decode (the graph
    /// is then made from the lists, or by a resolution pass, as before).
    static func encode(lists: [[UInt8]], unread: [Int]) -> (bytes: [UInt8], edgeCount: Int, unreadCount: Int)? {
        guard let edges = NoteGraph.edges(lists) else { return nil }
        let graph = NoteGraph(noteCount: lists.count, edges: edges)
        var out = ByteWriter()
        out.bytes.reserveCapacity((2 * (lists.count + 1) + 2 * graph.outgoing.count + unread.count) * 4)
        for array in [graph.outStart, graph.outgoing, graph.inStart, graph.incoming] {
            for value in array { out.u32(UInt32(bitPattern: value)) }
        }
        for number in unread { out.u32(UInt32(number)) }
        return (out.bytes, graph.outgoing.count, unread.count)
    }

    /// The graph stored in `image`, the unread notes named by `path`; nil when none is stored or
    /// it is malformed.
    static func read(_ image: CacheImage, path: (Int) -> String) -> NoteGraph? {
        guard let section = image.graph else { return nil }
        let count = image.noteCount
        var offset = section.offset
        func next(_ length: Int) -> [Int32] {
            defer { offset += length * 4 }
            return int32s(image.bytes, at: offset, count: length)
        }
        let outStart = next(count + 1)
        let outgoing = next(section.edgeCount)
        let inStart = next(count + 1)
        let incoming = next(section.edgeCount)
        let unread = next(section.unreadCount)
        guard validRows(outStart, outgoing, noteCount: count), validRows(inStart, incoming, noteCount: count),
            ascending(unread[...], below: count)
        else { return nil }
        return NoteGraph(
            noteCount: count, outStart: outStart, outgoing: outgoing, inStart: inStart, incoming: incoming,
            unread: unread.map { path(Int($0)) })
    }

    /// `count` little-endian u32 values at `offset`, as `Int32` bit patterns.
    static func int32s(_ bytes: UnsafeRawBufferPointer, at offset: Int, count: Int) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count {
                buffer[index] = Int32(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + index * 4, as: UInt32.self)))
            }
            initialized = count
        }
    }

    /// Offsets from 0 to `values.count`, never decreasing, and each row's values ascending note numbers.
    static func validRows(_ start: [Int32], _ values: [Int32], noteCount: Int) -> Bool {
        guard start.count == noteCount + 1, start.first == 0, start.last.map(Int.init) == values.count else { return false }
        for row in 0..<noteCount {
            let (from, to) = (Int(start[row]), Int(start[row + 1]))
            guard from <= to, to <= values.count, ascending(values[from..<to], below: noteCount) else { return false }
        }
        return true
    }

    /// Strictly ascending, each at least 0 and below `limit`.
    static func ascending(_ values: ArraySlice<Int32>, below limit: Int) -> Bool {
        var previous: Int32 = -1
        for value in values {
            guard value > previous, Int(value) < limit else { return false }
            previous = value
        }
        return true
    }
}
