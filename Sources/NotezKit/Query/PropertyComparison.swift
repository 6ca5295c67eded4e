import Foundation

/// How a `prop:` term compares one note's values, prepared once per term.
///
/// The type of the comparison comes from the schema of the note's folder when it defines the key
/// (number, date and datetime, bool; text, select, multi-select and list compare as text), else from
/// the query's value: a number (`3`, `-1.5`), else a date (`2025-01-31`, or `DAY..DAY` after `=`),
/// else a boolean word (`true`, `no`...; `=` only), else text. A note's value that does not read as
/// that type does not match. A list matches when one of its items does.
struct PropertyComparison: Sendable {
    /// What the values are compared as.
    enum ValueType: String, Sendable {
        case text, number, date, bool
    }

    /// The ordering, nil for `=`.
    let ordering: PropertyOperator?
    /// The query's value.
    let value: String
    /// The value folded for text equality.
    let folded: String
    /// The value as a number, when it is one.
    let number: PropertyNumber?
    /// The value as a day filter (`=`: a day or a range; orderings: before/after the day), when it is one.
    let date: DateFilter?
    /// The value as a boolean word (`=` only), when it is one.
    let bool: Bool?

    /// `prop:KEY=VALUE`.
    init(equals value: String) {
        ordering = nil
        self.value = value
        folded = PropertyComparison.fold(value)
        number = PropertyNumber(value)
        switch DateFilter(value) {
        case .some(let filter) where filter.isDayOrRange: date = filter
        default: date = nil
        }
        bool = NoteMetadata.bool(value)
    }

    /// `prop:KEY>VALUE` and the other orderings.
    init(_ ordering: PropertyOperator, _ value: String) {
        self.ordering = ordering
        self.value = value
        folded = PropertyComparison.fold(value)
        number = PropertyNumber(value)
        // DateFilter reads `>DAY`, `>=DAY`, `<DAY` and `<=DAY` with the meaning of these operators.
        date = DateFilter.Day(value) != nil ? DateFilter(ordering.rawValue + value) : nil
        bool = nil
    }

    /// The type used when no schema defines the key.
    var inferredType: ValueType {
        if number != nil { return .number }
        if date != nil { return .date }
        if bool != nil, ordering == nil { return .bool }
        return .text
    }

    /// The comparison type of a schema type.
    static func type(of kind: PropertySpec.Kind) -> ValueType {
        switch kind {
        case .number: return .number
        case .date, .datetime: return .date
        case .bool: return .bool
        case .text, .select, .multiSelect, .list: return .text
        }
    }

    /// Whether one scalar of a note passes, compared as `type`.
    func matches(_ item: String, as type: ValueType) -> Bool {
        switch type {
        case .number:
            guard let number, let other = PropertyNumber(item) else { return false }
            switch ordering {
            case nil: return other == number
            case .greater: return other > number
            case .atLeast: return other >= number
            case .less: return other < number
            case .atMost: return other <= number
            }
        case .date:
            // The forms of the schema's date and datetime types; a bare number is never a date here.
            guard let date, PropertySpec.isDate(item) || PropertySpec.isDateTime(item), let seconds = NoteDate.parse(item)?.seconds
            else { return false }
            return date.matches(seconds, now: 0)  // never an age, so `now` is unused
        case .bool:
            guard ordering == nil, let bool else { return false }
            return NoteMetadata.bool(item) == bool
        case .text:
            return ordering == nil && PropertyComparison.fold(item) == folded
        }
    }

    /// Lowercased and NFC-normalized: text compares ignoring case.
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased()
    }
}
