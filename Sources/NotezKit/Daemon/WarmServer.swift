import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon side of the warm path: listens on the vault's socket and answers one request at a
/// time with `handler`, on a thread of its own.
public final class WarmServer: @unchecked Sendable {
    /// The socket path.
    public let socketPath: String
    private let handler: @Sendable (WarmRequest, _ send: @escaping ([[UInt8]]) -> Void) -> WarmResponse
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var socketInode: UInt64 = 0
    private let acceptor = StoppableThread()

    /// Seconds a connected client has to send its whole request.
    static let requestTimeout = 2.0

    /// Creates a server for `socketPath` (see `WarmSocket.socketPath`).
    public convenience init(socketPath: String, handler: @escaping @Sendable (WarmRequest) -> WarmResponse) {
        self.init(socketPath: socketPath) { request, _ in handler(request) }
    }

    /// Creates a server whose handler may `send` stdout ahead of its answer (in piece frames), so
    /// that a large answer is not held whole; the answer's own stdout follows what was sent.
    public init(socketPath: String, streamingHandler: @escaping @Sendable (WarmRequest, _ send: @escaping ([[UInt8]]) -> Void) -> WarmResponse) {
        self.socketPath = socketPath
        handler = streamingHandler
    }

    deinit { stop() }

    /// Binds the socket (mode 0600, in a private folder) and starts answering. A stale socket of a
    /// daemon that died is replaced; a live one is left alone and reported as `.busy`.
    public func start() throws(NotezError) {
        let folder = VaultPath.folder(of: socketPath)
        try UserFolders.ensure(folder)
        try UserFolders.ensure(folder + "/" + WarmSocket.cookieFolderName)
        if let info = SystemIO.lstat(socketPath) {
            guard (info.st_mode & S_IFMT) == S_IFSOCK else {
                throw .refused("\(socketPath) exists and is not a socket; remove it to serve this vault")
            }
            let probe = WarmSocket.connect(to: socketPath)
            if probe >= 0 {
                close(probe)
                throw .busy("another notez already serves this vault (\(socketPath))")
            }
            unlink(socketPath)
        }
        guard var address = WarmSocket.address(socketPath) else {
            throw .refused("the socket path is too long for a Unix socket: \(socketPath)")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .io(path: socketPath, errno: errno) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, chmod(socketPath, 0o600) == 0, listen(fd, 64) == 0, let info = SystemIO.lstat(socketPath) else {
            let code = errno
            close(fd)
            throw .io(path: socketPath, errno: code)
        }
        clearCookies(folder + "/" + WarmSocket.cookieFolderName)
        let inode = UInt64(info.st_ino)
        lock.withLock {
            listener = fd
            socketInode = inode
        }
        if let code = acceptor.start(name: "notez-warm", { [self] wake in acceptLoop(listener: fd, wake: wake) }) {
            close(fd)
            unlink(socketPath)
            throw .io(path: socketPath, errno: code)
        }
    }

    /// Stops answering and removes the socket if it is still this server's. Safe to call twice.
    public func stop() {
        guard acceptor.stop() else { return }
        lock.withLock {
            if let info = SystemIO.lstat(socketPath), UInt64(info.st_ino) == socketInode { unlink(socketPath) }
            close(listener)
            listener = -1
        }
    }

    private func acceptLoop(listener: Int32, wake: Int32) {
        var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            if SystemIO.retrying({ poll(&fds, 2, -1) }) < 0 { return }
            if fds[1].revents != 0 { return }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            serve(client)
            close(client)
            SystemIO.releaseFreedMemory()
        }
    }

    private func serve(_ client: Int32) {
        // The folder is private already; the peer check keeps other users out even if it were not.
        // Glibc's `struct ucred` needs _GNU_SOURCE; its layout is pid, uid, gid.
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, UInt32.max, UInt32.max)
        var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        guard getsockopt(client, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, length == 12, credentials.uid == getuid() else {
            return
        }
        WarmSocket.setTimeout(client, seconds: WarmServer.requestTimeout)
        guard let payload = WarmSocket.readFrame(client, request: true),
            let request = WarmFrame.decodeRequest(payload)
        else { return }
        // A client gone meanwhile is not an error: it has fallen back to the cold path.
        WarmSocket.setTimeout(client, seconds: 30)
        var open = true
        let response = handler(request) { stdout in
            guard open else { return }
            for piece in WarmFrame.piece(stdout) where !WarmSocket.writeAll(client, piece) {
                open = false
                break
            }
        }
        guard open else { return }
        for piece in WarmFrame.pieces(response) where !WarmSocket.writeAll(client, piece) { break }
    }

    /// Removes cookies left by clients of an earlier daemon.
    private func clearCookies(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = String(decoding: SystemIO.entryName(entry), as: UTF8.self)
            if name != ".", name != ".." { unlink(folder + "/" + name) }
        }
    }
}
