import Foundation

/// A date read from front matter, with the style it was written in so an edit can keep it.
public struct NoteDate: Sendable, Equatable {
    /// The ways a date can be written in front matter.
    public enum Style: Sendable, Equatable {
        /// `2024-05-01`
        case date
        /// `2024-05-01T09:00:00Z`, `2024-05-01T09:00:00+02:00`, `2024-05-01T09:00`, with `T` or a space.
        case isoDateTime(separator: Character, seconds: Bool, fraction: Bool, zone: ZoneStyle)
        /// `2019-03-13 10:00:00 -0500`
        case spacedOffset
        /// `1714554000`
        case epochSeconds
        /// `1714554000000`
        case epochMilliseconds
        /// `05/01/2024`
        case usDate
        /// `20230613`, `202306132231`, `20230613223113` (8, 12 or 14 digits, UTC), as Zettelkasten IDs write them.
        case compact(digits: Int)
    }

    /// Epoch values are read only between 1980 and 2100: outside, a number is far more likely a
    /// mistake than a date (`20230613223113` as milliseconds is the year 2611, `5` is 1970).
    static let plausibleEpochSeconds: ClosedRange<Double> = 315_532_800...4_102_444_800

    /// How a date-time writes its zone.
    public enum ZoneStyle: Sendable, Equatable {
        case none, z, colon, compact
    }

    /// Seconds since 1970.
    public var seconds: Double
    /// The written style.
    public var style: Style
    /// The UTC offset written in the value, in seconds (0 when none was written).
    var offsetSeconds: Int

    /// Creates a date.
    public init(seconds: Double, style: Style, offsetSeconds: Int = 0) {
        self.seconds = seconds
        self.style = style
        self.offsetSeconds = offsetSeconds
    }

