import Foundation
import Testing
import NotezTestSupport

/// Routing on real vaults: `notez new --route` files a capture where similar notes are, then where
/// the learned capture habit says, and always says why.
@Suite struct CaptureCorporaTests {
    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func routeSuggestsWithAReason(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        let listed = try vault.run(["ls", "-r", "--json", "--no-snippets"])
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        // A note in a folder: a capture titled like it should go near it.
        let sample = try #require(notes.first { !($0["folder"] as! String).isEmpty && ($0["title"] as! String).split(separator: " ").count >= 2 })
        let title = sample["title"] as! String
        let created = try Mutation.run(vault, ["new", title + " follow-up", "--route"], stdin: "captured text\n")
        expect(created.status, equals: 0, "\(created.stderr)")
        let line = try #require(created.stderr.split(separator: "\n").first { $0.hasPrefix("notez: → ") }, "\(created.stderr)")
        expect(line.contains("(similar notes: "), "\(line)")
        let folder = String(line.dropFirst("notez: → ".count).prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
        expect(created.stdout.hasPrefix(folder + "/"), "\(created.stdout) not in \(folder)")
        expect(FileManager.default.fileExists(atPath: vault.path + "/" + created.stdout.trimmingCharacters(in: .newlines)))

        // Three Monday-morning captures into one folder make a habit that wins over similarity.
        let habit = sample["folder"] as! String == folder ? "" : sample["folder"] as! String
        let mondays = [1_794_819_600, 1_795_424_400, 1_796_029_200]  // Mondays 2026-11-16, -23, -30, 09:00 UTC
        for (number, seconds) in mondays.enumerated() {
            let result = try Mutation.run(
                vault, ["new", "Inbox \(number)", "--folder", habit, "--body", "x"],
                environment: ["NOTEZ_NOW": String(seconds + 600), "TZ": "UTC"])
            expect(result.status, equals: 0, "\(result.stderr)")
        }
        let routed = try Mutation.run(
            vault, ["new", title + " again", "--route", "--body", "x"], environment: ["NOTEZ_NOW": String(1_796_634_000 + 1200), "TZ": "UTC"])
        expect(routed.status, equals: 0)
        expect(
            routed.stderr.contains("→ \(habit.isEmpty ? "Unsorted" : habit) (Mon 9–10: 3 of 3 captures)"), "\(routed.stderr)")
        let suggest = try vault.run(["suggest", "--json", title], environment: ["NOTEZ_NOW": String(1_796_634_000 + 1200), "TZ": "UTC"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(suggest.stdout.utf8)) as? [String: Any])
        let rules = (object["folders"] as! [[String: Any]]).map { $0["rule"] as! String }
        expect(rules.first == "pattern" && rules.contains("similar"), "\(rules)")
        expect(rules.contains("unsorted") || habit.isEmpty, "\(rules)")
    }
}
