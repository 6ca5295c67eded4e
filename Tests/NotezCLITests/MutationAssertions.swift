import Foundation
import Testing
import NotezTestSupport

/// Helpers for end-to-end tests of mutating commands.
enum Mutation {
    /// A fixed clock (2026-11-18T11:06:40Z): before ExampleVault's trash item is 30 days old.
    static let now = "1795000000"
    static let nowISO = "2026-11-18T11:06:40Z"

    /// Runs notez on the vault with the fixed clock.
    static func run(_ vault: TempVault, _ args: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        var env = environment
        env["NOTEZ_NOW"] = env["NOTEZ_NOW"] ?? now
        return try vault.run(args, stdin: stdin, environment: env)
    }

    /// notez's own machine-local state (the journal, the lock, the `.gitignore` that hides them),
    /// which the byte-for-byte comparisons leave out: it changes on every run by design.
    static func isDerivedState(_ path: String) -> Bool {
        path.hasPrefix(".notez/journal/") || path.hasPrefix(".notez/cache/") || path == ".notez/lock"
            || path == ".notez/.gitignore"
    }

    /// A snapshot without the derived state.
    static func withoutDerivedState(_ snapshot: [String: Data]) -> [String: Data] {
        snapshot.filter { !isDerivedState($0.key) }
    }

    /// Checks that every file outside `changed` (and the derived state) is byte-identical, and that the
    /// files in `changed` did change (appeared, disappeared or differ).
    static func expectOnly(
        _ changed: Set<String>, before: [String: Data], after: [String: Data],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let all = Set(before.keys).union(after.keys).filter { !isDerivedState($0) }
        for path in all.sorted() {
            if changed.contains(path) {
                expect(before[path] != after[path], "\(path) should have changed", sourceLocation: sourceLocation)
            } else {
                expect(before[path], equals: after[path], "\(path) should be untouched", sourceLocation: sourceLocation)
            }
        }
    }

    static func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }
}