    /// Parses a front matter value; values without a zone are taken as UTC. Nil when unrecognized.
    public static func parse(_ raw: String) -> NoteDate? {
        let text = raw.trimmingSpaces()
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            // A compact calendar date first: `20230613` is a day, not 1970-08-23 in epoch seconds.
            if [8, 12, 14].contains(bytes.count), let compact = compactDate(bytes) { return compact }
            guard let number = Double(text) else { return nil }
            switch bytes.count {
            case 1...11 where plausibleEpochSeconds.contains(number):
                return NoteDate(seconds: number, style: .epochSeconds)
            case 12...14 where plausibleEpochSeconds.contains(number / 1000):
                return NoteDate(seconds: number / 1000, style: .epochMilliseconds)
            default: return nil
            }
        }
        var scanner = DigitScanner(bytes: bytes)
        if let month = scanner.number(digits: 1...2), scanner.take(0x2F),
            let day = scanner.number(digits: 1...2), scanner.take(0x2F),
            let year = scanner.number(digits: 4...4), scanner.atEnd
        {
            return civil(year, month, day, 0, 0, 0, 0).map { NoteDate(seconds: $0, style: .usDate) }
        }
        scanner = DigitScanner(bytes: bytes)
        guard let year = scanner.number(digits: 4...4), scanner.take(0x2D),
            let month = scanner.number(digits: 1...2), scanner.take(0x2D),
            let day = scanner.number(digits: 1...2)
        else { return nil }
        if scanner.atEnd {
            return civil(year, month, day, 0, 0, 0, 0).map { NoteDate(seconds: $0, style: .date) }
        }
        let separator: Character
        if scanner.take(0x54) || scanner.take(0x74) {
            separator = "T"
        } else if scanner.take(0x20) {
            separator = " "
        } else {
            return nil
        }
        guard let hour = scanner.number(digits: 1...2), scanner.take(0x3A),
            let minute = scanner.number(digits: 2...2)
        else { return nil }
        var second = 0
        var hasSeconds = false
        var fraction = 0.0
        var hasFraction = false
        if scanner.take(0x3A) {
            guard let value = scanner.number(digits: 2...2) else { return nil }
            second = value
            hasSeconds = true
            if scanner.take(0x2E) {
                guard let (value, count) = scanner.digits(), count > 0 else { return nil }
                fraction = Double(value) / pow(10, Double(count))
                hasFraction = true
            }
        }
        var offset = 0
        var zone = ZoneStyle.none
        let spaced = scanner.take(0x20)
        if scanner.take(0x5A) || scanner.take(0x7A) {
            zone = .z
        } else if let sign = scanner.sign() {
            // Exactly two digits each: `-0500` has no colon between hours and minutes.
            guard let hours = scanner.number(digits: 2...2) else { return nil }
            let colon = scanner.take(0x3A)
            let minutes = scanner.number(digits: 2...2) ?? 0
            offset = sign * (hours * 3600 + minutes * 60)
            zone = colon ? .colon : .compact
        } else if spaced {
            return nil
        }
        guard scanner.atEnd, hour < 24, minute < 60, second < 61 else { return nil }
        guard let base = civil(year, month, day, hour, minute, second, offset) else { return nil }
        let style: Style =
            spaced && zone == .compact && separator == " " && hasSeconds && !hasFraction
            ? .spacedOffset
            : .isoDateTime(separator: separator, seconds: hasSeconds, fraction: hasFraction, zone: zone)
        return NoteDate(seconds: base + fraction, style: style, offsetSeconds: offset)
    }

    /// `YYYYMMDD`, `YYYYMMDDHHMM` or `YYYYMMDDHHMMSS` with a year from 1000 to 2999 and a valid
    /// day and time; nil otherwise.
    static func compactDate(_ bytes: [UInt8]) -> NoteDate? {
        func number(_ range: Range<Int>) -> Int {
            bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        let year = number(0..<4)
        guard (1000...2999).contains(year) else { return nil }
        let hour = bytes.count >= 12 ? number(8..<10) : 0
        let minute = bytes.count >= 12 ? number(10..<12) : 0
        let second = bytes.count == 14 ? number(12..<14) : 0
        guard hour < 24, minute < 60, second < 60,
            let seconds = civil(year, number(4..<6), number(6..<8), hour, minute, second, 0)
        else { return nil }
        return NoteDate(seconds: seconds, style: .compact(digits: bytes.count))
    }

    /// Writes `seconds` in this date's style (and offset), for `modified:` updates.
    func formatted(_ newSeconds: Double) -> String {
        switch style {
        case .epochSeconds: return String(Int64(newSeconds.rounded(.down)))
        case .epochMilliseconds: return String(Int64((newSeconds * 1000).rounded(.down)))
        case .date:
            let parts = NoteDate.components(newSeconds, offset: 0)
            return String(format: "%04d-%02d-%02d", parts.year, parts.month, parts.day)
        case .usDate:
            let parts = NoteDate.components(newSeconds, offset: 0)
            return String(format: "%02d/%02d/%04d", parts.month, parts.day, parts.year)
        case .compact(let digits):
            let parts = NoteDate.components(newSeconds, offset: 0)
            var text = String(format: "%04d%02d%02d", parts.year, parts.month, parts.day)
            if digits >= 12 { text += String(format: "%02d%02d", parts.hour, parts.minute) }
            if digits == 14 { text += String(format: "%02d", parts.second) }
            return text
        case .spacedOffset:
            let parts = NoteDate.components(newSeconds, offset: offsetSeconds)
            return String(
                format: "%04d-%02d-%02d %02d:%02d:%02d ", parts.year, parts.month, parts.day,
                parts.hour, parts.minute, parts.second) + NoteDate.offsetText(offsetSeconds, colon: false)
        case .isoDateTime(let separator, let seconds, let fraction, let zone):
            let parts = NoteDate.components(newSeconds, offset: offsetSeconds)
            var text = String(format: "%04d-%02d-%02d", parts.year, parts.month, parts.day)
            text += String(separator) + String(format: "%02d:%02d", parts.hour, parts.minute)
            if seconds || fraction { text += String(format: ":%02d", parts.second) }
            if fraction {
                // Rounded, not truncated: .123 is stored as .12299999.
                let millis = min(999, Int(((newSeconds - newSeconds.rounded(.down)) * 1000).rounded()))
                text += String(format: ".%03d", millis)
            }
            switch zone {
            case .none: break
            case .z: text += "Z"
            case .colon: text += NoteDate.offsetText(offsetSeconds, colon: true)
            case .compact: text += NoteDate.offsetText(offsetSeconds, colon: false)
            }
            return text
        }
    }

    /// ISO 8601 in UTC with `Z`, the form of `--json` output.
    public static func iso8601(_ seconds: Double) -> String {
        let parts = components(seconds, offset: 0)
        return digits(parts.year, 4) + "-" + digits(parts.month, 2) + "-" + digits(parts.day, 2) + "T" + digits(parts.hour, 2)
            + ":" + digits(parts.minute, 2) + ":" + digits(parts.second, 2) + "Z"
    }

    /// `yyyyMMddTHHmmssSSSZ` in UTC: sortable ids for journal records and trash items.
    static func compactStamp(_ seconds: Double) -> String {
        let parts = components(seconds, offset: 0)
        let millis = Int((seconds - seconds.rounded(.down)) * 1000)
        return String(
            format: "%04d%02d%02dT%02d%02d%02d%03dZ", parts.year, parts.month, parts.day,
            parts.hour, parts.minute, parts.second, millis)
    }

    /// `YYYY-MM-DD` in UTC, for listings.
    public static func day(_ seconds: Double) -> String {
        let parts = components(seconds, offset: 0)
        // Built by hand: `String(format:)` costs microseconds, and listings print 100,000 of these.
        return digits(parts.year, 4) + "-" + digits(parts.month, 2) + "-" + digits(parts.day, 2)
    }

    /// `value` in decimal, zero-padded to `width` characters, a minus sign included (as `%0Nd`).
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        let room = width - (value < 0 ? 1 : 0)
        let padded = text.utf8.count >= room ? text : String(repeating: "0", count: room - text.utf8.count) + text
        return value < 0 ? "-" + padded : padded
    }

    static func offsetText(_ offset: Int, colon: Bool) -> String {
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        return String(format: "%@%02d%@%02d", sign, magnitude / 3600, colon ? ":" : "", (magnitude % 3600) / 60)
    }

    /// Calendar fields of a time at a UTC offset (proleptic Gregorian, no Foundation calendar needed).
    static func components(_ seconds: Double, offset: Int)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    {
        let total = Int64(seconds.rounded(.down)) + Int64(offset)
        var days = total / 86400
        var rest = total % 86400
        if rest < 0 { rest += 86400; days -= 1 }
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day), Int(rest / 3600), Int(rest % 3600 / 60), Int(rest % 60))
    }

    /// Seconds since 1970 of a civil date-time at a UTC offset; nil for impossible dates.
    static func civil(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
        _ offset: Int
    ) -> Double? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A cursor over ASCII digits and punctuation for the date parser.
struct DigitScanner {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    mutating func sign() -> Int? {
        if take(0x2B) { return 1 }
        if take(0x2D) { return -1 }
        return nil
    }

    /// Reads up to `limit` digits; a fraction may be longer than a value can hold, so extra digits are skipped.
    mutating func digits(limit: Int = .max) -> (Int, Int)? {
        var value = 0
        var count = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, count < limit {
            if count < 18 { value = value * 10 + Int(bytes[position] - 0x30) }
            count += 1
            position += 1
        }
        return (value, min(count, 18))
    }

    /// A number of `allowed` digits; reading stops at the upper bound, so `+0200` reads as two 2-digit numbers.
    mutating func number(digits allowed: ClosedRange<Int>) -> Int? {
        let start = position
        guard let (value, count) = digits(limit: allowed.upperBound), allowed.contains(count) else {
            position = start
            return nil
        }
        return value
    }
}
