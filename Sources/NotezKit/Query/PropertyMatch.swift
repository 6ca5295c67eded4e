/// `prop:KEY=VALUE` for one note: reads the start of its file (as the full-text matcher reads bodies)
/// and compares the key's value. Notes whose front matter does not parse never match.
enum PropertyMatch {
    /// Whether the note at `path` has `key` (any case) with `value` (any case; for a list, as one of its items),
    /// or, when `value` is nil, with any non-null value.
    static func matches(root: String, path: String, key: String, value: String?) -> Bool {
        guard let contents = try? NoteReader.read(root + "/" + path, limit: FrontMatterBlock.maxSize + 8),
            case .block(let block) = FrontMatterBlock.scan(contents.bytes, isComplete: contents.isComplete),
            case .success(let document) = FrontMatterDocument.parse(Array(contents.bytes[block.yaml]))
        else { return false }
        let wantedKey = key.lowercased()
        let wanted = value.map { $0.precomposedStringWithCanonicalMapping.lowercased() }
        for entry in document.entries where entry.key.lowercased() == wantedKey {
            let scalars = document.valueEvents(of: entry).filter {
                $0.kind == .scalar && !($0.style == .plain && FrontMatterDocument.isNullLiteral($0.value))
            }
            guard let wanted else {
                if !scalars.isEmpty || document.valueEvents(of: entry).first?.kind == .mappingStart { return true }
                continue
            }
            if scalars.contains(where: { $0.value.precomposedStringWithCanonicalMapping.lowercased() == wanted }) { return true }
        }
        return false
    }
}
