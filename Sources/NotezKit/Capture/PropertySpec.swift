/// One typed property of a folder's schema (`properties:` in `.notez/config.yaml`).
public struct PropertySpec: Sendable, Equatable {
    /// The value types a property can have.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case text, number, bool, date, datetime, select
        case multiSelect = "multi-select"
        case list
    }

    /// The front matter key, exactly as written in notes.
    public var key: String
    /// The value type.
    public var kind: Kind
    /// The allowed values of `select` and `multi-select`.
    public var options: [String]
    /// Whether every note of the folder must have a value.
    public var required: Bool

    /// A property.
    public init(key: String, kind: Kind, options: [String] = [], required: Bool = false) {
        self.key = key
        self.kind = kind
        self.options = options
        self.required = required
    }

    /// `status: select [todo, doing, done], required`, for `template show` and messages.
    public var summary: String {
        var text = "\(key): \(kind.rawValue)"
        if !options.isEmpty { text += " [" + options.joined(separator: ", ") + "]" }
        if required { text += ", required" }
        return text
    }

    /// The YAML text (what follows `key: `) for a value typed on the command line, or why it is not
    /// a valid value. Lists are comma-separated (`a, b`) and written as a flow list.
    func yamlText(for input: String) -> Result<String, PropertyProblem> {
        let value = input.trimmingCharacters(in: .whitespaces)
        func bad(_ reason: String) -> Result<String, PropertyProblem> { .failure(PropertyProblem(key: key, reason: reason)) }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return bad("control characters and line breaks are not allowed in a value")
        }
        switch kind {
        case .text:
            return .success(NoteNaming.scalar(value, flow: false))
        case .number:
            guard PropertySpec.isNumber(value) else { return bad("'\(value)' is not a number (like 3, -2 or 1.5)") }
            return .success(value)
        case .bool:
            guard let flag = NoteMetadata.bool(value) else { return bad("'\(value)' is not true or false") }
            return .success(flag ? "true" : "false")
        case .date:
            guard PropertySpec.isDate(value) else { return bad("'\(value)' is not a date (YYYY-MM-DD)") }
            return .success(value)
        case .datetime:
            guard PropertySpec.isDateTime(value) else {
                return bad("'\(value)' is not a date and time (YYYY-MM-DDTHH:MM, optionally :SS and a zone)")
            }
            return .success(NoteNaming.scalar(value, flow: false))
        case .select:
            guard let option = option(matching: value) else {
                return bad("'\(value)' is not one of: " + options.joined(separator: ", "))
            }
            return .success(NoteNaming.scalar(option, flow: false))
        case .multiSelect, .list:
            var items: [String] = []
            for raw in value.split(separator: ",") {
                let item = raw.trimmingCharacters(in: .whitespaces)
                if item.isEmpty { continue }
                if kind == .multiSelect {
                    guard let option = option(matching: item) else {
                        return bad("'\(item)' is not one of: " + options.joined(separator: ", "))
                    }
                    if !items.contains(option) { items.append(option) }
                } else {
                    items.append(item)
                }
            }
            return .success("[" + items.map { NoteNaming.scalar($0, flow: true) }.joined(separator: ", ") + "]")
        }
    }

    /// Why a value read from a note violates the type, nil when it fits. `.absent` is checked by `required`.
    public func problem(with value: PropertyValue) -> String? {
        switch value {
        case .absent:
            return required ? "required property is missing" : nil
        case .other:
            return "is a mapping or nested list; expected \(kind.rawValue)"
        case .scalar(let text):
            switch kind {
            case .text: return nil
            case .number: return PropertySpec.isNumber(text) ? nil : "'\(text)' is not a number"
            case .bool: return NoteMetadata.bool(text) == nil ? "'\(text)' is not true or false" : nil
            case .date: return PropertySpec.isDate(text) ? nil : "'\(text)' is not a date (YYYY-MM-DD)"
            case .datetime: return PropertySpec.isDateTime(text) ? nil : "'\(text)' is not a date and time"
            case .select: return option(matching: text) == text ? nil : notOption(text)
            case .multiSelect: return option(matching: text) == text ? nil : notOption(text)
            case .list: return nil
            }
        case .list(let items):
            switch kind {
            case .list: return nil
            case .multiSelect:
                for item in items where option(matching: item) != item { return notOption(item) }
                return nil
            default: return "is a list; expected \(kind.rawValue)"
            }
        }
    }

    private func notOption(_ text: String) -> String {
        "'\(text)' is not one of: " + options.joined(separator: ", ")
    }

    /// The option equal to `value`, else the one equal ignoring case.
    func option(matching value: String) -> String? {
        options.first(where: { $0 == value }) ?? options.first(where: { $0.lowercased() == value.lowercased() })
    }

    static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == 0x2D || bytes.first == 0x2B { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: 0x2E, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { return false }
        return true
    }

    static func isDate(_ text: String) -> Bool {
        guard text.utf8.count == 10, let date = NoteDate.parse(text) else { return false }
        return date.style == .date
    }

    static func isDateTime(_ text: String) -> Bool {
        guard let date = NoteDate.parse(text) else { return false }
        switch date.style {
        case .isoDateTime, .spacedOffset: return true
        default: return false
        }
    }
}

/// A property's value as read from a note's front matter, for schema checks.
public enum PropertyValue: Sendable, Equatable {
    /// The key is missing or its value is null.
    case absent
    /// One scalar.
    case scalar(String)
    /// A list of scalars.
    case list([String])
    /// A mapping, or a list holding lists or mappings.
    case other

    /// The value of an entry's events.
    public init(events: ArraySlice<YAMLEvent>) {
        guard let first = events.first else {
            self = .absent
            return
        }
        switch first.kind {
        case .scalar:
            self = first.style == .plain && FrontMatterDocument.isNullLiteral(first.value) ? .absent : .scalar(first.value)
        case .sequenceStart:
            let inner = events.dropFirst().dropLast()
            guard inner.allSatisfy({ $0.kind == .scalar }) else {
                self = .other
                return
            }
            self = .list(
                inner.filter { !($0.style == .plain && FrontMatterDocument.isNullLiteral($0.value)) }.map(\.value))
        default:
            self = .other
        }
    }
}

/// A property value that does not fit its schema, or a schema that is wrong.
public struct PropertyProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The property's key.
    public var key: String
    /// What is wrong.
    public var reason: String

    /// A problem.
    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    /// `status: 'x' is not one of: todo, done`.
    public var description: String { "\(key): \(reason)" }
}
