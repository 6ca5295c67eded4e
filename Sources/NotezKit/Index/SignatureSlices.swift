#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index cache's text signatures turned on their side (bit-sliced) for a daemon's full-text
/// searches: for the notes whose signatures have the same size, one row of bits per bit position,
/// a bit per note. A word's test then reads the few rows its trigrams name (about 100 KB at
/// 100,000 notes), where testing each signature in turn read a line of every note (a cache miss
/// each) and mapped again most of the 72 MB of signatures the daemon gives back after a search.
///
/// Notes are sliced 64 at a time (one `UInt64` of a row), the last group of each size filled up
/// with empty signatures that no note has (the notes left over, tested alone, cost more than the
/// slices: page faults all over the section). Rows are laid out in tiles of up to 64 groups (512
/// KB at most, the buffer a build fills): a test reads from each tile one stretch of each row it
/// names.
///
/// The slices are as large as the signatures, too large for the daemon's memory budget: they are
/// written to an unnamed file (`O_TMPFILE`; where the file system has none, a file removed as soon
/// as it is made) in the user's cache folder, which the kernel drops when the daemon closes it or
/// dies. A test reads its rows with `pread`, so no page of them counts in the daemon's memory
/// (mapped, each row read also mapped the pages around it: 58 MB at once). Built from a cache
/// file, they hold exactly its signatures' bits: the test answers what `TextSignature.mayContain`
/// answers for each note.
final class SignatureSlices: @unchecked Sendable {
    /// For each record of the cache, its column in the slices, or `unsliced`.
    let columns: [UInt32]
    /// Words of the bit set a test returns (one bit per column).
    let wordCount: Int
    /// The unnamed file, open until the slices go.
    private let fd: Int32
    private let sizes: [Size]

    /// A record whose signature is tested alone.
    static let unsliced = UInt32.max
    /// The largest tile, in bytes: the buffer a build fills before writing it.
    static let largestTile = 1 << 19
    /// The largest signature sliced, in bits (8 KB: a note of up to 32 KB of text); larger ones
    /// are few, tested alone, and a group of 64 of them would be more for a build to hold (a build
    /// runs beside the daemon's answers, within its memory budget).
    static let largestSliced = 1 << 16

    /// The notes of one signature size: `groups` groups of 64, the first in word `firstWord` of a
    /// test's bit set, laid out in tiles from `offset`.
    private struct Size {
        let logBits: Int
        let firstWord: Int
        let groups: Int
        let offset: Int
        /// Groups per tile (the last tile may have fewer).
        let tileGroups: Int
    }

    /// Slices of the signatures of `image`, written to an unnamed file in `folder` (the user's
    /// private cache folder); nil when no note has a signature or the file cannot be made there
    /// (the daemon then tests each signature).
    ///
    /// One size at a time, its notes in the cache's order; `release` is called after every
    /// `releaseSpan` bytes of signatures passed, so the pages read (and the pages mapped around
    /// each, up to 64 KB) are given back as the build goes: a size's notes are spread over the whole
    /// section. The build stops, with nil, when `release` returns false (the slices are no longer
    /// wanted).
    init?(image: CacheImage, folder: String, tileBytes: Int = largestTile, release: () -> Bool = { true }) {
        var members = [[Int32]](repeating: [], count: SignatureSlices.largestSliced.trailingZeroBitCount + 1)
        for record in 0..<image.noteCount {
            if record % SignatureSlices.releaseEvery == 0, !release() { return nil }
            let bits = image.signatureSpan(record).count * 8
            guard bits >= TextSignature.minimumBits, bits <= SignatureSlices.largestSliced, bits.nonzeroBitCount == 1 else { continue }
            members[bits.trailingZeroBitCount].append(Int32(record))
        }
        guard release() else { return nil }
        var sizes: [Size] = []
        var column = 0
        var offset = 0
        for (bits, records) in members.enumerated() where !records.isEmpty {
            let tileGroups = max(1, min(64, tileBytes / ((1 << bits) * 8)))
            let groups = (records.count + 63) / 64
            sizes.append(Size(logBits: bits, firstWord: column / 64, groups: groups, offset: offset, tileGroups: tileGroups))
            column += groups * 64
            offset += groups * (1 << bits) * 8
        }
        guard offset > 0, let fd = SystemIO.unlinkedFile(in: folder) else { return nil }
        guard let columns = SignatureSlices.write(sizes, members, of: image, to: fd, release: release) else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.columns = columns
        self.sizes = sizes
        wordCount = column / 64
    }

