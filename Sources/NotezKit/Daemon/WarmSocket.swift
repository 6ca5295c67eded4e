#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a vault's daemon listens and how both ends use the socket.
///
/// The socket (`warm.sock`) and the cookie folder (`cookies/`) live in the vault's private cache
/// folder (`IndexCache.folderPath`): owned by the user, mode 0700, checked on every use, never
/// inside the vault. The socket itself is mode 0600, and the daemon also checks each peer's uid.
public enum WarmSocket {
    /// The socket's file name in the cache folder.
    static let socketName = "warm.sock"
    /// The cookie folder's name in the cache folder.
    static let cookieFolderName = "cookies"

    /// The socket path of the vault at `root`; nil without a cache home.
    public static func socketPath(root: String) -> String? {
        IndexCache.folderPath(root: root).map { $0 + "/" + socketName }
    }

    /// The cookie folder of the vault at `root`; nil without a cache home.
    public static func cookieFolder(root: String) -> String? {
        IndexCache.folderPath(root: root).map { $0 + "/" + cookieFolderName }
    }

    /// True when `path` is a socket owned by this user that no one else can open.
    static func isPrivateSocket(_ path: String) -> Bool {
        guard let info = SystemIO.lstat(path) else { return false }
        return (info.st_mode & S_IFMT) == S_IFSOCK && info.st_uid == getuid() && info.st_mode & 0o077 == 0
    }

    /// A Unix socket address for `path`; nil when the path is too long for one.
    static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// Connects a new stream socket to `path`; -1 when nothing listens there.
    static func connect(to path: String) -> Int32 {
        guard var address = address(path) else { return -1 }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result != 0 {
            close(fd)
            return -1
        }
        return fd
    }

    /// Sets the receive and send timeouts of a socket.
    static func setTimeout(_ fd: Int32, seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Writes all bytes; false on any error (a closed peer included: never SIGPIPE).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        SystemIO.writeAll(fd, bytes, socket: true) == nil
    }

    /// Reads exactly `count` bytes; nil on error, timeout or end of stream before that.
    static func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        guard let pieces = readPieces(fd, count) else { return nil }
        return pieces.count == 1 ? pieces[0] : Array(pieces.joined())
    }

    /// The largest piece `readPieces` reads into one array.
    static let readPieceSize = 1 << 22

    /// Reads exactly `count` bytes into arrays of at most `readPieceSize` bytes each, every byte
    /// read straight into its array (none zeroed first, none copied again: a 6.8 MB answer read
    /// into a zeroed buffer grown as it came, then copied out, was most of the warm client's
    /// time); a large announced length gets memory only as its bytes arrive. Nil on error,
    /// timeout or end of stream before `count` bytes.
    static func readPieces(_ fd: Int32, _ count: Int) -> [[UInt8]]? {
        var pieces: [[UInt8]] = []
        var remaining = count
        while remaining > 0 {
            let size = min(remaining, readPieceSize)
            let piece = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                initialized = SystemIO.readAll(fd, into: UnsafeMutableRawBufferPointer(buffer), at: nil)
            }
            guard piece.count == size else { return nil }
            pieces.append(piece)
            remaining -= size
        }
        return count == 0 ? [[]] : pieces
    }

    /// Reads one frame's payload (header first, bounded by the frame's limit); nil when malformed.
    static func readFrame(_ fd: Int32, request: Bool) -> [UInt8]? {
        guard let header = readExactly(fd, WarmFrame.headerSize),
            let length = WarmFrame.payloadLength(header: header, request: request)
        else { return nil }
        return length == 0 ? [] : readExactly(fd, length)
    }
}
