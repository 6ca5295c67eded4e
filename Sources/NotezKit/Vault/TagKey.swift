import Foundation

/// The identity of a tag: NFC-normalized and case-folded, so `Work`, `work` and `WORK` are one tag.
public struct TagKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The normalized text.
    public let rawValue: String

    /// Makes the key of a tag name.
    public init(_ name: String) {
        // Most names are their own key: they keep their storage (a note's tag and its key are then
        // one string in memory, not two) and skip the Unicode work.
        if name.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
            rawValue = name
            return
        }
        // ASCII with capitals (`Ideas`): ASCII is its own NFC form, and lower-cases byte by byte.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            rawValue = String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            return
        }
        let key = name.precomposedStringWithCanonicalMapping.lowercased()
        rawValue = key.utf8.elementsEqual(name.utf8) ? name : key
    }

    /// Wraps an already normalized key (for decoding caches).
    public init(normalized: String) {
        rawValue = normalized
    }

    /// True when this tag is `other` or one of its children (`project/alpha` is under `project`).
    public func isSelfOrDescendant(of other: TagKey) -> Bool {
        rawValue == other.rawValue || rawValue.hasPrefix(other.rawValue + "/")
    }

    /// Orders keys by their text.
    public static func < (lhs: TagKey, rhs: TagKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The key's text.
    public var description: String { rawValue }
}
