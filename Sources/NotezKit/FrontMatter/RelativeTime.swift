/// A time as an age, in one wording for the terminal and the web UI: `just now`, `5 minutes ago`,
/// `2 hours ago`, `3 days ago`, `2 weeks ago`, `1 month ago`, `2 years ago`.
public enum RelativeTime {
    /// Describes `seconds` (since 1970) as an age at `now`; a time in the future is shown as its date.
    public static func describe(_ seconds: Double, now: Double) -> String {
        let age = now - seconds
        if age < -60 { return NoteDate.day(seconds) }
        if age < 60 { return "just now" }
        let units: [(Double, String)] = [(60, "minute"), (3600, "hour"), (86_400, "day"), (86_400 * 7, "week"), (86_400 * 30, "month"), (86_400 * 365, "year")]
        var chosen = units[0]
        for unit in units where age >= unit.0 { chosen = unit }
        // Weeks only up to a month: `5 weeks ago` reads worse than `1 month ago`.
        let count = Int(age / chosen.0)
        return "\(count) \(chosen.1)\(count == 1 ? "" : "s") ago"
    }
}
