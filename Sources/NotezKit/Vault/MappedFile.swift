#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private file of the user's, mapped read-only into memory (`mmap`), so a reader touches only
/// the pages it looks at. Opened without following a symlink; refused when it is not a regular file
/// owned by the user or is empty. The mapping lives as long as the value.
///
/// The files mapped are written by replacing them (a new file, then `rename`), never in place, so
/// the mapped bytes do not change under the reader; readers still bound-check every offset they
/// take from the bytes.
final class MappedFile: @unchecked Sendable {
    /// The first byte.
    let base: UnsafeRawPointer
    /// The number of bytes.
    let count: Int

    /// Maps the file at `path`; nil when it cannot be opened, is not the user's regular file, or is empty.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), SystemIO.isRegular(info), info.st_uid == getuid(), info.st_size > 0,
            let size = Int(exactly: info.st_size)
        else { return nil }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(address)
        count = size
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), count) }

    /// Gives back the pages read so far (`MADV_DONTNEED`): read-only and private, they come back
    /// from the page cache when touched again, so a pass over much of the file (a cache's checks)
    /// does not stay in the process's peak memory.
    func release() {
        _ = madvise(UnsafeMutableRawPointer(mutating: base), count, Int32(MADV_DONTNEED))
    }

    /// Every byte of the file, for a reader that checks its layout once (`CacheImage`).
    var contents: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// The little-endian `UInt64` at `offset`; nil when it is not inside the file.
    func u64(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The little-endian `UInt32` at `offset`; nil when it is not inside the file.
    func u32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The bytes `range`; nil when they are not inside the file.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
