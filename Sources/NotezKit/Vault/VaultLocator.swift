import Foundation

/// Finds the vault root: `--vault`, else `$NOTEZ_VAULT`, else the nearest folder with `.notez/`, else the current folder.
public enum VaultLocator {
    /// Resolves the root folder as an absolute path without a trailing slash.
    public static func root(
        explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(NotezError) -> String {
        let chosen: String
        if let explicit, !explicit.isEmpty {
            chosen = absolute(explicit, from: currentDirectory)
        } else if let fromEnvironment = environment["NOTEZ_VAULT"], !fromEnvironment.isEmpty {
            chosen = absolute(fromEnvironment, from: currentDirectory)
        } else {
            chosen = nearestMarked(from: currentDirectory) ?? currentDirectory
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: chosen, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .vaultNotFound(path: chosen)
        }
        return chosen
    }

    /// `path` made absolute against the current folder, `.` and `..` resolved as text.
    public static func absolutePath(_ path: String) -> String {
        absolute(path, from: FileManager.default.currentDirectoryPath)
    }

    static func absolute(_ path: String, from base: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        // A path with no `.` or `..` part, empty part or final slash is its own answer (splitting
        // and joining it was 1.3% of a warm client's CPU, at every command).
        if joined == "/" || (!joined.contains("//") && !joined.contains("/.") && !joined.hasSuffix("/")) { return joined }
        var parts: [Substring] = []
        for component in joined.split(separator: "/") {
            if component == "." { continue }
            if component == ".." { _ = parts.popLast(); continue }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func nearestMarked(from start: String) -> String? {
        var current = absolute(start, from: "/")
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current + "/.notez", isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return current
            }
            if current == "/" { return nil }
            current = VaultPath.folder(of: current)
            if current.isEmpty { current = "/" }
        }
    }
}
