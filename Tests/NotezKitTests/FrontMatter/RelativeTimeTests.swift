import Testing

@testable import NotezKit
import NotezTestSupport

/// One wording of an age for the terminal and the web UI.
struct RelativeTimeTests {
    static let ages: [(Double, String)] = [
        (0, "just now"), (59, "just now"), (60, "1 minute ago"), (150, "2 minutes ago"), (3600, "1 hour ago"),
        (172_800, "2 days ago"), (1_209_600, "2 weeks ago"), (3_888_000, "1 month ago"), (69_120_000, "2 years ago"),
    ]

    @Test(arguments: ages)
    func wording(age: Double, words: String) {
        let now = 1_700_000_000.0
        expect(RelativeTime.describe(now - age, now: now), equals: words)
    }

    @Test func aFutureTimeIsItsDate() {
        expect(RelativeTime.describe(1_700_000_000 + 86_400, now: 1_700_000_000), equals: NoteDate.day(1_700_000_000 + 86_400))
    }
}
