import NotezKit

/// "just now", "5 min ago", "yesterday", "3 days ago", then the date.
enum RelativeTime {
    static func text(_ time: Double, now: Double) -> String {
        let seconds = now - time
        if seconds < 0 { return NoteDate.iso8601(time).prefix(10).description }
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 86_400 { return "\(Int(seconds / 3600)) h ago" }
        if seconds < 2 * 86_400 { return "yesterday" }
        if seconds < 30 * 86_400 { return "\(Int(seconds / 86_400)) days ago" }
        return String(NoteDate.iso8601(time).prefix(10))
    }
}
