#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tests notes' text signatures in the memory-mapped index cache and gives back the pages it read
/// as it goes: a full-text search touches nearly every page of the signatures (tens of MB at
/// 100,000 notes), which would otherwise stay resident and count in the process's peak memory.
/// The mapping is read-only and private, so a dropped page is only read again from the page cache
/// if something asks for it; nothing can be lost. Only pages of a `MappedFile` are ever released
/// (never a caller's buffer, where `MADV_DONTNEED` would zero memory).
struct SignatureScan {
    /// Signature bytes read before the pages behind them are released.
    static let releaseEvery = 1 << 20

    private let image: CacheImage
    /// Whether `image` is exactly the mapping of a file (page-aligned, read-only, private).
    private let releases: Bool
    private let pageSize: Int
    /// The page-aligned start of what has not been released yet, as an offset in the file.
    private var releasedUpTo: Int
    /// The largest signature end read so far, as an offset in the file.
    private var readUpTo: Int

    /// A pass whose first signature is at `from` in the signatures section (a pass over part of
    /// the notes, one of several run at once, releases only from its own first page on).
    init(image: CacheImage, file: MappedFile?, from: Int = 0) {
        self.image = image
        releases = file.map { $0.base == image.bytes.baseAddress && $0.count == image.bytes.count } ?? false
        pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
        releasedUpTo = min(image.bytes.count, image.signatures + max(0, from)) / pageSize * pageSize
        readUpTo = releasedUpTo
    }

    /// Whether the note with record `record` may contain every trigram (`TextSignature.mayContain`).
    mutating func mayContain(record: Int, _ trigrams: [UInt32]) -> Bool {
        trigrams.withUnsafeBufferPointer { mayContain(image.signature(record), $0) }
    }

    /// Whether a note with the signature at `offset` (in the signatures section) of `count` bytes
    /// may contain every trigram; the range is one `CacheImage` checked.
    mutating func mayContain(signatureAt offset: Int, count: Int, _ trigrams: UnsafeBufferPointer<UInt32>) -> Bool {
        let start = image.signatures + offset
        return mayContain(UnsafeRawBufferPointer(rebasing: image.bytes[start..<start + count]), trigrams)
    }

    /// Asks the CPU for the bytes a later `mayContain(signatureAt:count:_:)` of the same
    /// signature loads first (`TextSignature.prefetch`); reads nothing, releases nothing.
    func prefetch(signatureAt offset: Int, count: Int, _ trigrams: UnsafeBufferPointer<UInt32>) {
        let start = image.signatures + offset
        TextSignature.prefetch(UnsafeRawBufferPointer(rebasing: image.bytes[start..<start + count]), trigrams)
    }

    private mutating func mayContain(_ signature: UnsafeRawBufferPointer, _ trigrams: UnsafeBufferPointer<UInt32>) -> Bool {
        let answer = TextSignature.mayContain(signature, trigrams)
        if let base = signature.baseAddress {
            let end = image.bytes.baseAddress!.distance(to: base) + signature.count
            if end > readUpTo { readUpTo = end }
            if readUpTo - releasedUpTo >= SignatureScan.releaseEvery { release(upTo: readUpTo / pageSize * pageSize) }
        }
        return answer
    }

    /// Releases every page of the signatures read so far (call at the end of a pass).
    mutating func finish() {
        release(upTo: min(image.bytes.count, (readUpTo + pageSize - 1) / pageSize * pageSize))
    }

    private mutating func release(upTo end: Int) {
        guard end > releasedUpTo else { return }
        if releases {
            // Pages shared with the sections around the signatures are dropped too: read-only and
            // private, they come back from the page cache on the next touch.
            _ = madvise(UnsafeMutableRawPointer(mutating: image.bytes.baseAddress! + releasedUpTo), end - releasedUpTo, Int32(MADV_DONTNEED))
        }
        releasedUpTo = end
    }
}
