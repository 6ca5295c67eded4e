import ArgumentParser
import NotezKit

/// One field of a listing's rows, as `--format` knows it.
struct ListField {
    enum Kind { case text, date, list, number, flag }
    let name: String
    let kind: Kind
}

/// The fields of one listing's rows: its JSON shape's keys in order, then fields only templates
/// use (`extra`), and the field `--format path` prints (nil: the rows are not notes).
struct ListSchema {
    let fields: [ListField]
    let extra: [ListField]
    let pathField: String?

    func field(_ name: String) -> ListField? { (fields + extra).first { $0.name == name } }

    /// `ls` and `search`: the note shape of docs/json.md, and the file's size in bytes.
    static let notes = ListSchema(
        fields: [
            .init(name: "path", kind: .text), .init(name: "title", kind: .text), .init(name: "folder", kind: .text),
            .init(name: "tags", kind: .list), .init(name: "inlineTags", kind: .list), .init(name: "pinned", kind: .flag),
            .init(name: "created", kind: .date), .init(name: "modified", kind: .date), .init(name: "snippet", kind: .text),
        ],
        extra: [.init(name: "size", kind: .number)], pathField: "path")

    /// `tag list`.
    static let tags = ListSchema(
        fields: [
            .init(name: "name", kind: .text), .init(name: "count", kind: .number), .init(name: "frontmatter", kind: .number),
            .init(name: "inline", kind: .number), .init(name: "color", kind: .text),
        ],
        extra: [], pathField: nil)

    /// `links` (`backlinks` adds `context`): the path printed is the note the link is in.
    static func links(context: Bool) -> ListSchema {
        ListSchema(
            fields: [
                .init(name: "source", kind: .text), .init(name: "line", kind: .number), .init(name: "kind", kind: .text),
                .init(name: "text", kind: .text), .init(name: "target", kind: .text), .init(name: "fragment", kind: .text),
                .init(name: "label", kind: .text), .init(name: "status", kind: .text), .init(name: "path", kind: .text),
                .init(name: "candidates", kind: .list),
            ] + (context ? [.init(name: "context", kind: .text)] : []),
            extra: [], pathField: "source")
    }

    /// `trash list`: the path printed is where the note was.
    static let trash = ListSchema(
        fields: [
            .init(name: "id", kind: .text), .init(name: "title", kind: .text), .init(name: "path", kind: .text),
            .init(name: "folder", kind: .text), .init(name: "deleted", kind: .date), .init(name: "snippet", kind: .text),
        ],
        extra: [], pathField: "path")

    /// `history` and `tag history`.
    static let history = ListSchema(
        fields: [
            .init(name: "id", kind: .text), .init(name: "time", kind: .date), .init(name: "operation", kind: .text),
            .init(name: "arguments", kind: .list), .init(name: "command", kind: .text), .init(name: "files", kind: .list),
            .init(name: "complete", kind: .flag), .init(name: "recovered", kind: .flag), .init(name: "failed", kind: .flag),
            .init(name: "rolledBack", kind: .flag), .init(name: "undoes", kind: .text), .init(name: "undoneBy", kind: .text),
            .init(name: "undoable", kind: .flag), .init(name: "reason", kind: .text),
        ],
        extra: [], pathField: nil)
}

/// One row: the JSON object `--json` prints for it, and the values of the schema's extra fields.
struct ListRow {
    let json: JSONValue
    var extra: [(String, JSONValue)] = []

    /// The value of a field; null when the row has none.
    func value(_ name: String) -> JSONValue {
        if case .object(let pairs) = json, let pair = pairs.first(where: { $0.0 == name }) { return pair.1 }
        return extra.first { $0.0 == name }?.1 ?? .null
    }
}

/// The output of `--format`.
enum ListFormat {
    case path(terminator: String)
    case json
    case jsonl
    case csv
    case tsv
    case template(RowTemplate, terminator: String)

    /// The named formats (anything else must be a template).
    static let names = ["path", "json", "jsonl", "csv", "tsv"]
}

