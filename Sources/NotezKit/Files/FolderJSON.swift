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

    /// The folders as a JSON array, each written straight as the text of `object` with its
    /// children while the array is written (no value made for each of thousands of folders).
    public static func array(_ nodes: [FolderNode]) -> JSONValue {
        .elements(count: nodes.count) { position, out, indent in write(nodes[position], into: &out, indent: indent) }
    }

    /// Writes the text of `object(node)` at `indent` (nil: compact), as an element of `array`.
    static func write(_ node: FolderNode, into out: inout [UInt8], indent: Int?) {
        out.append(0x7B)
        JSONValue.writeKey("name", at: 0, into: &out, indent: indent)
        JSONText.quote(node.name, into: &out)
        JSONValue.writeKey("path", at: 1, into: &out, indent: indent)
        JSONText.quote(node.path, into: &out)
        JSONValue.writeKey("count", at: 2, into: &out, indent: indent)
        JSONValue.writeInt(node.count, into: &out)
        JSONValue.writeKey("direct", at: 3, into: &out, indent: indent)
        JSONValue.writeInt(node.direct, into: &out)
        JSONValue.writeKey("color", at: 4, into: &out, indent: indent)
        if let color = node.color { JSONText.quote(color.text, into: &out) } else { out.append(contentsOf: "null".utf8) }
        JSONValue.writeKey("children", at: 5, into: &out, indent: indent)
        JSONValue.writeArray(node.children.count, into: &out, indent: indent.map { $0 + 1 }, flush: { _ in }) { position, out, inner in
            write(node.children[position], into: &out, indent: inner)
        }
        JSONValue.closeObject(count: 6, into: &out, indent: indent)
    }
}
