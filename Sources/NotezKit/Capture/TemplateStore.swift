/// The templates of a vault, `.notez/templates/NAME.md`, read through the path resolver (never
/// through a symlink, never from a FIFO, at most 1 MiB each).
public enum TemplateStore {
    /// The folder of templates.
    public static let folder = ".notez/templates"

    /// The vault-relative path of a template.
    public static func path(of name: String) -> String { folder + "/" + name + ".md" }

    /// A template name: a file name without `.md`, no `/`, no leading `.`, no control characters.
    static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), name.utf8.count <= 200 else { return false }
        return (try? VaultPath.validateName(name)) != nil
    }

    /// The template names, sorted; files that are not `.md` are left out.
    public static func names(root: String) throws(NotezError) -> [String] {
        let directory = try VaultDirectory(root: root)
        guard directory.kind(folder) == .folder else { return [] }
        return directory.names(in: folder)
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(3)) }
            .filter(isValidName)
            .sorted { $0.lowercased() == $1.lowercased() ? $0 < $1 : $0.lowercased() < $1.lowercased() }
    }

    /// A template by name; nil when it does not exist. Not UTF-8 or unsafe to read is an error.
    public static func load(_ name: String, root: String) throws(NotezError) -> NoteTemplate? {
        guard isValidName(name) else { throw .invalidName(name, reason: "not a template name (a file name in \(folder)/ without .md)") }
        guard let bytes = try VaultDirectory(root: root).readFile(path(of: name), limit: 1 << 20) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self), !text.contains("\0") else {
            throw .unreadable(path: path(of: name), reason: "not UTF-8 text")
        }
        return NoteTemplate(name: name, text: text)
    }

    /// A template that must exist: a missing one is a usage error listing the ones there are.
    public static func require(_ name: String, root: String) throws(NotezError) -> NoteTemplate {
        if let template = try load(name, root: root) { return template }
        let available = (try? names(root: root)) ?? []
        throw .usage(
            "no template '\(name)' (\(path(of: name)))"
                + (available.isEmpty ? "; this vault has no templates" : "; templates: " + available.joined(separator: ", ")))
    }
}
