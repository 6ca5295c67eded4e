/// `NOTEZ_NOW`: a fixed "now" for tests and reproducible runs, in seconds since 1970 or as any
/// date notez reads in front matter (`2024-05-01`, `2024-05-01T09:00:00Z`). The one reading for
/// every front end.
public enum FixedNow {
    /// The fixed moment the environment asks for; nil when `NOTEZ_NOW` is not set.
    public static func seconds(environment: [String: String]) throws(NotezError) -> Double? {
        guard let text = environment["NOTEZ_NOW"] else { return nil }
        let trimmed = text.trimmingSpaces()
        // A number is seconds since 1970 (as the tests have always written it); else a date.
        if let value = Double(trimmed), value.isFinite { return value }
        if let date = NoteDate.parse(trimmed) { return date.seconds }
        throw .usage("NOTEZ_NOW must be seconds since 1970 or a date such as 2024-05-01T09:00:00Z, not '\(text)'")
    }

    /// The moment to use: `NOTEZ_NOW` when it is set and valid, else the clock's.
    public static func now(environment: [String: String], clock: () -> Double) -> Double {
        ((try? seconds(environment: environment)) ?? nil) ?? clock()
    }
}
