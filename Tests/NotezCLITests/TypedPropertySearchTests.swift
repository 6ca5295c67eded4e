import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `notez search` with typed `prop:` comparisons on a temporary vault with a schema: results,
/// exit status, carets for malformed comparisons, the cached view, and hostile values.
@Suite struct TypedPropertySearchTests {
    static let config = """
        properties:
          Work:
            estimate: number
            code: text

        """

    func vault() throws -> TempVault {
        let vault = try TempVault()
        try vault.write(".notez/config.yaml", TypedPropertySearchTests.config)
        try vault.write("Work/A.md", "---\nestimate: 3.0\ncode: 3.0\ndue: 2025-01-31\n---\n# A\n")
        try vault.write("Work/B.md", "---\nestimate: 12\ncode: 3\ndue: 2025-01-31T23:30:00-05:00\n---\n# B\n")
        try vault.write("Home/C.md", "---\nestimate: 3\ncode: 3.0\ndone: yes\n---\n# C\n")
        try vault.write("Home/D.md", "---\nestimate: lots\ndone: no\n---\n# D\n")
        return vault
    }

    func paths(_ vault: TempVault, _ query: String, environment: [String: String] = [:]) throws -> (String, Int32) {
        let result = try vault.run(["search", query, "--paths", "--sort", "title"], environment: environment)
        expect(result.stderr == "" || result.status == 1, "\(query): \(result.stderr)")
        return (result.stdout, result.status)
    }

    @Test func typedComparisonsFindNotes() throws {
        let vault = try vault()
        let snapshot = try vault.snapshot()
        expect(try paths(vault, "prop:estimate=3") == ("Work/A.md\nHome/C.md\n", 0))
        expect(try paths(vault, "prop:estimate>3") == ("Work/B.md\n", 0))
        expect(try paths(vault, "prop:estimate<=3.0 -prop:done=true") == ("Work/A.md\n", 0))
        // `code` is text in Work: only B's `3` equals `3` there; C (no schema) compares numbers.
        expect(try paths(vault, "prop:code=3") == ("Work/B.md\nHome/C.md\n", 0))
        expect(try paths(vault, "prop:due>2025-01-31") == ("Work/B.md\n", 0))
        expect(try paths(vault, "prop:done=true") == ("Home/C.md\n", 0))
        let none = try vault.run(["search", "prop:estimate>100"])
        expect(none.status, equals: 1)
        expect(none.stdout, equals: "")
        // Read commands never write into the vault.
        try expect(vault.snapshot(), equals: snapshot)
    }

    @Test(arguments: [
        ("prop:estimate>", "prop:estimate>\n             ^\nnotez: error: expected a number or a date after '>' (at character 14)\n"),
        ("prop:>3", "prop:>3\n     ^\nnotez: error: expected a property name after prop: (at character 6)\n"),
        (
            "prop:x>abc",
            "prop:x>abc\n       ^\nnotez: error: 'abc' is not a number or a date (YYYY-MM-DD): '>' compares only those (at character 8)\n"
        ),
        ("prop:x!=1", "prop:x!=1\n      ^\nnotez: error: '!=' is not supported: use -prop:x=VALUE (at character 7)\n"),
    ])
    func malformedComparisonsExitTwoWithACaret(_ query: String, _ expected: String) throws {
        let vault = try vault()
        let result = try vault.run(["search", query])
        expect(result.status, equals: 2)
        expect(result.stdout, equals: "")
        expect(result.stderr, equals: expected)
    }

    @Test func hostileValuesNeitherCrashNorMatchWrongly() throws {
        let vault = try vault()
        let huge = String(repeating: "9", count: 5000)
        try vault.write("Home/E.md", "---\nestimate: \(huge)\ndone: .NaN\n---\n")
        try vault.write("Home/F.md", "---\nestimate: .inf\ndue: 99999-01-01\n---\n")
        expect(try paths(vault, "prop:estimate>1" + String(repeating: "0", count: 4998)) == ("Home/E.md\n", 0))
        expect(try paths(vault, "prop:estimate=\(huge)") == ("Home/E.md\n", 0))
        try expect(paths(vault, "prop:estimate>\(huge)").1, equals: 1)
        try expect(paths(vault, "prop:due>9999-12-31").1, equals: 1)
        expect(try paths(vault, "prop:estimate=.inf") == ("Home/F.md\n", 0))  // text, not a number
        expect(try paths(vault, "prop:done=.nan") == ("Home/E.md\n", 0))
        for bad in ["prop:estimate>inf", "prop:estimate<NaN", "prop:estimate>1e999", "prop:x>" + String(repeating: "x", count: 60_000)] {
            let result = try vault.run(["search", bad])
            expect(result.status, equals: 2, "\(bad.prefix(40))")
            expect(result.stderr.contains("is not a number or a date"), "\(bad.prefix(40))")
        }
    }

    @Test func theCachedViewAnswersLikeTheFullIndex() throws {
        let vault = try vault()
        try CachedQueryTests.age(vault)
        _ = try vault.run(["ls"])
        for query in ["prop:estimate=3", "prop:estimate>3", "prop:code=3", "-prop:estimate<4", "prop:due<2025-02-01", "prop:done=no"] {
            let cached = try vault.run(["search", query, "--json"])
            let full = try vault.run(["search", query, "--json"], environment: CachedQueryTests.noCache)
            expect(cached.stdout, equals: full.stdout, "\(query)")
            expect(cached.status, equals: full.status, "\(query)")
            expect(cached.stderr, equals: full.stderr, "\(query)")
        }
    }

    @Test func theWarmPathAnswersLikeTheColdPathAndSeesASchemaChange() throws {
        let vault = try vault()
        let watch = try WatchProcess(["watch", "--quiet", "--vault", vault.path])
        defer { _ = watch.stop(SIGTERM) }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = try vault.run(["ls"], environment: ["NOTEZ_WARM": "require"]).status == 0
            if !ready { usleep(50_000) }
        }
        try #require(ready, "notez watch did not start answering")
        func compare(_ stage: String) throws {
            for query in ["prop:estimate=3", "prop:code=3", "prop:code>1", "prop:due<2025-02-01", "prop:done=yes", "prop:x>abc"] {
                let warm = try vault.run(["search", query, "--paths", "--sort", "title"], environment: ["NOTEZ_WARM": "require"])
                let cold = try vault.run(["search", query, "--paths", "--sort", "title"], environment: ["NOTEZ_WARM": "off"])
                expect(warm.status != 6, "\(stage) \(query): not answered warm: \(warm.stderr)")
                expect(warm.stdout, equals: cold.stdout, "\(stage) \(query)")
                expect(warm.stderr, equals: cold.stderr, "\(stage) \(query)")
                expect(warm.status, equals: cold.status, "\(stage) \(query)")
            }
        }
        try compare("initial")
        expect(try paths(vault, "prop:code=3", environment: ["NOTEZ_WARM": "require"]) == ("Work/B.md\nHome/C.md\n", 0))
        // Without the schema, Work's `code: 3.0` compares as a number too.
        try vault.write(".notez/config.yaml", "properties:\n  Home:\n    done: text\n")
        try compare("after a schema change")
        expect(try paths(vault, "prop:code=3", environment: ["NOTEZ_WARM": "require"]) == ("Work/A.md\nWork/B.md\nHome/C.md\n", 0))
        try expect(paths(vault, "prop:done=true", environment: ["NOTEZ_WARM": "require"]).1, equals: 1)
    }
}
