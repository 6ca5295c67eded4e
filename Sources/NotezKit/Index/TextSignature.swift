import CPrefetch

/// A Bloom filter of the three-byte sequences (trigrams) of a note's folded title and body, kept
/// in the index cache so a full-text search reads only the notes that may contain its words: a
/// note whose signature lacks one of a word's trigrams cannot contain the word. A false positive
/// is read and checked like any candidate; there are no false negatives.
///
/// Two bits per byte of text, rounded up to a power of two (64 bits at least, 64 KiB at most), two
/// bit positions per trigram: for a typical note a trigram that is absent still tests present
/// about a tenth of the time, so a word of four trigrams passes about one in 10,000 of the notes
/// that lack it. (Format 6 kept one bit per byte: a third, about 1%, and at 100,000 notes the
/// ~1,000 false positives of `quokka` were half of the files a search opened.) An empty signature
/// means unknown (a note too large to read whole): always a candidate.
///
/// Blocked (format 8): in a signature over `blockBits`, both positions of a trigram fall in one
/// block of 512 bits (64 bytes, a cache line's size), so testing a trigram costs one memory miss,
/// not two; a search tests every note's signature, and those misses were most of its time.
enum TextSignature {
    static let minimumBits = 64
    static let maximumBits = 1 << 19
    /// Bits per byte of folded text before rounding up.
    static let bitsPerByte = 2

    /// The signature of a note read for the index; empty (unknown) when the file was not read whole.
    static func of(_ note: Note, contents: NoteReader.Contents?) -> [UInt8] {
        guard let contents, contents.isComplete, contents.bytes.count <= NoteReader.maxNoteSize else { return [] }
        return make(title: note.title, body: contents.bytes[FrontMatterBlock.bodyStart(contents.bytes)...])
    }

    /// The signature of a note's title and body, folded as the full-text search folds them.
    static func make(title: String, body: ArraySlice<UInt8>) -> [UInt8] {
        let foldedTitle = TextFold.fold(Array(title.utf8)[...])
        let foldedBody = TextFold.fold(body)
        let length = foldedTitle.count + 1 + foldedBody.count
        var bits = minimumBits
        while bits < bitsPerByte * length, bits < maximumBits { bits <<= 1 }
        var signature = [UInt8](repeating: 0, count: bits / 8)
        let logBits = UInt32(bits.trailingZeroBitCount)
        signature.withUnsafeMutableBufferPointer { out in
            for text in [foldedTitle, foldedBody] where text.count >= 3 {
                text.withUnsafeBufferPointer { bytes in
                    var trigram = UInt32(bytes[0]) << 8 | UInt32(bytes[1])
                    for index in 2..<bytes.count {
                        trigram = (trigram << 8 | UInt32(bytes[index])) & 0xFF_FFFF
                        let (first, second) = positions(trigram, logBits: logBits)
                        out[Int(first >> 3)] |= 1 << (first & 7)
                        out[Int(second >> 3)] |= 1 << (second & 7)
                    }
                }
            }
        }
        return signature
    }

    /// The trigrams of a folded needle; nil when it is shorter than three bytes (no filter).
    static func trigrams(_ needle: [UInt8]) -> [UInt32]? {
        guard needle.count >= 3 else { return nil }
        return (2..<needle.count).map { UInt32(needle[$0 - 2]) << 16 | UInt32(needle[$0 - 1]) << 8 | UInt32(needle[$0]) }
    }

    /// Whether a note with this signature may contain every one of `trigrams`.
    ///
    /// Trigrams are tested two at a time with all four bits loaded before the one branch: the
    /// loads are independent, so their misses overlap instead of waiting one after the other
    /// (and a branch taken at random, as the first bit's test is, no longer discards them).
    static func mayContain(_ signature: UnsafeRawBufferPointer, _ trigrams: [UInt32]) -> Bool {
        trigrams.withUnsafeBufferPointer { mayContain(signature, $0) }
    }

    /// `mayContain`, the trigrams in a buffer: a pass over many notes takes it once, where each
    /// call with the array retained and released it.
    static func mayContain(_ signature: UnsafeRawBufferPointer, _ list: UnsafeBufferPointer<UInt32>) -> Bool {
        let bits = signature.count * 8
        guard bits >= minimumBits, bits.nonzeroBitCount == 1, let base = signature.baseAddress else { return true }
        let logBits = UInt32(bits.trailingZeroBitCount)
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func bit(_ position: UInt32) -> UInt8 { bytes[Int(position >> 3)] >> (position & 7) }
        var index = 0
        while index + 1 < list.count {
            let (a, b) = positions(list[index], logBits: logBits)
            let (c, d) = positions(list[index + 1], logBits: logBits)
            if bit(a) & bit(b) & bit(c) & bit(d) & 1 == 0 { return false }
            index += 2
        }
        if index < list.count {
            let (a, b) = positions(list[index], logBits: logBits)
            if bit(a) & bit(b) & 1 == 0 { return false }
        }
        return true
    }

    /// Asks the CPU for the bytes `mayContain` loads first (both positions of the first two
    /// trigrams), so that a pass over many notes can fetch a later note's while it tests this one
    /// (the first load of each note's signature, a miss, was four fifths of the test's time).
    /// A hint: reads nothing and never faults.
    static func prefetch(_ signature: UnsafeRawBufferPointer, _ trigrams: UnsafeBufferPointer<UInt32>) {
        guard let base = signature.baseAddress else { return }
        forEachFirstByte(count: signature.count, trigrams) { notez_prefetch(base + $0) }
    }

    /// The offsets in a signature of `count` bytes of the bytes `mayContain` loads first: both
    /// positions of each of the first two trigrams; none for a signature it does not read.
    @inline(__always)
    static func forEachFirstByte(count: Int, _ trigrams: UnsafeBufferPointer<UInt32>, _ body: (Int) -> Void) {
        let bits = count * 8
        guard bits >= minimumBits, bits.nonzeroBitCount == 1 else { return }
        let logBits = UInt32(bits.trailingZeroBitCount)
        for index in 0..<min(2, trigrams.count) {
            let (a, b) = positions(trigrams[index], logBits: logBits)
            body(Int(a >> 3))
            body(Int(b >> 3))
        }
    }

    /// Bits of a block: both positions of a trigram fall in one (see the type's comment).
    static let blockBits = 512

    /// Two bit positions from two multiplicative hashes' top bits, in a signature of `1 << logBits`
    /// bits. Up to `blockBits` the positions are the hashes' top bits; above, the first hash's top
    /// bits choose the block and the next nine bits of it and the top nine of the second hash the
    /// two positions in it.
    @inline(__always)
    static func positions(_ trigram: UInt32, logBits: UInt32) -> (UInt32, UInt32) {
        let first = trigram &* 0x9E37_79B1
        let second = (trigram ^ 0x5BD1_E995) &* 0x85EB_CA77
        guard logBits > 9 else { return (first >> (32 - logBits), second >> (32 - logBits)) }
        let blockShift = logBits - 9
        let block = (first >> (32 - blockShift)) << 9
        return (block | (first << blockShift) >> 23, block | second >> 23)
    }
}
