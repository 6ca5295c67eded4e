/// Sorting texts by their bytes where that is their String order.
enum StringOrder {
    /// The positions of `texts` in String order (the order every list of notes uses, and the tag
    /// list's): sorted by their bytes, which is the same order when they are NFC (almost always)
    /// and far cheaper, then checked pair by pair, and sorted as Strings only when the check fails.
    /// Equal texts keep their positions' order.
    static func positions(of texts: [String]) -> [Int] {
        let (order, allASCII) = byteOrder(of: texts)
        // ASCII texts compare as Strings exactly as by their bytes.
        if allASCII { return order }
        // Each neighbour pair checked, a long list's in two halves on two cores: texts beyond ASCII
        // compare slowly as Strings (a first run's listing of 100,000 paths waited on one core).
        @Sendable func inOrder(_ pairs: Range<Int>) -> Bool { pairs.allSatisfy { !(texts[order[$0 + 1]] < texts[order[$0]]) } }
        let pairs = max(0, order.count - 1)
        let ordered = pairs < 8192 ? inOrder(0..<pairs) : Parallel.both({ inOrder(0..<pairs / 2) }, { inOrder(pairs / 2..<pairs) }) == (true, true)
        if ordered { return order }
        return texts.withUnsafeBufferPointer { all in Array(all.indices).sorted { all[$0] < all[$1] } }
    }

    /// The positions of `texts` in the order of their UTF-8 bytes (equal texts in their positions'
    /// order), and whether every text is ASCII.
    static func byteOrder(of texts: [String]) -> (order: [Int], allASCII: Bool) {
        var arena: [UInt8] = []
        arena.reserveCapacity(texts.reduce(0) { $0 + $1.utf8.count })
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(texts.count)
        for text in texts {
            var copy = text
            copy.withUTF8 { utf8 in
                spans.append((arena.count, utf8.count))
                arena.append(contentsOf: utf8)
            }
        }
        let (bytes, places) = (arena, spans)
        @Sendable func less(_ a: Int, _ b: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let (x, y) = (places[a], places[b])
            let raw = UnsafeRawBufferPointer(bytes)
            return PathKey.bytesPrecede(
                UnsafeRawBufferPointer(rebasing: raw[x.start..<x.start + x.count]), UnsafeRawBufferPointer(rebasing: raw[y.start..<y.start + y.count]))
        }
        @Sendable func sorted(_ positions: Range<Int>) -> [Int] {
            bytes.withUnsafeBufferPointer { bytes in Array(positions).sorted { less($0, $1, in: bytes) } }
        }
        // A long list's two halves sorted on two cores, then merged (a tie keeps the first half's first, as one stable sort).
        let order: [Int]
        if texts.count < 8192 {
            order = sorted(texts.indices)
        } else {
            let (low, high) = Parallel.both({ sorted(0..<texts.count / 2) }, { sorted(texts.count / 2..<texts.count) })
            var merged: [Int] = []
            merged.reserveCapacity(texts.count)
            bytes.withUnsafeBufferPointer { bytes in
                var (i, j) = (0, 0)
                while i < low.count && j < high.count {
                    if less(high[j], low[i], in: bytes) {
                        merged.append(high[j])
                        j += 1
                    } else {
                        merged.append(low[i])
                        i += 1
                    }
                }
                merged += low[i...]
                merged += high[j...]
            }
            order = merged
        }
        return (order, ASCIIBytes.only(arena[...]))
    }
}
