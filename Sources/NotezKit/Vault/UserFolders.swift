#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// notez's folders outside every vault, owned by this user: `$XDG_STATE_HOME/notez` (the signing key)
/// and `$XDG_CACHE_HOME/notez` (index caches). Nothing in them arrives by git or sync, which is
/// what makes them trustworthy; each is checked to be a real folder owned by the user with no
/// write access for others, and refused otherwise.
enum UserFolders {
    /// `$XDG_STATE_HOME/notez`, else `$HOME/.local/state/notez`; nil when neither variable is set.
    static func statePath() -> String? {
        base(variable: "XDG_STATE_HOME", fallback: ".local/state").map { $0 + "/notez" }
    }

    /// `$XDG_CACHE_HOME/notez`, else `$HOME/.cache/notez`; nil when neither variable is set.
    static func cachePath() -> String? {
        base(variable: "XDG_CACHE_HOME", fallback: ".cache").map { $0 + "/notez" }
    }

    /// Creates `path` (and missing parents, mode 0700) and checks it is safe to keep state in.
    static func ensure(_ path: String) throws(NotezError) {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0, errno != EEXIST { throw .io(path: prefix, errno: errno) }
        }
        try check(path)
    }

    /// Refuses a folder that is a symlink, not a folder, owned by someone else, or writable by others.
    public static func check(_ path: String) throws(NotezError) {
        guard let info = SystemIO.lstat(path) else { throw .io(path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .refused("\(path) is not a folder (a symlink or a file); notez keeps no state there")
        }
        guard info.st_uid == getuid() else {
            throw .refused("\(path) belongs to another user; notez keeps no state there")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw .refused("\(path) is writable by other users; make it private with: chmod 700 '\(path)'")
        }
    }

    private static func base(variable: String, fallback: String) -> String? {
        // XDG: a relative value is invalid and must be ignored.
        if let value = getenv(variable).map({ String(cString: $0) }), value.hasPrefix("/") { return trimmed(value) }
        guard let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") else { return nil }
        return trimmed(home) + "/" + fallback
    }

    private static func trimmed(_ path: String) -> String {
        var result = path
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result == "/" ? "" : result
    }
}
