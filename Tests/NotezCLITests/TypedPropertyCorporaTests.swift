import Foundation
import NotezTestSupport
import Testing

/// Typed `prop:` comparisons on the real vaults: every run ends with 0 or 1 and no message, `<B` and
/// `>=B` split the comparable values without overlap, a date range agrees with two orderings, and
/// text equality agrees with a count made without notez's YAML reader.
@Suite struct TypedPropertyCorporaTests {
    /// Keys of the corpora with number or date values, and a bound inside their range.
    static let orderings: [(key: String, bound: String, lowest: String)] = [
        ("date", "2016-01-01", "0001-01-01"), ("created", "1600000000000", "-1"), ("updated", "1600000000000", "-1"),
        ("nav_order", "5", "-1000000"),
    ]

    func count(_ vault: TempVault, _ query: String) throws -> Int {
        let result = try vault.run(["search", query, "--count"])
        expect(result.status == 0 || result.status == 1, "\(query): \(result.stderr)")
        expect(result.stderr == "" || result.stderr.hasPrefix("notez: no notes match"), "\(query): \(result.stderr)")
        return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func comparisonsAreConsistent(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        if archive.hasPrefix("cs-knowledge") {
            // Its properties are text (16,000 notes; each query reads every front matter).
            try expect(count(vault, "prop:LEVEL=Intermediate"), equals: Self.frontMatterLines(in: vault.url, equalTo: "level: intermediate"))
            try expect(count(vault, "prop:level>3"), equals: 0)
            return
        }
        var compared = 0
        for (key, bound, lowest) in Self.orderings {
            let below = try count(vault, "prop:\(key)<\(bound)")
            let above = try count(vault, "prop:\(key)>=\(bound)")
            try expect(count(vault, "prop:\(key)<\(bound) prop:\(key)>=\(bound)"), equals: 0, "\(key)")
            expect(below + above, equals: (try count(vault, "prop:\(key)>=\(lowest)")), "\(key)")
            compared += below + above
        }
        expect(compared > 300, "the corpus has numbers or dates to compare")
        try expect(
            count(vault, "prop:date=2016-01-01..2016-12-31"), equals: (try count(vault, "prop:date>=2016-01-01 prop:date<2017-01-01")))
    }

    /// Notes whose front matter (between the first two `---` lines) has exactly this line.
    static func frontMatterLines(in root: URL, equalTo wanted: String) -> Int {
        var total = 0
        for path in CorporaTests.noteFiles(in: root) {
            guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") else { continue }
            if lines[1..<end].contains(where: { $0 == wanted }) { total += 1 }
        }
        return total
    }
}
