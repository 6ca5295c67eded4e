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

    /// A number as the schema's `number` type accepts it (see `PropertyNumber`).
    static func isNumber(_ text: String) -> Bool {
        PropertyNumber(text) != nil
    }

    /// `YYYY-MM-DD`, the schema's `date` type.
    static func isDate(_ text: String) -> Bool {
        guard text.utf8.count == 10, let date = NoteDate.parse(text) else { return false }
        return date.style == .date
    }

    /// An ISO date-time or `YYYY-MM-DD HH:MM:SS ±ZZZZ`, the schema's `datetime` type.
    static func isDateTime(_ text: String) -> Bool {
        guard let date = NoteDate.parse(text) else { return false }
        switch date.style {
        case .isoDateTime, .spacedOffset: return true
        default: return false
        }
    }
}
