import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `PlanBuilder.isTaken` and `freePath` against the rule written out: a name is taken when some
/// entry of its folder that no step vacates has the same `String.lowercased()` (so the vault
/// works on case-insensitive file systems too), whatever the bytes of either.
struct PlanBuilderTests {
    /// Name parts: ASCII in both cases, and what lower-cases in surprising ways (the Kelvin sign
    /// is an ASCII `k`, `İ` grows a combining dot, `é` precomposed and decomposed).
    static let parts = ["k", "K", "\u{212A}", "note", "NOTE", "Note", " 2", " 3", "é", "e\u{301}", "İ", "i", "Σ", "σ", "-", "a"]
    static let extensions = [".md", ".MD", ".png", ""]

    static func name(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...3, using: &random)
        return (0..<count).map { _ in parts.randomElement(using: &random)! }.joined() + extensions.randomElement(using: &random)!
    }

    @Test func takenAndFreeNamesFollowTheLowerCasedRule() throws {
        var failures: [String] = []
        for seed in 0..<60 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            let vault = try TemporaryVault([:], folders: ["Big"])
            defer { vault.remove() }
            // Created by their bytes: `é` and `e` + U+0301 are two files, as another program may make them.
            for _ in 0..<Int.random(in: 0...25, using: &random) {
                let fd = open(vault.root + "/Big/" + Self.name(&random), O_CREAT | O_WRONLY, 0o644)
                if fd >= 0 { close(fd) }
            }
            let onDisk = try FileManager.default.contentsOfDirectory(atPath: vault.root + "/Big")
            var builder = PlanBuilder(index: try vault.index(), files: vault.files, operation: "test", arguments: [])
            // Some entries move away in an earlier step of the plan: they no longer take their name.
            var vacated: Set<String> = []
            for entry in onDisk where Bool.random(using: &random) && vacated.count < 3 {
                builder.move("Big/" + entry, to: "Elsewhere/" + entry)
                vacated.insert(entry)
            }
            let present = Set(
                onDisk.filter { entry in !vacated.contains { PathKey($0.lowercased()) == PathKey(entry.lowercased()) } }
                    .map { $0.lowercased() })
            for _ in 0..<30 {
                let asked = Self.name(&random)
                if builder.isTaken("Big/" + asked) != present.contains(asked.lowercased()) {
                    failures.append("seed \(seed): isTaken(\(asked.unicodeScalars.map { $0.value })) among \(onDisk)")
                }
                let (stem, ext) = PlanBuilder.split(asked)
                var free = "Big/" + stem + ext
                var number = 2
                while present.contains(VaultPath.name(of: free).lowercased()) {
                    free = "Big/\(stem) \(number)\(ext)"
                    number += 1
                }
                let chosen = builder.freePath(folder: "Big", stem: stem, ext: ext)
                if chosen != free { failures.append("seed \(seed): freePath(\(asked)) = \(chosen), expected \(free) among \(onDisk)") }
            }
        }
        expect(failures.isEmpty, "\(failures.count) differences: \(failures.prefix(4))")
    }
}
