import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// How `serve --open` gives the browser the start URL without putting the token in an argument
/// list (`/proc/PID/cmdline` is readable by every local user): a page that redirects to it, in a
/// file only this user can read (0600) inside a folder only this user can enter (0700), under
/// `$XDG_RUNTIME_DIR` when it is usable, else the temporary folder. The file is deleted a minute
/// later (the browser has read it by then) and when the server stops.
public enum BrowserHandoff {
    /// How long the file is kept, in seconds.
    static let lifetime = 60.0
    private static let folders = Mutex<[String]>([])

    /// Writes the redirecting page for `url`; returns its path (the argument for the browser).
    public static func write(_ url: String) throws -> String {
        let base = runtimeFolder() ?? NSTemporaryDirectory()
        var template = Array(((base.hasSuffix("/") ? base : base + "/") + "notez-open-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        let folder = String(cString: made)
        folders.withLock { $0.append(folder) }
        let file = folder + "/open.html"
        let escaped = url.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">\
            <meta http-equiv="refresh" content="0;url=\(escaped)"><title>notez</title></head>\
            <body><p><a href="\(escaped)">Open notez</a></p></body></html>

            """
        let fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(page.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw POSIXError(.EIO) }
        DispatchQueue.global().asyncAfter(deadline: .now() + lifetime) { remove(folder) }
        return file
    }

    /// Deletes every file written (the server stops).
    public static func removeAll() {
        for folder in folders.withLock({ $0 }) { remove(folder) }
    }

    private static func remove(_ folder: String) {
        unlink(folder + "/open.html")
        rmdir(folder)
        folders.withLock { $0.removeAll { $0 == folder } }
    }

    /// `$XDG_RUNTIME_DIR` when it is an absolute folder of this user that no one else may enter.
    private static func runtimeFolder() -> String? {
        guard let value = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), value.hasPrefix("/") else { return nil }
        var info = stat()
        guard lstat(value, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            return nil
        }
        return value
    }
}