/// `--format` and `--delimiter`, shared by every listing.
struct FormatOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "path, json, jsonl, csv, tsv, or a template such as '{{title}}\\t{{modified:%Y-%m-%d}}' (fields: docs/commands.md#output-formats).",
            valueName: "format"),
        completion: .list(ListFormat.names))
    var format: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --format path or a template: the text that ends each row instead of a newline (\\0 NUL, \\t tab, \\n newline).",
            valueName: "text"))
    var delimiter: String?

    /// The format asked for, checked against `schema`; nil when `--format` is not given.
    func resolve(_ schema: ListSchema) throws -> ListFormat? {
        guard let format else {
            if delimiter != nil { throw CLIExit(code: CLIExit.usage, message: "--delimiter needs --format path or a template") }
            return nil
        }
        let terminator = FormatOptions.unescape(delimiter ?? "\n")
        switch format {
        case "path":
            guard schema.pathField != nil else {
                throw CLIExit(
                    code: CLIExit.usage, message: "--format path: these rows are not notes; use a template such as '{{\(schema.fields[0].name)}}'")
            }
            return .path(terminator: terminator)
        case "json", "jsonl", "csv", "tsv":
            if delimiter != nil { throw CLIExit(code: CLIExit.usage, message: "--delimiter applies to --format path and templates, not \(format)") }
            return format == "json" ? .json : format == "jsonl" ? .jsonl : format == "csv" ? .csv : .tsv
        default:
            guard format.contains("{{") else {
                let guess = CommandSuggestion.nearest(format, among: ListFormat.names).map { "; did you mean '\($0)'?" } ?? ""
                throw CLIExit(
                    code: CLIExit.usage,
                    message: "--format: unknown format '\(TerminalText.safe(format))'\(guess) (path, json, jsonl, csv, tsv, or a template with {{field}})")
            }
            return .template(try RowTemplate(format, schema: schema), terminator: terminator)
        }
    }

    /// `--delimiter`'s escapes: `\0`, `\t`, `\n`, `\\`.
    static func unescape(_ text: String) -> String {
        var out = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "0": out += "\0"
                case "t": out += "\t"
                case "n": out += "\n"
                case "\\": out += "\\"
                default: out += "\\" + String(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return escaped ? out + "\\" : out
    }
}

/// Prints rows in a `--format`.
enum ListPrinter {
    static func print(_ rows: [ListRow], schema: ListSchema, format: ListFormat) {
        switch format {
        case .json:
            Terminal.line(JSONValue.array(rows.map(\.json)).text())
        case .jsonl:
            for row in rows { Terminal.line(row.json.text(pretty: false)) }
        case .path(let terminator):
            let name = schema.pathField ?? "path"
            printPaths(rows.compactMap { if case .string(let path) = $0.value(name) { path } else { nil } }, terminator: terminator)
        case .csv, .tsv:
            let csv: Bool
            if case .csv = format { csv = true } else { csv = false }
            let separator = csv ? "," : "\t"
            let end = csv ? "\r\n" : "\n"
            // On a terminal, control characters are escaped as everywhere; piped, the bytes are exact.
            let safe = Terminal.stdoutIsTerminal
            var out = schema.fields.map(\.name).joined(separator: separator) + end
            for row in rows {
                out += schema.fields.map { field in
                    var text = RowTemplate.text(of: row.value(field.name), kind: field.kind, argument: nil)
                    if safe { text = TerminalText.safe(text) }
                    return csv ? csvField(text) : tsvField(text)
                }.joined(separator: separator) + end
                if out.utf8.count >= 1 << 16 {
                    Terminal.raw(out)
                    out = ""
                }
            }
            Terminal.raw(out)
        case .template(let template, let terminator):
            let safe = Terminal.stdoutIsTerminal
            var out = ""
            for row in rows {
                out += template.render(row, schema: schema, safe: safe) + terminator
                if out.utf8.count >= 1 << 16 {
                    Terminal.raw(out)
                    out = ""
                }
            }
            Terminal.raw(out)
        }
    }

    /// Paths as `--paths` prints them (escaped control characters), or with another terminator
    /// exactly as `--print0` does (exact bytes, for programs).
    static func printPaths(_ paths: [String], terminator: String) {
        if terminator == "\n" {
            for path in paths { Terminal.line(TerminalText.safe(path)) }
        } else {
            // NUL-terminated paths are for programs, which need the exact names.
            let safe = terminator != "\0" && Terminal.stdoutIsTerminal
            Terminal.raw(paths.map { (safe ? TerminalText.safe($0) : $0) + terminator }.joined())
        }
    }

    /// RFC 4180: quoted when it holds a comma, a quote, CR or LF (or starts with a space), quotes doubled.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) || text.hasPrefix(" ")
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// TSV as PostgreSQL and most tools read it: tab, newline, CR and backslash escaped.
    static func tsvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" || $0 == "\r\n" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
