/// Folder colors in `.notez/folders.yaml`, by vault-relative folder path.
public struct FolderColors: Sendable, Equatable {
    /// Colors by folder path, in file order.
    public var colors: [(path: String, color: ColorName)] = []

    /// No colors.
    public init(colors: [(path: String, color: ColorName)] = []) { self.colors = colors }

    /// The path of the file inside a vault.
    public static func path(root: String) -> String { root + "/.notez/folders.yaml" }

    /// Reads the colors; a missing file means none.
    public static func load(root: String) throws(NotezError) -> FolderColors {
        let pairs = try NotezStateFile.loadMapping(root: root, relative: ".notez/folders.yaml")
        return FolderColors(
            colors: pairs.compactMap { pair in
                guard let color = pair.value["color"]?.string.flatMap(ColorName.init) else { return nil }
                return (pair.key, color)
            })
    }

    /// The color of a folder, matched exactly by path.
    public func color(of folderPath: String) -> ColorName? {
        colors.first(where: { PathKey.sameBytes($0.path, folderPath) })?.color
    }

    /// The file text.
    public func rendered() -> String {
        var text = "# notez folder colors, by vault-relative path. Edited by `notez folder color`.\n"
        for entry in colors {
            text += YAMLValue.quoted(entry.path) + ": {color: \(YAMLValue.quoted(entry.color.text))}\n"
        }
        return text
    }

    /// Compares path and color lists.
    public static func == (lhs: FolderColors, rhs: FolderColors) -> Bool {
        lhs.colors.count == rhs.colors.count && zip(lhs.colors, rhs.colors).allSatisfy { $0.path == $1.path && $0.color == $1.color }
    }
}
