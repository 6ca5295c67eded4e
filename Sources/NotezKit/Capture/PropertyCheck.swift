/// Notes whose properties violate their folder's schema, for `notez check` and `notez new`.
public enum PropertyCheck {
    /// The problems of one file's front matter against a schema (none when it has no readable front matter).
    public static func problems(in bytes: [UInt8], schema: [PropertySpec]) -> [PropertyProblem] {
        guard !schema.isEmpty else { return [] }
        var document: FrontMatterDocument?
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block):
            guard case .success(let parsed) = FrontMatterDocument.parse(Array(bytes[block.yaml])) else { return [] }
            document = parsed
        case .none:
            document = nil
        default:
            return []
        }
        var problems: [PropertyProblem] = []
        for spec in schema {
            let value = document?.entries.first(where: { $0.key == spec.key }).map { PropertyValue(events: document!.valueEvents(of: $0)) } ?? .absent
            if let reason = spec.problem(with: value) { problems.append(PropertyProblem(key: spec.key, reason: reason)) }
        }
        return problems
    }

    /// Every schema violation in the vault, one issue per property of a note; files that cannot be
    /// read are left to the other checks.
    public static func issues(index: VaultIndex, settings: CaptureSettings, files: any VaultFiles) -> [FileIssue] {
        guard !settings.schemas.isEmpty else { return [] }
        var issues: [FileIssue] = []
        for note in index.notes where note.problem == nil {
            let schema = settings.schema(forFolder: note.folder)
            guard !schema.isEmpty, let contents = try? files.read(note.path) else { continue }
            for problem in problems(in: contents.bytes, schema: schema) {
                issues.append(FileIssue(path: note.path, reason: "property " + problem.description))
            }
        }
        return issues
    }
}
