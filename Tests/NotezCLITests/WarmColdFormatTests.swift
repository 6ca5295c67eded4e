import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `--format`, `--delimiter`, `--sort KEY` (`word-count` too) and `--quiet` answered by a running
/// `notez watch` print exactly what the cold path prints; `--sort random` is never sent to the daemon.
@Suite("warm path ≡ cold path for --format and --sort", .serialized)
struct WarmColdFormatTests {
    static let commands: [[String]] = [
        ["ls", "-r", "--format", "csv"], ["ls", "-r", "--format", "tsv", "--sort", "-size"], ["ls", "Work", "--format", "jsonl"],
        ["ls", "-r", "--format", "{{title}}\\t{{modified:%Y-%m-%d}}\\t{{tags: }}", "--sort", "title-"],
        ["ls", "-r", "--format", "path", "--delimiter", "\\0"], ["ls", "-r", "--format", "json", "--sort", "+created"],
        ["search", "tag:work", "--format", "csv", "--sort", "path"], ["search", "soup", "--format", "{{path}}:{{size}}", "--delimiter", ";"],
        ["search", "nothing-at-all", "--format", "tsv"], ["search", "tag:work", "--format", "{{nope}}"],
        ["tag", "list", "--format", "{{name}},{{count}}"], ["tag", "list", "--format", "csv"],
        ["history", "--format", "jsonl"], ["history", "--format", "{{id}} {{time:%Y}}"],
        // `word-count` reads the notes, warm as cold; `-q` drops the daemon's notices as the cold path's.
        ["ls", "-r", "--sort", "word-count", "--paths"], ["search", "tag:work", "--sort", "word-count-", "--format", "csv"],
        ["ls", "-r", "--sort", "+word-count", "--format", "{{path}}", "-n", "3"],
        ["search", "nothing-at-all"], ["search", "nothing-at-all", "-q"], ["-q", "search", "tag:work", "--paths"],
    ]

    @Test func sameBytesBothWays() throws {
        let vault = try TempVault.example()
        let watch = try startWatch(vault)
        defer { _ = watch.stop(SIGTERM) }
        for args in WarmColdFormatTests.commands {
            let warm = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
            let cold = try vault.run(args, environment: ["NOTEZ_WARM": "off"])
            expect(warm.status != 6, "\(args): not answered warm: \(warm.stderr)")
            expect(warm.stdout, equals: cold.stdout, "\(args): stdout differs")
            expect(warm.stderr, equals: cold.stderr, "\(args): stderr differs")
            expect(warm.status, equals: cold.status, "\(args): status differs")
        }
        // A random order is the client's: required warm, it is refused; otherwise it runs cold.
        for args in [["ls", "-r", "--sort", "random", "--paths"], ["search", "tag:work", "--sort=random"]] {
            let refused = try vault.run(args, environment: ["NOTEZ_WARM": "require"])
            expect(refused.status, equals: 6, "\(args)")
            let cold = try vault.run(args)
            expect(cold.status, equals: 0, "\(args): \(cold.stderr)")
        }
        // So is a saved search: the settings are the client's, never the daemon's.
        let config = try TempVault()
        try config.write("notez/config.yaml", "searches:\n  work: \"tag:work\"\n")
        let saved = ["XDG_CONFIG_HOME": config.path]
        try expect(vault.run(["search", "@work", "--paths"], environment: saved.merging(["NOTEZ_WARM": "require"]) { $1 }).status, equals: 6)
        let savedCold = try vault.run(["search", "@work", "--paths"], environment: saved)
        let plain = try vault.run(["search", "tag:work", "--paths"])
        expect(savedCold.status == 0 && savedCold.stdout == plain.stdout)
    }

    private func startWatch(_ vault: TempVault) throws -> WatchProcess {
        let watch = try WatchProcess(["watch", "--quiet", "--vault", vault.path])
        for _ in 0..<100 {
            if try vault.run(["ls"], environment: ["NOTEZ_WARM": "require"]).status == 0 { return watch }
            usleep(50_000)
        }
        _ = watch.stop(SIGTERM)
        throw WarmTestFailure.daemonDidNotStart
    }
}
