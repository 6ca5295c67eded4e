#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Vault-relative paths: splitting, validating user input, and keeping writes inside the vault.
public enum VaultPath {
    /// The folder part of a relative path, `""` at the root.
    public static func folder(of path: String) -> String {
        guard let slash = lastSlash(of: path) else { return "" }
        return String(path[..<slash])
    }

    /// Whether `folder(of: path)` is `folder`, told from the bytes without making a String when the
    /// path is `folder`, a `/` between ASCII bytes and a name without `/` (a first run asks it of
    /// every note, whose folder is most often the one before's).
    static func isFolder(_ folder: String, of path: String) -> Bool {
        var (folder, path) = (folder, path)
        let told = folder.withUTF8 { folder in
            path.withUTF8 { path -> Bool? in
                let slash = UInt8(ascii: "/")
                let start = folder.isEmpty ? 0 : folder.count + 1
                guard path.count > start else { return nil }
                if !folder.isEmpty {
                    guard path[folder.count] == slash, folder[folder.count - 1] < 0x80, path[start] < 0x80,
                        memcmp(path.baseAddress!, folder.baseAddress!, folder.count) == 0
                    else { return nil }
                }
                return memchr(path.baseAddress! + start, Int32(slash), path.count - start) == nil ? true : nil
            }
        }
        return told ?? VaultPath.folder(of: path).utf8.elementsEqual(folder.utf8)
    }

    /// The last component of a path.
    public static func name(of path: String) -> String {
        guard let slash = lastSlash(of: path) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The last `/` that is a character of its own (`lastIndex(of: "/")`), found in the bytes when
    /// the bytes around it are ASCII: a `/` joins a cluster only with a combining mark after it or
    /// a prepended mark before it, never with an ASCII neighbour. Every note's path goes through
    /// this in a first run.
    private static func lastSlash(of path: String) -> String.Index? {
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let after = utf8.index(after: slash)
        let isolated = (after == utf8.endIndex || utf8[after] < 0x80) && (slash == utf8.startIndex || utf8[utf8.index(before: slash)] < 0x80)
        return isolated ? slash : path.lastIndex(of: "/")
    }

    /// The file name without its `.md` / `.markdown` extension.
    static func fileTitle(of path: String) -> String {
        let name = name(of: path)
        // An ASCII name (most are) in bytes: characters, lower-casing and suffixes are its bytes'.
        if let length = asciiNoteExtensionLength(name) {
            var name = name
            return name.withUTF8 { String(decoding: $0[..<($0.count - length)], as: UTF8.self) }
        }
        if ASCIIBytes.only(name) { return name }
        for ext in [".md", ".markdown"] where name.lowercased().hasSuffix(ext) && name.count > ext.count {
            return String(name.dropLast(ext.count))
        }
        return name
    }

    /// A name as `PlanBuilder.isTaken` compares it among its siblings, from its bytes as a folder
    /// lists them: lower-cased (`String.lowercased`), an ASCII name byte by byte.
    static func loweredName(_ bytes: UnsafeRawBufferPointer) -> String {
        guard ASCIIBytes.only(bytes) else { return String(decoding: bytes, as: UTF8.self).lowercased() }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() { buffer[offset] = ASCIIBytes.lowercased(byte) }
            return bytes.count
        }
    }

    /// `loweredName` of a name given as a string.
    static func loweredName(_ name: String) -> String {
        var name = name
        return name.withUTF8 { loweredName(UnsafeRawBufferPointer($0)) }
    }

    /// True for names notez treats as notes.
    static func isNoteFile(_ name: String) -> Bool {
        if asciiNoteExtensionLength(name) != nil { return true }
        if ASCIIBytes.only(name) { return false }
        let lower = name.lowercased()
        return (lower.hasSuffix(".md") && lower.count > 3) || (lower.hasSuffix(".markdown") && lower.count > 9)
    }

