#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cache's tag table by key bytes: a hash table of tag numbers, so a row finds its tags'
/// names with one hash and one compare instead of a binary search of every key (13% of a cold
/// `ls -r` in `perf`, most of it `memcmp` on keys spread over the mapping). Open addressing,
/// linear probing, at most half full; `Hasher` is seeded per process, so tag names written into
/// a vault cannot be chosen to collide.
struct TagKeyTable: Sendable {
    /// Tag number + 1 per slot, 0 for an empty slot; a power of two long.
    private let slots: [Int32]

    /// The table of `image`'s tags; of tags with the same key bytes the first is kept, as a binary
    /// search for the first key not before them finds it.
    init(_ image: CacheImage) {
        var capacity = 16
        while capacity < image.tagCount * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for tag in 0..<image.tagCount {
            let key = image.tagKeyBytes(tag)
            var at = TagKeyTable.hash(key) & mask
            while slots[at] != 0 {
                if TagKeyTable.sameBytes(image.tagKeyBytes(Int(slots[at]) - 1), key) { break }
                at = (at + 1) & mask
            }
            if slots[at] == 0 { slots[at] = Int32(tag + 1) }
        }
        self.slots = slots
    }

    /// The number of the tag whose key is `key`'s bytes, nil when none is.
    func tag(_ key: UnsafeRawBufferPointer, in image: CacheImage) -> Int? {
        let mask = slots.count - 1
        var at = TagKeyTable.hash(key) & mask
        while true {
            let entry = slots[at]
            if entry == 0 { return nil }
            if TagKeyTable.sameBytes(image.tagKeyBytes(Int(entry) - 1), key) { return Int(entry) - 1 }
            at = (at + 1) & mask
        }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}
