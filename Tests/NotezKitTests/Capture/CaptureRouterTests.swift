import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct CaptureRouterTests {
    static let utc = TimeZone(identifier: "UTC")!
    /// Monday 2024-05-06 00:00 UTC.
    static let monday = 1_714_953_600.0

    /// A moment `day` days and `hour` hours (fractions allowed) after Monday 00:00 UTC, read in `zone`.
    static func at(day: Int, hour: Double, zone: TimeZone = utc) -> LocalTime {
        let utcSeconds = monday + Double(day) * 86_400 + hour * 3600
        return LocalTime(seconds: utcSeconds - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: utcSeconds))), zone: zone)
    }

    static func history(_ captures: [(day: Int, hour: Double, folder: String)]) -> CaptureHistory {
        CaptureHistory(entries: captures.map { CaptureHistory.Entry(time: at(day: $0.day, hour: $0.hour), folder: $0.folder) })
    }

    static func suggest(_ history: CaptureHistory, at time: LocalTime) -> [CaptureRouter.Suggestion] {
        CaptureRouter(history: history).suggestions(text: "", time: time, similarity: nil, exists: { _ in true })
    }

    @Test func emptyHistorySuggestsUnsorted() {
        let result = Self.suggest(CaptureHistory(), at: Self.at(day: 0, hour: 9))
        expect(result.map(\.folder), equals: [""])
        expect(result.first?.reason == "no capture history yet")
    }

    @Test func aFolderOwnsASlotWithThreeCapturesAndAMajority() {
        var captures: [(day: Int, hour: Double, folder: String)] = [(0, 9.1, "Work"), (0, 9.5, "Work"), (7, 9.2, "Work")]
        expect(Self.suggest(Self.history(captures), at: Self.at(day: 0, hour: 9.9)).first?.reason == "Mon 9–10: 3 of 3 captures")
        // Two captures are not a pattern: the most recent folder is suggested instead.
        let two = Self.suggest(Self.history(Array(captures.prefix(2))), at: Self.at(day: 0, hour: 9.9))
        expect(two.first?.kind == .recent)
        // Half is not a majority: 3 Work and 3 Home in the slot, so nobody owns it (no tie to break).
        captures += [(0, 9.3, "Home"), (0, 9.4, "Home"), (7, 9.6, "Home")]
        expect(CaptureRouter(history: Self.history(captures)).owners().isEmpty)
        expect(Self.suggest(Self.history(captures), at: Self.at(day: 0, hour: 9)).first?.kind == .recent)
        captures.append((14, 9.7, "Home"))
        expect(Self.suggest(Self.history(captures), at: Self.at(day: 0, hour: 9)).first?.folder == "Home")
    }

    @Test func hourBoundariesAreExact() {
        let history = Self.history((0..<3).map { (day: $0 * 7, hour: 9.0, folder: "Work") })
        expect(Self.suggest(history, at: Self.at(day: 0, hour: 8.99)).first?.kind == .recent)
        expect(Self.suggest(history, at: Self.at(day: 0, hour: 9)).first?.kind == .pattern)
        expect(Self.suggest(history, at: Self.at(day: 0, hour: 9.999)).first?.kind == .pattern)
        expect(Self.suggest(history, at: Self.at(day: 0, hour: 10)).first?.kind == .recent)
        // Another weekday at the same hour is another slot.
        expect(Self.suggest(history, at: Self.at(day: 1, hour: 9.5)).first?.kind == .recent)
    }

    @Test func patternsJoinHoursAndWrapFromSundayNightToMonday() {
        var captures: [(day: Int, hour: Double, folder: String)] = []
        for week in 0..<3 {
            captures.append((week * 7 + 6, 22.5, "Night"))
            captures.append((week * 7 + 6, 23.5, "Night"))
            captures.append((week * 7 + 7, 0.5, "Night"))
        }
        let history = Self.history(captures)
        let sunday = Self.suggest(history, at: Self.at(day: 6, hour: 23.2)).first
        expect(sunday?.folder == "Night")
        expect(sunday?.reason == "Sun 22–Mon 1: 9 of 9 captures")
        expect(Self.suggest(history, at: Self.at(day: 7, hour: 0.1)).first?.reason == "Sun 22–Mon 1: 9 of 9 captures")
        expect(Self.suggest(history, at: Self.at(day: 7, hour: 1.1)).first?.kind == .recent)
    }

    @Test func captureTimesKeepTheirZoneAndNowIsReadInTheCurrentOne() {
        // Captured at 9:xx local in Zurich (7:xx UTC in summer).
        let zurich = TimeZone(identifier: "Europe/Zurich")!
        let history = CaptureHistory(
            entries: (0..<3).map { CaptureHistory.Entry(time: Self.at(day: $0 * 7, hour: 9.2, zone: zurich), folder: "Work") })
        expect(history.entries.allSatisfy { $0.hour == 9 && $0.weekday == 0 })
        // Now is 9:30 in New York: the habit is by local hour, so it still matches.
        let newYork = TimeZone(identifier: "America/New_York")!
        expect(Self.suggest(history, at: Self.at(day: 0, hour: 9.5, zone: newYork)).first?.kind == .pattern)
        // 9:30 in Zurich is 3:30 in New York: read in New York's zone, it is not the slot.
        let zurichMoment = Self.at(day: 0, hour: 9.5, zone: zurich)
        expect(Self.suggest(history, at: LocalTime(seconds: zurichMoment.seconds, zone: newYork)).first?.kind == .recent)
    }

    @Test func vanishedFoldersAreSkipped() {
        let history = Self.history([(0, 9, "Gone"), (7, 9, "Gone"), (14, 9, "Gone")])
        let result = CaptureRouter(history: history).suggestions(
            text: "", time: Self.at(day: 0, hour: 9), similarity: nil, exists: { $0 != "Gone" })
        expect(result.map(\.folder), equals: [""])
    }

    @Test func historyFilesSkipTornAndHostileLines() {
        let text = "1714953600\t9\t0\tWork\n1714953601\t25\t0\tWork\n1714953602\t9\t0\t../etc\n1714953603\t9\t0\t/abs\nxx\n1714953604\t9\t0\tWo"
        let history = CaptureHistory.parse(text)
        expect(history.entries.map(\.folder), equals: ["Work", "Wo"])
        expect(CaptureHistory.line(history.entries[0]), equals: "1714953600\t9\t0\tWork\n")
    }

    @Test func similarityRanksFoldersByTitlesAndTags() throws {
        let vault = try TemporaryVault([
            "Work/Meetings/Retro alpha.md": "---\ntags: [meeting, project/alpha]\n---\n",
            "Work/Meetings/Retro beta.md": "---\ntags: [meeting]\n---\n",
            "Work/Meetings/Standup.md": "---\ntags: [meeting]\n---\n",
            "Personal/Recipes/Pasta.md": "---\ntags: [food]\n---\n",
            "Personal/Alpha centauri trip.md": "x\n",
        ])
        defer { vault.remove() }
        let result = TextSimilarity.rank("Retro of the alpha sprint", index: try vault.index())
        expect(result.folders.first?.folder == "Work/Meetings")
        expect(result.folders.first?.examples.first == "Retro alpha")
        // Both tags of the best note; the rarer one first.
        expect(result.tags.map(\.folder).prefix(2), equals: ["project/alpha", "meeting"])
        expect(TextSimilarity.rank("of the", index: try vault.index()).folders.isEmpty)
    }
}