    /// For an ASCII name ending in `.md` or `.markdown` (any case) after at least one more byte,
    /// the extension's length; nil otherwise (and for any name that is not ASCII).
    private static func asciiNoteExtensionLength(_ name: String) -> Int? {
        var name = name
        return name.withUTF8 { bytes -> Int? in
            guard ASCIIBytes.only(UnsafeRawBufferPointer(bytes)) else { return nil }
            func endsWith(_ ext: StaticString) -> Bool {
                let count = ext.utf8CodeUnitCount
                guard bytes.count > count else { return false }
                let tail = bytes.count - count
                for offset in 0..<count {
                    let byte = bytes[tail + offset]
                    if ASCIIBytes.lowercased(byte) != ext.utf8Start[offset] { return false }
                }
                return true
            }
            if endsWith(".md") { return 3 }
            if endsWith(".markdown") { return 9 }
            return nil
        }
    }

    /// The vault path `path` as seen from `folder` (`../Files/a.png`), for a relative link.
    public static func relative(_ path: String, fromFolder folder: String) -> String {
        let from = folder.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }

    /// Joins a folder and a name.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        // One allocation of the exact size: `folder + "/" + name` grew the string as it went and
        // kept the spare room (about 30 bytes a path the watch keeps for each note).
        var folder = folder, name = name
        return folder.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: head.count + 1 + tail.count) { buffer in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[..<head.count]).initialize(from: head)
                    buffer[head.count] = UInt8(ascii: "/")
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[(head.count + 1)...]).initialize(from: tail)
                    return head.count + 1 + tail.count
                }
            }
        }
    }

    /// Normalizes user input to a clean relative path, or throws if it could leave the vault.
    ///
    /// Refuses absolute paths, `..`, empty components after trimming slashes, hidden components
    /// (notez's own `.notez` and the like) and control characters.
    public static func validated(_ input: String) throws(NotezError) -> String {
        var text = input
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasSuffix("/") { text.removeLast() }
        if text.isEmpty || text == "." { return "" }
        if text.hasPrefix("/") {
            throw .invalidName(input, reason: "absolute paths are not allowed; give a path inside the vault")
        }
        for component in text.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { throw .invalidName(input, reason: "empty path component") }
            if component == ".." || component == "." {
                throw .invalidName(input, reason: "'..' and '.' are not allowed in vault paths")
            }
            if component.hasPrefix(".") {
                throw .invalidName(input, reason: "hidden names (starting with '.') are not part of the vault")
            }
            try validateName(String(component), original: input)
        }
        return text
    }

    /// Checks one file or folder name: no control characters, no `/`, not too long.
    public static func validateName(_ name: String, original: String? = nil) throws(NotezError) {
        let shown = original ?? name
        if name.isEmpty { throw .invalidName(shown, reason: "empty name") }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidName(shown, reason: "control characters are not allowed in names")
        }
        if name.contains("/") { throw .invalidName(shown, reason: "'/' is not allowed in a name") }
        if name.utf8.count > 255 { throw .invalidName(shown, reason: "name longer than 255 bytes") }
    }

    /// The components of a vault-relative path that notez may change, or an error saying why not.
    ///
    /// The single rule for every path that is written, moved or deleted: relative, no empty, `.` or
    /// `..` components, no control characters, and no hidden component except a leading `.notez`
    /// (so never `.git/`, `.obsidian/` or a dot-file outside `.notez/`).
    static func checkedComponents(_ relative: String) throws(NotezError) -> [String] {
        if relative.isEmpty || relative.hasPrefix("/") {
            throw .invalidName(relative, reason: "not a path inside the vault")
        }
        if relative.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidName(relative, reason: "control characters are not allowed in vault paths")
        }
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let inState = components[0] == ".notez"
        for (position, component) in components.enumerated() {
            if component.isEmpty || component == "." || component == ".." {
                throw .invalidName(relative, reason: "'..', '.' and empty components are not allowed in vault paths")
            }
            if component.utf8.count > 255 { throw .invalidName(relative, reason: "a name longer than 255 bytes") }
            // `.gitattributes` at the root: where `notez sync --setup` installs the merge driver.
            let allowedHidden =
                position == 0
                ? component == ".notez" || (component == ".gitattributes" && components.count == 1)
                : inState && position == components.count - 1
            if component.hasPrefix("."), !allowedHidden {
                throw .refused("'\(relative)' is inside a hidden folder or is a hidden file; notez writes only notes and .notez/")
            }
        }
        return components
    }
}
