/// Journal form of an edit: `{"setPinned": true}`, `{"addTags": ["a"]}`, `{"removeTags": ["a"]}`,
/// `{"replaceTag": "old", "with": "New"}`, `{"setModified": 1714554000}`, for inline tags
/// `{"replaceInlineTag": "old", "with": "New"}`, `{"removeInlineTags": ["a"]}`, and for properties
/// `{"setProperty": "status", "text": " done"}`, `{"removeProperty": "status"}`.
extension FrontMatterEdit: Codable {
    private enum Keys: String, CodingKey {
        case setPinned, setModified, addTags, removeTags, replaceTag, with, replaceInlineTag, removeInlineTags
        case setProperty, text, removeProperty
    }

    /// Decodes the journal form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if let value = try container.decodeIfPresent(Bool.self, forKey: .setPinned) {
            self = .setPinned(value)
        } else if let value = try container.decodeIfPresent(Double.self, forKey: .setModified) {
            self = .setModified(value)
        } else if let value = try container.decodeIfPresent([String].self, forKey: .addTags) {
            self = .addTags(value)
        } else if let value = try container.decodeIfPresent([String].self, forKey: .removeTags) {
            self = .removeTags(value.map { TagKey(normalized: $0) })
        } else if let old = try container.decodeIfPresent(String.self, forKey: .replaceTag) {
            self = .replaceTag(TagKey(normalized: old), with: try container.decode(String.self, forKey: .with))
        } else if let old = try container.decodeIfPresent(String.self, forKey: .replaceInlineTag) {
            self = .replaceInlineTag(TagKey(normalized: old), with: try container.decode(String.self, forKey: .with))
        } else if let value = try container.decodeIfPresent([String].self, forKey: .removeInlineTags) {
            self = .removeInlineTags(value.map { TagKey(normalized: $0) })
        } else if let key = try container.decodeIfPresent(String.self, forKey: .setProperty) {
            self = .setProperty(key, text: try container.decode(String.self, forKey: .text))
        } else if let key = try container.decodeIfPresent(String.self, forKey: .removeProperty) {
            self = .removeProperty(key)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown front matter edit"))
        }
    }

    /// Encodes the journal form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        switch self {
        case .setPinned(let value): try container.encode(value, forKey: .setPinned)
        case .setModified(let value): try container.encode(value, forKey: .setModified)
        case .addTags(let value): try container.encode(value, forKey: .addTags)
        case .removeTags(let keys): try container.encode(keys.map(\.rawValue), forKey: .removeTags)
        case .replaceTag(let key, let name):
            try container.encode(key.rawValue, forKey: .replaceTag)
            try container.encode(name, forKey: .with)
        case .replaceInlineTag(let key, let name):
            try container.encode(key.rawValue, forKey: .replaceInlineTag)
            try container.encode(name, forKey: .with)
        case .removeInlineTags(let keys): try container.encode(keys.map(\.rawValue), forKey: .removeInlineTags)
        case .setProperty(let key, let text):
            try container.encode(key, forKey: .setProperty)
            try container.encode(text, forKey: .text)
        case .removeProperty(let key):
            try container.encode(key, forKey: .removeProperty)
        }
    }
}
