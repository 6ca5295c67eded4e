import Foundation

/// A file the user names to attach: read only, from anywhere, but only when the named path is a
/// regular file itself. A symlink is refused (even to a file: the user names the file it points
/// to), so a hostile vault cannot make `attach` copy `/etc/passwd` through a link it planted; a
/// FIFO or device is never opened for reading (O_NONBLOCK, then a check of what was opened).
public enum AttachmentSource {
    /// The size of the file at `path` (as given: relative to the working folder or absolute).
    public static func size(_ path: String) throws(NotezError) -> Int64 {
        let file = try open(path)
        defer { close(file.fd) }
        return file.size
    }

    /// The whole file; larger than `limit` is refused.
    public static func read(_ path: String, limit: Int64) throws(NotezError) -> [UInt8] {
        let file = try open(path)
        defer { close(file.fd) }
        guard file.size <= limit else {
            throw .refused("'\(path)' is \(file.size) bytes, over the attachment limit of \(limit) bytes (attachment_max_mb in .notez/config.yaml)")
        }
        // Shrunk while reading: what was read is all there is.
        switch SystemIO.read(file.fd, limit: Int(file.size), at: 0, expected: Int(file.size), retryWhenNotReady: true) {
        case .bytes(let bytes): return bytes
        case .failed(let code): throw .io(path: path, errno: code)
        }
    }

    private static func open(_ path: String) throws(NotezError) -> (fd: Int32, size: Int64) {
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ELOOP { throw .refused("'\(path)' is a symlink; name the file it points to") }
            if errno == ENOENT { throw .usage("'\(path)' does not exist") }
            throw .io(path: path, errno: errno)
        }
        guard let info = SystemIO.fstat(fd) else {
            let code = errno
            close(fd)
            throw .io(path: path, errno: code)
        }
        guard SystemIO.isRegular(info) else {
            close(fd)
            throw .refused("'\(path)' is not a regular file; only files can be attached")
        }
        return (fd, Int64(info.st_size))
    }
}
