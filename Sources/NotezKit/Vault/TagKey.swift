import Foundation

/// The identity of a tag: NFC-normalized and case-folded, so `Work`, `work` and `WORK` are one tag.
public struct TagKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The normalized text.
    public let rawValue: String

    /// Makes the key of a tag name.
    public init(_ name: String) {
        rawValue = name.precomposedStringWithCanonicalMapping.lowercased()
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
