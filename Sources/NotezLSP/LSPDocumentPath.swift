import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// Turns an editor's `file://` URI into a vault-relative note path, or refuses it: not a file URI,
/// outside the vault, a hidden segment (`.git/`, `.notez/`, `.obsidian/`), `.`/`..` segments, a
/// folder or file on the way that is a symlink, or not a Markdown note. Nothing is read for a
/// refused URI.
enum LSPDocumentPath {
    /// The vault-relative path of `uri`.
    static func relative(_ uri: String, root: String, realRoot: String) throws(LSP.ResponseError) -> String {
        guard let path = filePath(uri) else { throw refusal("'\(shown(uri))' is not a file:// URI") }
        var relative: String?
        for base in [root, realRoot] where path.hasPrefix(base + "/") {
            relative = String(path.dropFirst(base.count + 1))
            break
        }
        guard let relative, !relative.isEmpty else { throw refusal("\(shown(path)) is outside the vault \(root)") }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        if let bad = segments.first(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            throw refusal("\(shown(relative)) has a '\(bad)' segment; notez serves only plain vault paths")
        }
        if let hidden = segments.first(where: { $0.hasPrefix(".") }) {
            throw refusal("\(shown(relative)) is inside '\(hidden)/', which notez never reads or writes for an editor")
        }
        let lower = relative.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown") else {
            throw refusal("\(shown(relative)) is not a Markdown note (.md or .markdown)")
        }
        // Every folder on the way and the file itself: a symlink may lead out of the vault.
        var current = root
        for segment in segments {
            current += "/" + segment
            var info = stat()
            guard lstat(current, &info) == 0 else { break }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                throw refusal("\(shown(relative)) goes through the symlink \(shown(String(current.dropFirst(root.count + 1)))); notez never reads or writes through symlinks")
            }
        }
        return relative
    }

    /// Whether `relative` under `root` is a regular file reached without symlinks.
    static func isPlainFile(root: String, relative: String) -> Bool {
        var current = root
        var info = stat()
        for segment in relative.split(separator: "/") {
            current += "/" + segment
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return false }
        }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The `file://` URI of a vault path.
    static func uri(root: String, relative: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#[]@!$&'()*+,;=")
        let path = (root + "/" + relative).addingPercentEncoding(withAllowedCharacters: allowed) ?? (root + "/" + relative)
        return "file://" + path
    }

    /// The decoded path of a `file://` URI (host empty or `localhost`).
    static func filePath(_ uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), !rest.contains("?"), !rest.contains("#") else { return nil }
        guard let decoded = String(rest).removingPercentEncoding, !decoded.contains("\0") else { return nil }
        return decoded
    }

    static func refusal(_ message: String) -> LSP.ResponseError {
        LSP.ResponseError(code: LSP.ResponseError.invalidParams, message: message)
    }

    /// At most 200 characters of a path or URI, control characters shown as `?`.
    static func shown(_ text: String) -> String {
        String(text.prefix(200).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
