import Foundation

/// One problem of a buffer, for the editor to underline.
public struct EditorDiagnostic: Sendable, Equatable {
    /// How serious.
    public enum Severity: Int, Sendable {
        case error = 1, warning = 2, information = 3, hint = 4
    }

    /// What kind of problem (a stable code editors show and code actions key on).
    public enum Code: String, Sendable {
        case brokenLink = "broken-link"
        case ambiguousLink = "ambiguous-link"
        case invalidYAML = "invalid-yaml"
        case unterminatedFrontMatter = "unterminated-front-matter"
        case property = "property"
        case nearDuplicateTag = "near-duplicate-tag"
    }

    /// The bytes of the buffer it is about.
    public var range: Range<Int>
    /// How serious.
    public var severity: Severity
    /// What kind.
    public var code: Code
    /// The message.
    public var message: String
    /// For a near-duplicate tag, the text to write instead (`#tag` inline, `tag` in front matter);
    /// for a broken link, its target.
    public var replacement: String?
}

/// The problems of a note's text as the editor has it (docs/editors.md): broken links, links
/// Obsidian cannot decide between notes, front matter that is not valid YAML (with line and
/// column), property values outside the folder's schema, and tags that differ only in case or
/// separators from a tag the vault already uses.
public enum EditorDiagnostics {
    /// The problems of `text`, the buffer of the note at vault path `path`.
    public static func problems(text: EditorText, path: String, catalog: EditorCatalog) -> [EditorDiagnostic] {
        let bytes = text.bytes
        var result: [EditorDiagnostic] = []
        let outline = EditorOutline(bytes)
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block):
            if case .failure(let error) = FrontMatterDocument.parse(Array(bytes[block.yaml]), sliceStart: block.yaml.lowerBound) {
                let firstLine = text.line(ofOffset: block.yaml.lowerBound)
                let line = min(firstLine + max(0, error.line), text.lineCount - 1)
                let lineBytes = text.lineRange(line)
                // libyaml counts characters in the line; the range is the rest of the line from there.
                let column = String(decoding: bytes[lineBytes], as: UTF8.self).prefix(max(0, error.column)).utf8.count
                let start = min(lineBytes.lowerBound + column, lineBytes.upperBound)
                result.append(
                    EditorDiagnostic(
                        range: start..<lineBytes.upperBound, severity: .error, code: .invalidYAML,
                        message: "front matter is not valid YAML (line \(line + 1), column \(error.column + 1)): \(error.message)", replacement: nil))
            } else {
                let schema = catalog.settings.schema(forFolder: VaultPath.folder(of: path))
                for problem in PropertyCheck.problems(in: bytes, schema: schema) {
                    let range = keyLine(problem.key, text: text, frontMatter: block.opening.lowerBound..<block.closing.lowerBound) ?? block.opening
                    result.append(EditorDiagnostic(range: range, severity: .warning, code: .property, message: problem.description, replacement: nil))
                }
            }
        case .unterminated:
            result.append(
                EditorDiagnostic(
                    range: text.lineRange(0), severity: .error, code: .unterminatedFrontMatter,
                    message: "front matter starts with --- but has no closing --- line", replacement: nil))
        case .tooLarge:
            result.append(
                EditorDiagnostic(range: text.lineRange(0), severity: .error, code: .invalidYAML, message: "front matter is larger than 1 MiB", replacement: nil))
        case .none:
            break
        }
        for link in EditorNavigation.links(in: bytes, bodyStart: outline.bodyStart) {
            switch catalog.resolver.resolve(link, from: path) {
            case .broken:
                result.append(
                    EditorDiagnostic(
                        range: link.range, severity: .warning, code: .brokenLink, message: "no note named '\(link.target)'", replacement: link.target))
            case .ambiguous(let paths):
                result.append(
                    EditorDiagnostic(
                        range: link.range, severity: .warning, code: .ambiguousLink,
                        message: "'\(link.target)' names \(paths.count) notes: \(paths.prefix(5).joined(separator: ", ")); Obsidian opens \(paths[0])",
                        replacement: nil))
            default:
                break
            }
        }
        var tags = InlineTagScanner.tags(in: bytes[outline.bodyStart...]).map { (name: $0.name, range: $0.range, inline: true) }
        if let frontMatter = outline.frontMatter {
            for number in 1..<max(1, text.line(ofOffset: frontMatter.upperBound) - 1) {
                let line = text.lineRange(number)
                guard line.count > 0, EditorNavigation.isTagLine(bytes, line: line.lowerBound, text: text) else { continue }
                tags += EditorNavigation.words(bytes, in: line).map { (name: $0.name, range: $0.range, inline: false) }
            }
        }
        for (name, range, inline) in tags {
            // The tag's own notes count: a tag used once, beside one used by many, is the likely typo.
            let others = catalog.nearDuplicates(of: name)
            guard let existing = others.max(by: { $0.count < $1.count }) else { continue }
            let own = catalog.index.tag(TagKey(name))?.count ?? 0
            guard existing.count > own || (existing.count == own && existing.name < name) else { continue }
            result.append(
                EditorDiagnostic(
                    range: range, severity: .information, code: .nearDuplicateTag,
                    message: "#\(name) differs only in case or separators from #\(existing.name) (\(existing.count) notes)", replacement: (inline ? "#" : "") + existing.name))
        }
        return result
    }

    /// The bytes of the line `key:` in the front matter, when written at its top level.
    static func keyLine(_ key: String, text: EditorText, frontMatter: Range<Int>) -> Range<Int>? {
        let first = text.line(ofOffset: frontMatter.lowerBound)
        let last = text.line(ofOffset: frontMatter.upperBound)
        for number in first...last {
            let range = text.lineRange(number)
            if text.bytes[range].starts(with: Array((key + ":").utf8)) { return range }
        }
        return nil
    }
}

extension EditorDiagnostics {
    /// The front matter the "add front matter" action writes at the top of a note without one:
    /// the title from the file name and an empty tag list.
    public static func frontMatterBlock(forPath path: String) -> String {
        "---\ntitle: " + NoteNaming.scalar(VaultPath.fileTitle(of: path), flow: false) + "\ntags: []\n---\n"
    }
}
