/// The one JSON shape of a folder, for `folder tree --json`, `overview --json`, export and MCP:
/// `{"name", "path", "count", "direct", "color"}`, and in a tree `"children"`, the same shape
/// (docs/json.md). `count` takes in the subfolders' notes; `direct` only the folder's own.
public enum FolderJSON {
    /// The folder as a JSON object; with `children`, its subfolders nested to the bottom.
    public static func object(_ node: FolderNode, children: Bool = true) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("name", .string(node.name)),
            ("path", .string(node.path)),
            ("count", .int(node.count)),
            ("direct", .int(node.direct)),
            ("color", node.color.map { .string($0.text) } ?? .null),
        ]
        if children { pairs.append(("children", .array(node.children.map { object($0) }))) }
        return .object(pairs)
    }
}
