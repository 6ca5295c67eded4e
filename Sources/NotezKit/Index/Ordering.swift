/// The orderings of section 2: names case-insensitively, notes pinned first then newest first.
public enum Ordering {
    /// Case-insensitive, locale-independent name order, ties broken by the exact text.
    public static func nameLess(_ lhs: String, _ rhs: String) -> Bool {
        if let less = asciiNameLess(lhs, rhs) { return less }
        let a = sortKey(lhs)
        let b = sortKey(rhs)
        return a != b ? a < b : lhs < rhs
    }

    /// `nameLess` decided on ASCII bytes without lower-cased copies, read in step; nil when a
    /// non-ASCII byte comes first or right after the deciding one (a combining mark there would
    /// change the character compared).
    private static func asciiNameLess(_ lhs: String, _ rhs: String) -> Bool? {
        var (left, right) = (lhs, rhs)
        return left.withUTF8 { a in
            right.withUTF8 { b -> Bool? in
                var exact: Bool?
                for at in 0..<min(a.count, b.count) {
                    let (x, y) = (a[at], b[at])
                    if (x | y) >= 0x80 { return nil }
                    if x == y { continue }
                    if ASCIIBytes.lowercased(x) != ASCIIBytes.lowercased(y) {
                        if (at + 1 < a.count && a[at + 1] >= 0x80) || (at + 1 < b.count && b[at + 1] >= 0x80) { return nil }
                        return ASCIIBytes.lowercased(x) < ASCIIBytes.lowercased(y)
                    }
                    if exact == nil { exact = x < y }
                }
                // One is a prefix of the other, case aside: no character that follows an ASCII one
                // composes with it into something before it.
                return a.count != b.count ? a.count < b.count : exact ?? false
            }
        }
    }

    /// The key of `nameLess`, for sorting many names with one lower-casing each.
    static func sortKey(_ name: String) -> String {
        // Most names are lower-case ASCII already: they are their own key and keep their storage.
        name.utf8.allSatisfy({ $0 < 0x80 && $0 &- UInt8(ascii: "A") >= 26 }) ? name : name.lowercased()
    }

    /// Pinned first, then most recently modified first, then by path.
    public static func noteLess(_ lhs: Note, _ rhs: Note) -> Bool {
        listLess((lhs.pinned, lhs.modified), (rhs.pinned, rhs.modified)) { lhs.path < rhs.path }
    }

    /// The rule of `noteLess` on its keys; `pathLess` breaks ties, read only when needed.
    static func listLess(_ lhs: (pinned: Bool, modified: Double), _ rhs: (pinned: Bool, modified: Double), pathLess: () -> Bool) -> Bool {
        if lhs.pinned != rhs.pinned { return lhs.pinned }
        if lhs.modified != rhs.modified { return lhs.modified > rhs.modified }
        return pathLess()
    }

    /// `positions` in `listLess` order, ties by position (positions are in path order, so a tie
    /// goes by position, not by two paths made and compared as strings), at most `limit`. The
    /// pinned come first; each part is sorted on one integer made from `modified` and the position
    /// (a sort of 100,000 notes by a closure calling `listLess` was a tenth of a warm `ls -r`, on
    /// one core). A NaN time, which `listLess` orders by no rule an integer can copy, takes the
    /// comparison sort.
    static func listPositions(
        _ positions: [Int], limit: Int?, pinned: (Int) -> Bool, modified: (Int) -> Double
    ) -> [Int] {
        var (first, rest): ([KeyedPosition], [KeyedPosition]) = ([], [])
        rest.reserveCapacity(positions.count)
        var ascending = true
        var previous = Int.min
        for position in positions {
            let time = modified(position)
            if time.isNaN { return comparisonOrder(positions, limit: limit, pinned: pinned, modified: modified) }
            ascending = ascending && position > previous
            previous = position
            let entry = (descendingKey(time), position)
            if pinned(position) { first.append(entry) } else { rest.append(entry) }
        }
        sortByKey(&first, positionsAscending: ascending)
        sortByKey(&rest, positionsAscending: ascending)
        let count = min(limit ?? positions.count, positions.count)
        var ordered: [Int] = []
        ordered.reserveCapacity(count)
        for entry in first.prefix(count) { ordered.append(entry.position) }
        for entry in rest.prefix(count - ordered.count) { ordered.append(entry.position) }
        return ordered
    }

    /// A sort key and the position it was made for.
    typealias KeyedPosition = (key: UInt64, position: Int)

    /// From this many entries a sort by key goes by radix.
    static let radixMinimum = 256

