#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client side of the warm path: asks a running daemon, or says that there is none.
///
/// Freshness proof (as Watchman's cookies): before asking, the client creates a uniquely named file
/// in the cookie folder, which the daemon watches with the same inotify instance as the vault. The
/// kernel queues events of one instance in order, so when the daemon has seen the cookie it has
/// seen every event of every write that finished before the client started; it processes them all
/// before answering. The cookie folder is outside the vault: asking never writes into the vault.
public enum WarmClient {
    /// Seconds to wait for the daemon's answer to begin (it waits up to 2 s for the cookie).
    static let answerTimeout = 5.0

    /// Asks the daemon of the vault at `request.root`; nil when there is none, it is not safe to use,
    /// or it failed mid-answer: the caller then runs the command itself. `cookie` of the request is filled in.
    /// With `pieces`, an answer whose stdout came in pieces is `captured`, the pieces as they
    /// came (a listing of 100,000 notes is not copied into one buffer); else always `answer`.
    public static func ask(_ request: WarmRequest, pieces: Bool = false) -> WarmResponse? {
        guard let folder = IndexCache.folderPath(root: request.root) else { return nil }
        return ask(request, cacheFolder: folder, pieces: pieces)
    }

    /// Asks the daemon whose socket and cookie folder are in `folder`.
    static func ask(_ request: WarmRequest, cacheFolder folder: String, pieces: Bool = false) -> WarmResponse? {
        guard (try? UserFolders.check(folder)) != nil else { return nil }
        let socketPath = folder + "/" + WarmSocket.socketName
        guard WarmSocket.isPrivateSocket(socketPath) else { return nil }
        var request = request
        request.cookie = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let cookiePath = folder + "/" + WarmSocket.cookieFolderName + "/" + request.cookie
        let cookie = open(cookiePath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard cookie >= 0 else { return nil }
        close(cookie)
        defer { unlink(cookiePath) }
        let fd = WarmSocket.connect(to: socketPath)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        WarmSocket.setTimeout(fd, seconds: answerTimeout)
        guard WarmSocket.writeAll(fd, WarmFrame.encode(request)) else { return nil }
        return readResponse(fd, pieces: pieces)
    }

    /// The response frame, with the stdout of the piece frames before it put in front of its own:
    /// joined into one `answer`, or (`pieces`) kept as they came in a `captured` answer.
    private static func readResponse(_ fd: Int32, pieces: Bool) -> WarmResponse? {
        func read(_ count: Int) -> [UInt8]? { count == 0 ? [] : WarmSocket.readExactly(fd, count) }
        var ahead: [[UInt8]] = []
        var total = 0
        var header: [UInt8]
        while true {
            guard let next = read(WarmFrame.headerSize) else { return nil }
            header = next
            guard let length = WarmFrame.pieceLength(header: header) else { break }
            guard total + length <= WarmFrame.maxResponse, let bytes = read(length) else { return nil }
            // Each piece is read into its own array and kept: no piece is copied or regrown.
            if !bytes.isEmpty { ahead.append(bytes) }
            total += length
        }
        guard let length = WarmFrame.payloadLength(header: header, request: false), total + length <= WarmFrame.maxResponse,
            let head = read(min(length, WarmFrame.answerHeadSize))
        else { return nil }
        guard let (status, stdoutCount) = WarmFrame.answerHead(head) else {
            // Pieces come only before an answer.
            guard ahead.isEmpty, let rest = read(length - head.count) else { return nil }
            return WarmFrame.decodeResponse(head + rest)
        }
        // The answer's stdout is read straight into arrays of its own, never into the payload's.
        let afterStdout = length - WarmFrame.answerHeadSize - stdoutCount
        guard afterStdout >= 4, let stdout = WarmSocket.readPieces(fd, stdoutCount), let prefix = read(4),
            WarmFrame.dataLength(prefix) == afterStdout - 4, let stderr = read(afterStdout - 4)
        else { return nil }
        let all = ahead + stdout.filter { !$0.isEmpty }
        if pieces { return .captured(status: status, stdout: all, stderr: stderr) }
        return .answer(status: status, stdout: all.count == 1 ? all[0] : Array(all.joined()), stderr: stderr)
    }
}
