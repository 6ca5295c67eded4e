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
