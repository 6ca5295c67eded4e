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

    /// The tags as a JSON array, each tag written straight as the text of `object` while the array
    /// is written (no value made for each of a vault's 47,000 tags: that was half of the first
    /// `overview --json` after a change).
    public static func array(_ tags: [TagSummary]) -> JSONValue {
        .elements(count: tags.count) { position, out, indent in write(tags[position], into: &out, indent: indent) }
    }

    /// Writes the text of `object(tag)` at `indent` (nil: compact), as an element of `array`.
    public static func write(_ tag: TagSummary, into out: inout [UInt8], indent: Int?) {
        out.append(0x7B)
        JSONValue.writeKey("name", at: 0, into: &out, indent: indent)
        JSONText.quote(tag.name, into: &out)
        JSONValue.writeKey("count", at: 1, into: &out, indent: indent)
        JSONValue.writeInt(tag.count, into: &out)
        JSONValue.writeKey("frontmatter", at: 2, into: &out, indent: indent)
        JSONValue.writeInt(tag.frontMatterCount, into: &out)
        JSONValue.writeKey("inline", at: 3, into: &out, indent: indent)
        JSONValue.writeInt(tag.inlineCount, into: &out)
        JSONValue.writeKey("color", at: 4, into: &out, indent: indent)
        if let color = tag.color { JSONText.quote(color.text, into: &out) } else { out.append(contentsOf: "null".utf8) }
        JSONValue.closeObject(count: 5, into: &out, indent: indent)
    }
}
