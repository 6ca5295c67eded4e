/// A note template (`.notez/templates/NAME.md`): front matter and body with `{{placeholders}}`.
///
/// Placeholders: `{{title}}`, `{{date}}`, `{{time}}`, `{{datetime}}`, `{{folder}}`, `{{stdin}}` and
/// `{{prop:KEY}}` (white space inside the braces is allowed). Anything else between `{{` and `}}`,
/// or a `{{` without `}}` on its line, is an error naming the line: nothing is silently kept.
///
/// In the body a value is inserted as it is. In the front matter a value that is the whole value of
/// a key or list item (`title: {{title}}`, `- {{folder}}`) is written as a YAML scalar, quoted when
/// needed; inside a double-quoted string it is escaped; elsewhere it must need no quoting, or the
/// render is refused. The rendered front matter must parse, so no input can change its structure.
public struct NoteTemplate: Sendable, Equatable {
    /// The values placeholders are replaced by.
    public struct Values: Sendable {
        /// The note's title.
        public var title: String
        /// The destination folder ("" for the root).
        public var folder: String
        /// The text read from stdin (or `--body`).
        public var stdin: String
        /// The `--prop key=value` values, as typed.
        public var properties: [String: String]
        /// Now, in the local zone.
        public var time: LocalTime
        /// The `YYYY-MM-DD` of `{{date}}` when it is not today's (the day of a daily note).
        public var day: String?

        /// Values for one render.
        public init(title: String, folder: String, stdin: String, properties: [String: String], time: LocalTime) {
            self.title = title
            self.folder = folder
            self.stdin = stdin
            self.properties = properties
            self.time = time
        }
    }

    /// The template's name (its file name without `.md`).
    public var name: String
    /// The template's text.
    public var text: String

    /// A template.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// The file the template comes from, for messages.
    public var path: String { TemplateStore.path(of: name) }

    /// The placeholders in order of appearance, each with its 1-based line, or the first error.
    public func placeholders() throws(NotezError) -> [(line: Int, name: String)] {
        var found: [(line: Int, name: String)] = []
        for (number, line) in lines().enumerated() {
            for piece in try pieces(of: line.text, line: number + 1) {
                if case .placeholder(let name) = piece { found.append((number + 1, name)) }
            }
        }
        return found
    }

    /// Renders the template with `values`; refuses, before making it, a note larger than
    /// `limit` bytes (default: the largest note notez reads, `NoteReader.maxNoteSize`).
    public func render(_ values: Values, limit: Int = NoteReader.maxNoteSize) throws(NotezError) -> String {
        let lines = lines()
        var pieceLines: [[Piece]] = []
        // A shared template is untrusted: 20 lines of 1,000 {{stdin}} would be a 100 MB note. The
        // values are only ever made longer by quoting, so their plain sizes bound the note from
        // below, and a note over the limit is refused before any of it is made.
        var least = 0
        var sizes: [String: Int] = [:]
        for (number, line) in lines.enumerated() {
            let pieces = try pieces(of: line.text, line: number + 1)
            least += line.ending.utf8.count
            for piece in pieces {
                switch piece {
                case .text(let text): least += text.utf8.count
                case .placeholder(let name):
                    if sizes[name] == nil { sizes[name] = value(of: name, values).utf8.count }
                    least += sizes[name] ?? 0
                }
            }
            if least > limit { throw tooLarge(limit, least: least, lines: lines.count, from: number + 1) }
            pieceLines.append(pieces)
        }
        var output = ""
        let yamlLines = frontMatterLines(lines)
        for (number, line) in lines.enumerated() {
            let inYAML = yamlLines.contains(number)
            var rendered = ""
            let pieces = pieceLines[number]
            for (position, piece) in pieces.enumerated() {
                if output.utf8.count + rendered.utf8.count > limit { throw tooLarge(limit, least: nil, lines: lines.count, from: number + 1) }
                switch piece {
                case .text(let text):
                    rendered += text
                case .placeholder(let name):
                    let value = value(of: name, values)
                    // Dates and times are made by notez from digits, '-', ':', '+' and 'T': written plain, so YAML
                    // readers see dates.
                    if inYAML, !["date", "time", "datetime"].contains(name) {
                        let alone = pieces[(position + 1)...].allSatisfy { $0 == .text($0.text) && $0.text.allSatisfy(\.isWhitespace) }
                        rendered += try yamlInsertion(value, before: rendered, alone: alone, name: name, line: number + 1)
                    } else {
                        rendered += value
                    }
                }
            }
            output += rendered + line.ending
        }
        if output.utf8.count > limit { throw tooLarge(limit, least: nil, lines: lines.count, from: lines.count) }
        try checkFrontMatter(output)
        return output
    }

    /// The refusal of a render that would pass `limit`.
    private func tooLarge(_ limit: Int, least: Int?, lines: Int, from line: Int) -> NotezError {
        let size = least.map { ", at least \(Self.mebibytes($0))" } ?? ""
        return .refused(
            "template '\(name)' (\(path)) would make a note over the \(Self.mebibytes(limit)) limit of a note\(size) "
                + "(line \(line) of \(lines)); nothing was written")
    }

