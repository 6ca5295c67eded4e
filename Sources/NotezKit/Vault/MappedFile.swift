#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory mapping of one of the user's own regular files (a cache), so a reader pays
/// only for the pages it touches. The mapping is private: a later change to the file by another
/// process (a cache rewritten by rename) never shows through, since a rename replaces the file
/// and this mapping keeps the old one.
package final class MappedFile: @unchecked Sendable {
    /// The mapped bytes; valid for the life of this object.
    package let bytes: UnsafeRawBufferPointer

    /// Maps `path`; nil when it is missing, a symlink, not a regular file, not the user's, empty,
    /// or cannot be mapped.
    package init?(path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), SystemIO.isRegular(info), info.st_uid == getuid(), info.st_size > 0,
            let address = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED
        else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: Int(info.st_size))
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
