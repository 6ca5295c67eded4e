#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-user secret that proves a journal record, pending marker or trash entry was written by
/// notez for this user on this machine: 32 random bytes in `$XDG_STATE_HOME/notez/key` (mode 0600),
/// never inside a vault. Records carry an HMAC-SHA-256 under it; a record that arrived by git or
/// sync from anyone else (or was edited) does not verify and is ignored.
public struct MachineKey: Sendable {
    private let secret: [UInt8]

    /// The file name of the key in the state folder.
    static let fileName = "key"

    /// A key from raw bytes (tests).
    public init(secret: [UInt8]) { self.secret = secret }

    /// The signature of `message` in the domain `purpose` (domains keep a signature of one kind of
    /// record from being valid for another).
    public func sign(_ purpose: String, _ message: [UInt8]) -> String {
        SHA256.hex(SHA256.hmac(key: secret, message: Array(purpose.utf8) + [0] + message))
    }

    /// True when `signature` is `sign(purpose, message)` (compared in constant time).
    func verify(_ signature: String, _ purpose: String, _ message: [UInt8]) -> Bool {
        let expected = Array(sign(purpose, message).utf8)
        let given = Array(signature.utf8)
        guard expected.count == given.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(expected, given) { difference |= a ^ b }
        return difference == 0
    }

    /// The user's key, created on first use. Throws when there is no safe place for it.
    public static func loadOrCreate() throws(NotezError) -> MachineKey {
        guard let folder = UserFolders.statePath() else {
            throw .refused("notez needs a private folder for its signing key: set HOME or XDG_STATE_HOME")
        }
        try UserFolders.ensure(folder)
        let path = folder + "/" + fileName
        if let key = try load(from: path) { return key }
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next() as UInt64) { bytes.append(contentsOf: $0) } }
        // Written beside the key and linked into place, so two first runs agree on one key.
        let temporary = path + ".tmp-" + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: temporary, errno: errno) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        defer { unlink(temporary) }
        guard written == bytes.count, synced else { throw .writeFailed(path: temporary, reason: "could not write the signing key") }
        if link(temporary, path) != 0, errno != EEXIST { throw .io(path: path, errno: errno) }
        guard let key = try load(from: path) else { throw .io(path: path, errno: ENOENT) }
        return key
    }

    /// The user's key when it exists; nil before notez ever wrote anything (nothing can verify then).
    public static func loadExisting() -> MachineKey? {
        guard let folder = UserFolders.statePath() else { return nil }
        return try? load(from: folder + "/" + fileName)
    }

    private static func load(from path: String) throws(NotezError) -> MachineKey? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .refused("the signing key \(path) cannot be opened safely (\(String(cString: strerror(errno))))")
        }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(), info.st_mode & 0o077 == 0,
            info.st_size == 32
        else {
            throw .refused("the signing key \(path) is not a private 32-byte file of this user; remove it to make a new one")
        }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 32) }
        guard count == 32 else { throw .io(path: path, errno: errno) }
        return MachineKey(secret: bytes)
    }
}
