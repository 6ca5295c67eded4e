import Foundation

/// The tag registry in `.notez/tags.yaml`: tags that exist before any note uses them, and colors.
///
/// The file is a mapping from tag name to a mapping of settings: `ideas: {color: blue}`.
public struct TagRegistry: Sendable, Equatable {
    /// One registered tag.
    public struct Entry: Sendable, Equatable {
        /// The tag's spelling, which is also its display spelling.
        public var name: String
        /// Its color, if one was set.
        public var color: ColorName?

        /// Creates an entry.
        public init(name: String, color: ColorName? = nil) {
            self.name = name
            self.color = color
        }
    }

    /// The registered tags in file order.
    public var entries: [Entry] = []

    /// An empty registry.
    public init(entries: [Entry] = []) { self.entries = entries }

    /// The path of the registry inside a vault.
    public static func path(root: String) -> String { root + "/.notez/tags.yaml" }

    /// Reads the registry; a missing file is an empty registry.
    public static func load(root: String) throws(NotezError) -> TagRegistry {
        let pairs = try NotezStateFile.loadMapping(root: root, relative: ".notez/tags.yaml")
        return TagRegistry(entries: pairs.map { Entry(name: $0.key, color: $0.value["color"]?.string.flatMap(ColorName.init)) })
    }

    /// The entry for a tag, compared by `TagKey`.
    public func entry(for key: TagKey) -> Entry? {
        entries.first { TagKey($0.name) == key }
    }

    /// The file text for this registry.
    public func rendered() -> String {
        var text = "# notez tag registry: tags and their colors. Edited by `notez tag create/color`.\n"
        for entry in entries {
            text += YAMLValue.quoted(entry.name) + ":"
            text += entry.color.map { " {color: \(YAMLValue.quoted($0.text))}\n" } ?? " {}\n"
        }
        return text
    }
}
