import Foundation

/// A folder or tag color: one of 12 named presets or `#RRGGBB`.
public struct ColorName: Sendable, Hashable, CustomStringConvertible {
    /// The preset names, in the order shown by help texts.
    public static let presets: [String: (UInt8, UInt8, UInt8)] = [
        "red": (0xFF, 0x3B, 0x30), "orange": (0xFF, 0x95, 0x00), "yellow": (0xFF, 0xCC, 0x00),
        "green": (0x34, 0xC7, 0x59), "mint": (0x00, 0xC7, 0xBE), "teal": (0x30, 0xB0, 0xC7),
        "cyan": (0x32, 0xAD, 0xE6), "blue": (0x00, 0x7A, 0xFF), "indigo": (0x58, 0x56, 0xD6),
        "purple": (0xAF, 0x52, 0xDE), "pink": (0xFF, 0x2D, 0x55), "brown": (0xA2, 0x84, 0x5E),
    ]

    /// The preset name in lower case, or `#RRGGBB` as written.
    public let text: String
    /// The red, green and blue components.
    public let rgb: (UInt8, UInt8, UInt8)

    /// Parses a preset name (any case) or `#RRGGBB`; nil for anything else.
    public init?(_ raw: String) {
        let lower = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if let rgb = ColorName.presets[lower] {
            text = lower
            self.rgb = rgb
            return
        }
        let hex = Array(lower.utf8)
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"),
            let value = UInt32(String(lower.dropFirst()), radix: 16)
        else { return nil }
        // A hex color keeps the spelling it was written with, so rewriting a registry does not
        // turn `#3A7BD5` into `#3a7bd5`.
        text = raw.trimmingCharacters(in: .whitespaces)
        rgb = (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// The text form.
    public var description: String { text }

    /// Colors compare by their text, ignoring the case of hex digits.
    public static func == (lhs: ColorName, rhs: ColorName) -> Bool { lhs.text.lowercased() == rhs.text.lowercased() }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text.lowercased()) }

    /// The sorted preset names, for messages.
    public static var presetList: String { presets.keys.sorted().joined(separator: ", ") }
}