    private static func mebibytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    // MARK: - Scanning

    enum Piece: Equatable {
        case text(String)
        case placeholder(String)

        /// The text of a text piece, empty for a placeholder.
        var text: String {
            if case .text(let text) = self { return text }
            return ""
        }
    }

    struct Line {
        var text: String
        var ending: String
    }

    static let names: Set<String> = ["title", "date", "time", "datetime", "folder", "stdin"]

    func lines() -> [Line] {
        var result: [Line] = []
        var current = ""
        // `\r\n` is one Character in Swift, so both line endings are found character by character.
        for character in text {
            if character == "\n" || character == "\r\n" {
                result.append(Line(text: current, ending: String(character)))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { result.append(Line(text: current, ending: "")) }
        return result
    }

    /// Indices of the lines between the template's front matter delimiters.
    func frontMatterLines(_ lines: [Line]) -> Set<Int> {
        var first = lines.first?.text ?? ""
        if first.hasPrefix("\u{FEFF}") { first.removeFirst() }
        guard first.trimmingCharacters(in: .whitespaces) == "---" else { return [] }
        for index in lines.indices.dropFirst() {
            let trimmed = lines[index].text.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" || trimmed == "..." { return Set(1..<index) }
        }
        return []
    }

    func pieces(of line: String, line number: Int) throws(NotezError) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(line)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else {
                throw error(line: number, column: column(of: open.lowerBound, in: line), "'{{' without '}}' on the same line")
            }
            let name = afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard NoteTemplate.isKnown(name) else {
                let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
                throw error(
                    line: number, column: column(of: open.lowerBound, in: line),
                    "unknown placeholder {{\(shown)}} (known: {{title}}, {{date}}, {{time}}, {{datetime}}, {{folder}}, {{stdin}}, {{prop:KEY}})")
            }
            pieces.append(.placeholder(name))
            rest = afterOpen[close.upperBound...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    static func isKnown(_ name: String) -> Bool {
        if names.contains(name) { return true }
        guard name.hasPrefix("prop:") else { return false }
        return PropertyKey.isValid(String(name.dropFirst(5)))
    }

    func column(of index: String.Index, in line: String) -> Int {
        line[..<index].count + 1
    }

    func error(line: Int, column: Int, _ message: String) -> NotezError {
        .unreadable(path: "\(path):\(line):\(column)", reason: message)
    }

    // MARK: - Values

    func value(of name: String, _ values: Values) -> String {
        switch name {
        case "title": return values.title
        case "date": return values.day ?? values.time.date
        case "time": return values.time.time
        case "datetime": return values.time.dateTime
        case "folder": return values.folder
        // The template's own line break follows the placeholder, so the body's last one is dropped.
        // (`\r\n` is one Character, so dropping one Character drops either ending.)
        case "stdin": return values.stdin.last == "\n" || values.stdin.last == "\r\n" ? String(values.stdin.dropLast()) : values.stdin
        default: return values.properties[String(name.dropFirst(5))] ?? ""
        }
    }

    /// A value placed in a front matter line, written so YAML reads it back as the same string.
    func yamlInsertion(_ value: String, before: String, alone: Bool, name: String, line number: Int) throws(NotezError)
        -> String
    {
        let lead = before.trimmingCharacters(in: .whitespaces)
        if alone && (lead.hasSuffix(":") || lead == "-" || lead.hasSuffix(": -")) {
            return value.isEmpty ? "" : NoteNaming.scalar(value, flow: false)
        }
        if insideDoubleQuotes(before) {
            return String(YAMLScalarWriter.doubleQuoted(value).dropFirst().dropLast())
        }
        if value.isEmpty || NoteNaming.plainIsSafe("x" + value + "x", flow: true) && !value.contains(where: { "'\"#:".contains($0) }) {
            return value
        }
        throw error(
            line: number, column: before.count + 1,
            "the value of {{\(name)}} needs YAML quoting here; put the placeholder alone after 'key:' or inside double quotes")
    }

    /// True when an odd number of unescaped `"` precede the end of `text`.
    func insideDoubleQuotes(_ text: String) -> Bool {
        var inside = false
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" && inside {
                escaped = true
            } else if character == "\"" {
                inside.toggle()
            }
        }
        return inside
    }

    /// The rendered front matter must parse; otherwise the error names the line.
    func checkFrontMatter(_ rendered: String) throws(NotezError) {
        let bytes = Array(rendered.utf8)
        guard case .block(let block) = FrontMatterBlock.scan(bytes) else { return }
        if case .failure(let yamlError) = FrontMatterDocument.parse(Array(bytes[block.yaml])) {
            throw error(
                line: yamlError.line + 2, column: yamlError.column + 1,
                "the rendered front matter does not parse: \(yamlError.message)")
        }
    }
}
