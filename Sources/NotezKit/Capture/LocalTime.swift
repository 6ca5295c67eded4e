import Foundation

/// A moment and the time zone it is read in: capture's clock (templates, daily notes, routing).
///
/// The zone is `TZ` when it names a known zone, else the system's zone; an unknown `TZ` falls back
/// to UTC, as the C library does. Tests inject both the moment and the zone.
public struct LocalTime: Sendable, Equatable {
    /// Seconds since 1970.
    public var seconds: Double
    /// The zone local dates and hours are read in.
    public var zone: TimeZone

    /// A moment in a zone.
    public init(seconds: Double, zone: TimeZone) {
        self.seconds = seconds
        self.zone = zone
    }

    /// The zone of `TZ` (a leading `:` allowed), the system zone when unset, UTC when unknown.
    public static func zone(environment: [String: String]) -> TimeZone {
        guard var name = environment["TZ"] else { return TimeZone.current }
        if name.hasPrefix(":") { name.removeFirst() }
        if name.isEmpty { return TimeZone(identifier: "UTC")! }
        return TimeZone(identifier: name) ?? TimeZone(abbreviation: name) ?? TimeZone(identifier: "UTC")!
    }

    /// The offset from UTC at this moment, in seconds.
    public var offset: Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)) }

    /// The local calendar fields.
    public var parts: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        NoteDate.components(seconds, offset: offset)
    }

    /// The local weekday, 0 = Monday ... 6 = Sunday.
    var weekday: Int {
        let days = Int((Double(Int64((seconds + Double(offset)).rounded(.down))) / 86_400).rounded(.down))
        // 1970-01-01 was a Thursday (3 when Monday is 0).
        return ((days % 7) + 7 + 3) % 7
    }

    /// `YYYY-MM-DD`, local.
    public var date: String {
        let p = parts
        return String(format: "%04d-%02d-%02d", p.year, p.month, p.day)
    }

    /// `HH:MM`, local.
    public var time: String {
        let p = parts
        return String(format: "%02d:%02d", p.hour, p.minute)
    }

    /// ISO 8601 with the local offset: `2026-11-23T09:05:00+01:00`.
    var dateTime: String {
        let p = parts
        let minutes = abs(offset) / 60
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", p.year, p.month, p.day, p.hour, p.minute, p.second)
            + sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// Local noon of a `YYYY-MM-DD` date (noon, so the date reads back the same in the zone); nil when not a date.
    public static func day(_ text: String, zone: TimeZone) -> LocalTime? {
        guard let parsed = NoteDate.parse(text), parsed.style == .date else { return nil }
        let noonUTC = parsed.seconds + 12 * 3600
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: noonUTC))
        return LocalTime(seconds: noonUTC - Double(offset), zone: zone)
    }
}
