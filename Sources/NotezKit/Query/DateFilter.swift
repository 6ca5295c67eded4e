/// A `created:` / `modified:` comparison: against whole UTC days, or an age relative to now.
public enum DateFilter: Sendable, Hashable, CustomStringConvertible {
    /// `>DATE`: after that day.
    case after(Day)
    /// `>=DATE`: that day or later.
    case onOrAfter(Day)
    /// `<DATE`: before that day.
    case before(Day)
    /// `<=DATE`: that day or earlier.
    case onOrBefore(Day)
    /// `DATE`: during that day.
    case on(Day)
    /// `DATE..DATE`: from the first day through the last, inclusive.
    case between(Day, Day)
    /// `7d`, `2w`, `3m`, `1y`: newer than that long ago.
    case within(Age)

    /// A calendar day (UTC), written `YYYY-MM-DD`.
    public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The year (1...9999).
        public var year: Int
        /// The month (1...12).
        public var month: Int
        /// The day of the month.
        public var day: Int

        /// A valid day, or nil.
        public init?(year: Int, month: Int, day: Int) {
            guard (1...9999).contains(year), NoteDate.civil(year, month, day, 0, 0, 0, 0) != nil else { return nil }
            self.year = year
            self.month = month
            self.day = day
        }

        /// Parses `YYYY-MM-DD` (month and day may have one digit).
        public init?(_ text: some StringProtocol) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
                parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
            else { return nil }
            self.init(year: year, month: month, day: day)
        }

        /// Seconds since 1970 at the start of this day, UTC.
        public var start: Double { NoteDate.civil(year, month, day, 0, 0, 0, 0)! }

        /// Seconds since 1970 at the start of the next day, UTC.
        public var end: Double { start + 86400 }

        /// `YYYY-MM-DD`.
        public var description: String {
            let pad = { (value: Int, width: Int) in
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }

        /// Orders days chronologically.
        public static func < (lhs: Day, rhs: Day) -> Bool {
            (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
        }
    }

    /// A relative age such as `7d`.
    public struct Age: Sendable, Hashable, CustomStringConvertible {
        /// Units of an age.
        public enum Unit: Character, Sendable, Hashable, CaseIterable {
            case days = "d", weeks = "w", months = "m", years = "y"
        }

        /// The largest amount accepted, so date math cannot overflow.
        static let maxAmount = 99_999

        /// How many units.
        var amount: Int
        /// Which unit.
        public var unit: Unit

        /// Creates an age; nil when the amount is out of range.
        public init?(amount: Int, unit: Unit) {
            guard (0...Age.maxAmount).contains(amount) else { return nil }
            self.amount = amount
            self.unit = unit
        }

        /// Parses `7d`, `2w`, `3m`, `1y` (unit in any case).
        public init?(_ text: some StringProtocol) {
            guard let last = text.last, let unit = Unit(rawValue: Character(last.lowercased())) else { return nil }
            let digits = text.dropLast()
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let amount = Int(digits)
            else { return nil }
            self.init(amount: amount, unit: unit)
        }

        /// The earliest time (seconds since 1970) that is newer than this age at `now`.
        /// Months and years step the UTC calendar and clamp the day (March 31 minus 1m is February 28/29).
        func cutoff(now: Double) -> Double {
            switch unit {
            case .days: return now - Double(amount) * 86400
            case .weeks: return now - Double(amount) * 7 * 86400
            case .months, .years:
                let parts = NoteDate.components(now, offset: 0)
                let months = unit == .months ? amount : amount * 12
                var total = parts.year * 12 + (parts.month - 1) - months
                total = max(total, 12)  // not before year 1
                let year = total / 12
                let month = total % 12 + 1
                let day = min(parts.day, NoteDate.daysIn(month: month, year: year))
                let fraction = now - now.rounded(.down)
                return NoteDate.civil(year, month, day, parts.hour, parts.minute, parts.second, 0)! + fraction
            }
        }

        /// `7d`.
        public var description: String { "\(amount)\(unit.rawValue)" }
    }

    /// Parses a DATE_CMP value; nil when it is not one.
    public init?(_ text: String) {
        if text.hasPrefix(">=") {
            guard let day = Day(text.dropFirst(2)) else { return nil }
            self = .onOrAfter(day)
        } else if text.hasPrefix("<=") {
            guard let day = Day(text.dropFirst(2)) else { return nil }
            self = .onOrBefore(day)
        } else if text.hasPrefix(">") {
            guard let day = Day(text.dropFirst()) else { return nil }
            self = .after(day)
        } else if text.hasPrefix("<") {
            guard let day = Day(text.dropFirst()) else { return nil }
            self = .before(day)
        } else if let range = text.range(of: "..") {
            guard let first = Day(text[..<range.lowerBound]), let last = Day(text[range.upperBound...]) else { return nil }
            self = .between(first, last)
        } else if let day = Day(text) {
            self = .on(day)
        } else if let age = Age(text) {
            self = .within(age)
        } else {
            return nil
        }
    }

    /// A day or a range of days (not an ordering or an age).
    var isDayOrRange: Bool {
        switch self {
        case .on, .between: return true
        default: return false
        }
    }

    /// True when a time (seconds since 1970) passes the filter at `now`.
    public func matches(_ seconds: Double, now: Double) -> Bool {
        switch self {
        case .after(let day): return seconds >= day.end
        case .onOrAfter(let day): return seconds >= day.start
        case .before(let day): return seconds < day.start
        case .onOrBefore(let day): return seconds < day.end
        case .on(let day): return seconds >= day.start && seconds < day.end
        case .between(let first, let last): return seconds >= first.start && seconds < last.end
        case .within(let age): return seconds >= age.cutoff(now: now)
        }
    }

    /// The canonical text: `>2024-01-31`, `2024-01-01..2024-03-31`, `7d`.
    public var description: String {
        switch self {
        case .after(let day): return ">\(day)"
        case .onOrAfter(let day): return ">=\(day)"
        case .before(let day): return "<\(day)"
        case .onOrBefore(let day): return "<=\(day)"
        case .on(let day): return "\(day)"
        case .between(let first, let last): return "\(first)..\(last)"
        case .within(let age): return "\(age)"
        }
    }
}
