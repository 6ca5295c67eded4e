/// The file name of a day's note from the `daily.format` setting.
enum DailyName {
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// Replaces `YYYY`, `YY`, `MM`, `DD`, `dddd` (Monday), `ddd` (Mon) in `format`; other text is kept.
    public static func format(_ format: String, day: LocalTime) -> String {
        let parts = day.parts
        let tokens: [(String, String)] = [
            ("YYYY", String(format: "%04d", parts.year)),
            ("YY", String(format: "%02d", parts.year % 100)),
            ("MM", String(format: "%02d", parts.month)),
            ("DD", String(format: "%02d", parts.day)),
            ("dddd", weekdays[day.weekday]),
            ("ddd", String(weekdays[day.weekday].prefix(3))),
        ]
        var result = ""
        var rest = Substring(format)
        scanning: while !rest.isEmpty {
            for (token, value) in tokens where rest.hasPrefix(token) {
                result += value
                rest = rest.dropFirst(token.count)
                continue scanning
            }
            result.append(rest.removeFirst())
        }
        return result
    }
}
