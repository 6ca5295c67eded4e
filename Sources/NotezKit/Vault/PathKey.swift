#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A path compared and hashed by its UTF-8 bytes.
///
/// Swift's `String ==` (and so `Set<String>`, `Dictionary<String, _>` and `hasPrefix`) treats
/// canonically equivalent spellings as equal, but on Linux `café.md` in NFC and in NFD are two
/// different files: every lookup that picks a file to act on goes through this type instead.
public struct PathKey: Hashable, Sendable {
    /// The path.
    public let path: String

    /// Wraps a path.
    public init(_ path: String) { self.path = path }

    /// Byte equality.
    public static func == (lhs: PathKey, rhs: PathKey) -> Bool {
        PathKey.sameBytes(lhs.path, rhs.path)
    }

    /// Hashes the UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        var copy = path
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// True when two strings have the same UTF-8 bytes.
    public static func sameBytes(_ a: String, _ b: String) -> Bool {
        var b = b
        return b.withUTF8 { sameBytes(a, UnsafeRawBufferPointer($0)) }
    }

    /// Byte order (`memcmp`, then the shorter first): the order of the cache's tag and link tables,
    /// and of paths before the check as Strings (`VaultWalker.pathOrder`).
    static func bytesPrecede(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        let compared = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return compared != 0 ? compared < 0 : a.count < b.count
    }

    /// True when a string's UTF-8 is exactly `bytes` (compared with `memcmp`).
    static func sameBytes(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == bytes.count && (utf8.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, utf8.count) == 0)
        }
    }

    /// The position of `path` (exact bytes) among `count` paths sorted as Strings, read by `pathAt`:
    /// a binary search, then a look through the run of canonically equal spellings (NFC and NFD
    /// compare equal as Strings) for the bytes.
    static func position(of path: String, count: Int, _ pathAt: (Int) -> String) -> Int? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if pathAt(middle) < path { low = middle + 1 } else { high = middle }
        }
        while low < count, !(path < pathAt(low)) {
            if sameBytes(pathAt(low), path) { return low }
            low += 1
        }
        return nil
    }

    /// True when `path` is `folder` or inside it, by bytes (`""` is the root, which holds everything).
    static func isSelfOrInside(_ path: String, folder: String) -> Bool {
        if folder.isEmpty { return true }
        guard path.utf8.count >= folder.utf8.count, path.utf8.starts(with: folder.utf8) else { return false }
        let rest = path.utf8.dropFirst(folder.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: "/")
    }
}