    /// `entries` sorted by key, ties by position. Entries in ascending position order take a
    /// stable radix sort on the key, one pass per byte the keys do not all share: a comparison
    /// sort of 100,000 took 15 ms on one core, between the stat of every note and the rows of a
    /// cold `ls -r`.
    static func sortByKey(_ entries: inout [KeyedPosition], positionsAscending: Bool) {
        guard positionsAscending, entries.count >= radixMinimum else {
            return entries.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        }
        let count = entries.count
        // Plain buffers: a local function writing into captured arrays paid an exclusivity check
        // per entry.
        let histograms = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8 * 256)
        let scratch = UnsafeMutableBufferPointer<KeyedPosition>.allocate(capacity: count)
        defer {
            histograms.deallocate()
            scratch.deallocate()
        }
        histograms.initialize(repeating: 0)
        entries.withUnsafeMutableBufferPointer { main in
            for entry in main {
                for byte in 0..<8 { histograms[byte << 8 | Int(truncatingIfNeeded: entry.key >> UInt64(byte * 8)) & 0xFF] += 1 }
            }
            let sample = main[0].key
            var (from, to) = (main, scratch)
            for byte in 0..<8 {
                let shift = UInt64(byte * 8)
                let counts = UnsafeMutableBufferPointer(rebasing: histograms[byte << 8..<(byte + 1) << 8])
                // A byte every key shares moves nothing.
                if counts[Int(truncatingIfNeeded: sample >> shift) & 0xFF] == count { continue }
                // Each bucket's start, in place of its count.
                var sum = 0
                for value in 0..<256 { (counts[value], sum) = (sum, sum + counts[value]) }
                // The entries in their current order into their byte's bucket: stable.
                for entry in from {
                    let value = Int(truncatingIfNeeded: entry.key >> shift) & 0xFF
                    to[counts[value]] = entry
                    counts[value] += 1
                }
                (from, to) = (to, from)
            }
            if from.baseAddress != main.baseAddress { _ = main.update(fromContentsOf: from) }
        }
    }

    /// The members of `positions` (distinct) in the order they have in `order` (the list order of
    /// every note, from `listOrder` or `listOrder(carrying:since:)`), at most `limit`: one walk of
    /// `order` in place of a sort that reads each member's note; nil when a position is not in
    /// `order`'s range (another snapshot's).
    public static func members(_ positions: [Int], in order: [Int], limit: Int?) -> [Int]? {
        var member = [UInt64](repeating: 0, count: (order.count + 63) / 64)
        for position in positions {
            guard position >= 0 && position < order.count else { return nil }
            member[position >> 6] |= 1 << UInt64(position & 63)
        }
        let wanted = min(limit ?? positions.count, positions.count)
        var ordered: [Int] = []
        ordered.reserveCapacity(wanted)
        guard wanted > 0 else { return ordered }
        for position in order where member[position >> 6] & (1 << UInt64(position & 63)) != 0 {
            ordered.append(position)
            if ordered.count == wanted { break }
        }
        return ordered
    }

    /// `positions` sorted by `listLess`, ties by position.
    static func comparisonOrder(_ positions: [Int], limit: Int?, pinned: (Int) -> Bool, modified: (Int) -> Double) -> [Int] {
        // Sorted in place: a second array of 100,000 keys was most of what a daemon's `ls -r` held.
        var keys = positions.map { (position: $0, pinned: pinned($0), modified: modified($0)) }
        keys.sort { a, b in
            listLess((a.pinned, a.modified), (b.pinned, b.modified)) { a.position < b.position }
        }
        return keys.prefix(limit ?? keys.count).map(\.position)
    }

    /// An integer that sorts ascending as `time` sorts descending (`>`), equal exactly when the
    /// times are `==` (0 and -0 are one); not for NaN.
    static func descendingKey(_ time: Double) -> UInt64 {
        let bits = (time == 0 ? 0.0 : time).bitPattern
        let ascending = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return ~ascending
    }

    /// The notes at `positions` of `notes`, in `noteLess` order. Positions are sorted, not notes:
    /// moving a note retains and releases each of its strings, which dominated large searches.
    public static func listOrder(_ positions: [Int], in notes: [Note], limit: Int? = nil) -> [Note] {
        notes.withUnsafeBufferPointer { buffer in
            listPositions(positions, in: notes).prefix(limit ?? positions.count).map { buffer[$0] }
        }
    }

    /// `positions` of `notes`, sorted so that their notes are in `noteLess` order.
    static func listPositions(_ positions: [Int], in notes: [Note]) -> [Int] {
        notes.withUnsafeBufferPointer { buffer in positions.sorted { noteLess(buffer[$0], buffer[$1]) } }
    }

    /// `notes` sorted by path bytes' String order, moving each note once.
    static func pathOrder(_ notes: [Note]) -> [Note] {
        notes.withUnsafeBufferPointer { buffer in
            Array(buffer.indices).sorted { buffer[$0].path < buffer[$1].path }.map { buffer[$0] }
        }
    }
}
