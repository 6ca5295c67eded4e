/// The one JSON shape of a tag, for `tag list --json`, `overview --json`, export and MCP:
/// `{"name", "count", "frontmatter", "inline", "color"}` (docs/json.md).
public enum TagJSON {
    /// The tag as a JSON object.
    public static func object(_ tag: TagSummary) -> JSONValue {
        .object([
            ("name", .string(tag.name)),
            ("count", .int(tag.count)),
            ("frontmatter", .int(tag.frontMatterCount)),
            ("inline", .int(tag.inlineCount)),
            ("color", tag.color.map { .string($0.text) } ?? .null),
        ])
    }
}
