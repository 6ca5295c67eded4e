/// The `json` export: one document with every exported note's metadata, front matter as JSON,
/// and its exact bytes (front matter text + body, or base64), plus folders and tags.
///
/// The schema is documented in docs/export-and-sync.md; `version` changes only when a key
/// changes meaning or goes away (keys may be added).
public enum JSONExport {
    /// The value of the document's `format` key.
    public static let format = "notez-export"
    /// The schema version written (and the highest one `notez import` reads).
    public static let version = 1

    /// The document and the notes left out (with the reason): symlinked notes (their bytes may
    /// come from outside the vault) and files that could not be read whole.
    public static func document(notes: [Note], index: VaultIndex, query: String?, now: Double) -> (JSONValue, [FileIssue]) {
        let files = DiskVaultFiles(root: index.root)
        var entries: [JSONValue] = []
        var issues: [FileIssue] = []
        for note in notes {
            if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
                issues.append(FileIssue(path: note.path, reason: "symlinked note; not exported"))
                continue
            }
            do {
                guard let contents = try files.read(note.path) else {
                    issues.append(FileIssue(path: note.path, reason: "the file no longer exists"))
                    continue
                }
                entries.append(entry(note, bytes: contents.bytes, index: index))
            } catch {
                issues.append(FileIssue(path: note.path, reason: error.description, failed: true))
            }
        }
        let document = JSONValue.object([
            ("format", .string(format)),
            ("version", .int(version)),
            ("exported", .string(NoteDate.iso8601(now))),
            ("query", query.map(JSONValue.string) ?? .null),
            ("notes", .array(entries)),
            ("folders", .array(index.folderTree.children.map { FolderJSON.object($0) })),
            ("tags", .array(index.tags.map(TagJSON.object))),
        ])
        return (document, issues)
    }

    /// One note: the note keys of `NoteJSON` (without the snippet), then `frontMatter` (the YAML as
    /// JSON, or null), `frontMatterError`, `frontMatterText` and `body` (together exactly the
    /// file, when it is UTF-8), and `contentBase64` (the whole file, only when it is not UTF-8).
    static func entry(_ note: Note, bytes: [UInt8], index: VaultIndex) -> JSONValue {
        var prefixEnd = 0
        var frontMatter = JSONValue.null
        var frontMatterError = JSONValue.null
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block):
            prefixEnd = block.bodyStart
            switch YAMLValue.parse(Array(bytes[block.yaml])) {
            case .success(let value):
                if let duplicate = FrontMatterJSON.duplicateKey(value) {
                    frontMatterError = .string("duplicate key '\(duplicate)'")
                } else {
                    frontMatter = FrontMatterJSON.value(value)
                }
            case .failure(let error):
                frontMatterError = .string("line \(error.line), column \(error.column): \(error.message)")
            }
        case .none(let bodyStart):
            prefixEnd = bodyStart
        case .unterminated:
            frontMatterError = .string("front matter without a closing line")
        case .tooLarge:
            frontMatterError = .string("front matter larger than 1 MiB")
        }
        let prefix = String(validating: bytes[..<prefixEnd], as: UTF8.self)
        let body = String(validating: bytes[prefixEnd...], as: UTF8.self)
        let text = prefix != nil && body != nil
        // The one note shape without its snippet: the export holds the whole body.
        return .object(
            NoteJSON.fields(note, in: index).filter { $0.0 != "snippet" } + [
            ("frontMatter", frontMatter),
            ("frontMatterError", frontMatterError),
            ("frontMatterText", text ? .string(prefix!) : .null),
            ("body", text ? .string(body!) : .null),
            ("contentBase64", text ? .null : .string(Base64.encode(bytes))),
        ])
    }
}