    /// Writes the tiles of every size to `fd`; each record's column, or nil when a write failed
    /// or `release` said stop.
    private static func write(
        _ sizes: [Size], _ members: [[Int32]], of image: CacheImage, to fd: Int32, release: () -> Bool
    ) -> [UInt32]? {
        var columns = [UInt32](repeating: unsliced, count: image.noteCount)
        for size in sizes {
            var builder = TileBuilder(size: size)
            var released = 0
            for (index, record) in members[size.logBits].enumerated() {
                columns[Int(record)] = UInt32(size.firstWord * 64 + index)
                let span = image.signatureSpan(Int(record))
                let start = image.signatures + span.offset
                if start - released >= releaseSpan {
                    guard release() else { return nil }
                    released = start
                }
                let signature = UnsafeRawBufferPointer(rebasing: image.bytes[start..<start + span.count])
                guard builder.add(signature, writingTo: fd) else { return nil }
            }
            let empty = [UInt8](repeating: 0, count: (1 << size.logBits) / 8)
            while builder.taken % 64 != 0 {
                guard empty.withUnsafeBytes({ builder.add($0, writingTo: fd) }) else { return nil }
            }
            guard release() else { return nil }
        }
        return columns
    }

    /// Records a build's first pass reads between two calls of its `release`.
    static let releaseEvery = 4096
    /// Bytes of signatures a build passes between two calls of its `release`.
    static let releaseSpan = 1 << 19

    /// The tile of one size being filled: each group's 64 signatures are copied as they come and
    /// turned when the group is full; a full tile is written.
    private struct TileBuilder {
        let size: Size
        /// Notes of this size taken so far.
        var taken = 0
        /// The current group's signatures, one after the other.
        var group: [UInt64]
        var tile: [UInt64] = []

        init(size: Size) {
            self.size = size
            group = [UInt64](repeating: 0, count: (1 << size.logBits))
        }

        /// Takes the next note's signature; false when a full tile could not be written.
        mutating func add(_ signature: UnsafeRawBufferPointer, writingTo fd: Int32) -> Bool {
            let words = (1 << size.logBits) / 64
            let note = taken % 64
            for word in 0..<words {
                group[note * words + word] = UInt64(littleEndian: signature.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
            }
            taken += 1
            guard note == 63 else { return true }
            let groupNumber = taken / 64 - 1
            let firstGroup = groupNumber / size.tileGroups * size.tileGroups
            let width = min(size.tileGroups, size.groups - firstGroup)
            if tile.isEmpty { tile = [UInt64](repeating: 0, count: (1 << size.logBits) * width) }
            var block = [UInt64](repeating: 0, count: 64)
            for word in 0..<words {
                for row in 0..<64 { block[row] = group[row * words + word] }
                SignatureSlices.transpose(&block)
                for bit in 0..<64 { tile[(word * 64 + bit) * width + groupNumber - firstGroup] = block[bit] }
            }
            guard groupNumber - firstGroup == width - 1 else { return true }
            let at = size.offset + firstGroup * (1 << size.logBits) * 8
            let written = tile.withUnsafeBytes { SystemIO.writeAll(fd, $0, at: at) }
            tile = []
            return written
        }
    }

    deinit { close(fd) }

    /// One bit per column, set when that note may contain every one of `trigrams` (all set for
    /// none). A row that cannot be read is taken as all set: a note is then read, never missed.
    func test(_ trigrams: UnsafeBufferPointer<UInt32>) -> [UInt64] {
        var result = [UInt64](repeating: ~0, count: wordCount)
        var row = [UInt64](repeating: 0, count: 64)
        result.withUnsafeMutableBufferPointer { result in
            row.withUnsafeMutableBytes { row in
                for size in sizes {
                    let rows = trigrams.flatMap { trigram -> [Int] in
                        let (first, second) = TextSignature.positions(trigram, logBits: UInt32(size.logBits))
                        return [Int(first), Int(second)]
                    }
                    for firstGroup in stride(from: 0, to: size.groups, by: size.tileGroups) {
                        let width = min(size.tileGroups, size.groups - firstGroup)
                        let tile = size.offset + firstGroup * (1 << size.logBits) * 8
                        let out = result.baseAddress! + size.firstWord + firstGroup
                        for position in rows {
                            let read = SystemIO.retrying { pread(fd, row.baseAddress!, width * 8, off_t(tile + position * width * 8)) }
                            guard read == width * 8 else { continue }
                            // The file is this process's: its words are in the machine's order.
                            for group in 0..<width { out[group] &= row.load(fromByteOffset: group * 8, as: UInt64.self) }
                        }
                    }
                }
            }
        }
        return result
    }

    /// Transposes a 64 x 64 bit matrix in place: bit `c` of word `r` becomes bit `r` of word `c`.
    /// Each step swaps the upper half of the columns of the rows of one half with the lower half
    /// of the rows of the other, in blocks that halve from 32 to 1.
    static func transpose(_ matrix: inout [UInt64]) {
        matrix.withUnsafeMutableBufferPointer { rows in
            var width = 32
            var mask: UInt64 = 0x0000_0000_FFFF_FFFF
            while width > 0 {
                var row = 0
                while row < 64 {
                    let swap = ((rows[row] >> UInt64(width)) ^ rows[row + width]) & mask
                    rows[row + width] ^= swap
                    rows[row] ^= swap << UInt64(width)
                    // The next row whose `width` bit is clear.
                    row = (row + width + 1) & ~width
                }
                width >>= 1
                mask ^= mask << UInt64(width)
            }
        }
    }
}
