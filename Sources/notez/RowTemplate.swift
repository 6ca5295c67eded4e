import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// A `--format` template such as `{{title}}\t{{modified:%Y-%m-%d}}`: literal text and fields.
///
/// Escapes in the literal text: `\n` newline, `\t` tab, `\0` NUL, `\\` a backslash, `\{` a brace
/// (so `\{{` is a literal `{{`); any other backslash is kept as written. A field is `{{name}}` or
/// `{{name:argument}}` (spaces around the name ignored): a date's argument is a strftime format
/// (UTC, as the JSON dates), a list's is the separator (default `, `); other fields take none.
struct RowTemplate: Equatable {
    enum Part: Equatable {
        case text(String)
        case field(name: String, argument: String?)
    }

    let parts: [Part]

    /// The longest template accepted, and the longest date text one field may make.
    static let maxLength = 4096
    static let maxDateText = 256

    /// Parses `text` for rows of `schema`; the error names an unknown field or what is malformed.
    init(_ text: String, schema: ListSchema) throws {
        guard text.utf8.count <= RowTemplate.maxLength else {
            throw CLIExit(code: CLIExit.usage, message: "--format: a template is at most \(RowTemplate.maxLength) bytes")
        }
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            if character == "\\", rest.count > 1 {
                let next = rest[rest.index(after: rest.startIndex)]
                switch next {
                case "n": literal += "\n"
                case "t": literal += "\t"
                case "0": literal += "\0"
                case "\\": literal += "\\"
                case "{": literal += "{"
                default: literal += "\\" + String(next)
                }
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("{{") {
                guard let close = rest.range(of: "}}") else {
                    throw CLIExit(code: CLIExit.usage, message: "--format: '{{' without '}}' in the template (write '\\{{' for a literal brace)")
                }
                let inside = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                let (name, argument) = RowTemplate.split(inside)
                guard let field = schema.field(name) else {
                    let guess = CommandSuggestion.nearest(name, among: schema.fields.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                    throw CLIExit(
                        code: CLIExit.usage,
                        message: "--format: unknown field '\(TerminalText.safe(name))'\(guess); the fields are "
                            + schema.fields.map(\.name).joined(separator: ", "))
                }
                if argument != nil && field.kind != .date && field.kind != .list {
                    throw CLIExit(
                        code: CLIExit.usage,
                        message: "--format: the field '\(name)' takes no ':argument' (only dates, with a strftime format, and lists, with a separator, do)")
                }
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.field(name: name, argument: argument))
                rest = rest[close.upperBound...]
            } else {
                literal.append(character)
                rest = rest.dropFirst()
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// `name` and the text after its first colon, spaces around the name removed.
    private static func split(_ inside: Substring) -> (String, String?) {
        guard let colon = inside.firstIndex(of: ":") else { return (inside.trimmingCharacters(in: .whitespaces), nil) }
        return (inside[..<colon].trimmingCharacters(in: .whitespaces), String(inside[inside.index(after: colon)...]))
    }

    /// The row's text; `safe` escapes control characters in the values (for a terminal).
    func render(_ row: ListRow, schema: ListSchema, safe: Bool) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .field(let name, let argument):
                let value = RowTemplate.text(of: row.value(name), kind: schema.field(name)?.kind ?? .text, argument: argument)
                out += safe ? TerminalText.safe(value) : value
            }
        }
        return out
    }

    /// A value as template text: lists joined, dates formatted when asked, null empty.
    static func text(of value: JSONValue, kind: ListField.Kind, argument: String?) -> String {
        switch value {
        case .string(let text):
            if kind == .date, let format = argument, let date = NoteDate.parse(text) { return strftime(format, date.seconds) }
            return text
        case .int(let number): return String(number)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .array(let items): return items.map { text(of: $0, kind: .text, argument: nil) }.joined(separator: argument ?? ", ")
        case .object, .elements: return ""
        }
    }

    /// `format` applied to a UTC time by the C library (bounded output: a longer result is empty).
    static func strftime(_ format: String, _ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "" }
        var buffer = [Int8](repeating: 0, count: maxDateText)
        let written = Glibc.strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
