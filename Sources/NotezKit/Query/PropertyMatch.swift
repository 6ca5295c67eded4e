/// `prop:` terms for one note: reads the start of its file (as the full-text matcher reads bodies)
/// and tests the key's values. Notes whose front matter does not parse never match.
enum PropertyMatch {
    /// The values of `key` (any case) in the note at `path`: one per entry with that key, empty when
    /// there is none, nil when the front matter cannot be read.
    static func values(root: String, path: String, key: String) -> [PropertyValue]? {
        guard let contents = try? NoteReader.read(root + "/" + path, limit: FrontMatterBlock.maxSize + 8),
            case .block(let block) = FrontMatterBlock.scan(contents.bytes, isComplete: contents.isComplete),
            case .success(let document) = FrontMatterDocument.parse(Array(contents.bytes[block.yaml]))
        else { return nil }
        let wantedKey = key.lowercased()
        return document.entries.filter { $0.key.lowercased() == wantedKey }.map {
            PropertyValue(events: document.valueEvents(of: $0))
        }
    }

    /// `prop:KEY`: the key has a non-null value (a mapping counts; an empty list does not).
    static func isSet(_ values: [PropertyValue]) -> Bool {
        values.contains { value in
            switch value {
            case .absent: return false
            case .scalar, .other: return true
            case .list(let items): return !items.isEmpty
            }
        }
    }

    /// Whether a scalar, or an item of a list, passes the comparison as `type`. A mapping or a
    /// nested list never does.
    static func matches(_ values: [PropertyValue], _ comparison: PropertyComparison, as type: PropertyComparison.ValueType) -> Bool {
        values.contains { value in
            switch value {
            case .scalar(let text): return comparison.matches(text, as: type)
            case .list(let items): return items.contains { comparison.matches($0, as: type) }
            case .absent, .other: return false
            }
        }
    }
}
