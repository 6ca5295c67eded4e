/// A lookup from folded names to note positions, kept compact for a daemon that holds it for
/// 100,000 notes: one sorted array of 64-bit entries, a 32-bit hash of the name above the note's
/// position (8 bytes per name of a note, instead of a dictionary of strings with an array per name).
/// Names compare by their bytes, as the cache's link key table does: folding made them NFC.
///
/// Two names may share a hash, so a lookup may give a few positions too many, never too few:
/// every use reads it as candidates (backlinks check each link's keys; a resolver given an extra
/// note resolves nothing to it that does not name it; a rewrite reads an extra note and leaves it).
struct LinkLookup: Sendable, Equatable {
    /// `hash << 32 | position`, ascending, each once.
    private(set) var entries: [UInt64]

    /// The lookup of the keys `keys` gives for each of `positions`.
    init(_ positions: Range<Int>, keys: (Int) -> [String]) {
        var entries: [UInt64] = []
        for position in positions {
            for key in keys(position) { entries.append(LinkLookup.entry(key, position)) }
        }
        entries.sort()
        LinkLookup.dedupe(&entries)
        self.entries = entries
    }

    /// The lookup of one key per position, `key(position)` for each of `0..<count`, hashed on all cores.
    init(count: Int, key: @Sendable (Int) -> String) {
        var entries = Parallel.map(count, minimumChunk: 2048) { LinkLookup.entry(key($0), $0) }
        entries.sort()
        LinkLookup.dedupe(&entries)
        self.entries = entries
    }

    /// The positions filed under `key`, ascending.
    func positions(of key: String) -> [Int] {
        let hash = UInt64(LinkLookup.hash(key))
        var at = LinkLookup.firstIndex(notBefore: hash << 32, in: entries)
        var found: [Int] = []
        while at < entries.count, entries[at] >> 32 == hash {
            found.append(Int(entries[at] & 0xFFFF_FFFF))
            at += 1
        }
        return found
    }

    /// Brought up to date by an index change: every entry of the leaving positions out, every
    /// position moved by `remap` (which keeps order; -1 for a note that left), the `new` keys of
    /// the arriving positions in. In place: one pass over the entries, then a merge from the end.
    mutating func carry(leaving: [Int], remap: [Int]?, arriving: [Int], new: (Int) -> [String]) {
        // A position's entries all come from its note: the leaving ones go by position, tested in
        // a bitmap rather than by hashing each of the 100,000s of entries into a set.
        var isLeaving = [Bool](repeating: false, count: (leaving.max() ?? -1) + 1)
        for position in leaving { isLeaving[position] = true }
        var write = 0
        for read in entries.indices {
            var entry = entries[read]
            let position = Int(entry & 0xFFFF_FFFF)
            if position < isLeaving.count && isLeaving[position] { continue }
            if let remap {
                let moved = remap[position]
                // A note that left has nothing left to file.
                if moved < 0 { continue }
                entry = entry & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(truncatingIfNeeded: moved))
            }
            entries[write] = entry
            write += 1
        }
        entries.removeLast(entries.count - write)
        var added: [UInt64] = []
        for position in arriving {
            for key in new(position) { added.append(LinkLookup.entry(key, position)) }
        }
        guard !added.isEmpty else { return }
        added.sort()
        var (from, next) = (entries.count - 1, added.count - 1)
        entries.append(contentsOf: repeatElement(0, count: added.count))
        var to = entries.count - 1
        while next >= 0 {
            if from >= 0, entries[from] > added[next] {
                entries[to] = entries[from]
                from -= 1
            } else {
                entries[to] = added[next]
                next -= 1
            }
            to -= 1
        }
        LinkLookup.dedupe(&entries)
    }

    private static func entry(_ key: String, _ position: Int) -> UInt64 {
        UInt64(hash(key)) << 32 | UInt64(UInt32(truncatingIfNeeded: position))
    }

    /// FNV-1a of the name's UTF-8 bytes: the same in every process and run.
    static func hash(_ key: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in key.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    private static func firstIndex(notBefore value: UInt64, in entries: [UInt64]) -> Int {
        var (low, high) = (0, entries.count)
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Removes repeats from sorted `entries`, in place.
    private static func dedupe(_ entries: inout [UInt64]) {
        var write = 0
        for read in entries.indices where read == 0 || entries[read] != entries[write - 1] {
            entries[write] = entries[read]
            write += 1
        }
        entries.removeLast(entries.count - write)
    }
}
