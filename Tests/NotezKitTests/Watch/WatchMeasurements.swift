import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Prints the figures of the README (latency, rescan time); asserts only results, never times.
/// Run with `NOTEZ_WATCH_MEASURE=1 swift test --filter WatchMeasurements` (`NOTEZ_WATCH_NOTES` sets the
/// generated vault's size; `NOTEZ_WATCH_VAULT=PATH` measures an existing vault instead).
@Suite("Watch measurements", .serialized, .enabled(if: ProcessInfo.processInfo.environment["NOTEZ_WATCH_MEASURE"] != nil))
struct WatchMeasurements {
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    @Test("latency from a file save to its index update, median over 100 saves")
    func saveLatency() throws {
        let vault = try WatchHarness(files: ["n.md": "# 0\n"])
        var latencies: [Double] = []
        for save in 1...100 {
            let started = Watcher.now()
            vault.put("n.md", "# \(save)\n")
            expect(vault.wait { $0.contains { $0.note?.title == "\(save)" } })
            latencies.append(Watcher.now() - started)
        }
        expect(vault.watcher.index.note(at: "n.md")?.title == "100")
        print(
            String(
                format: "watch: save -> index update: median %.1f ms, max %.1f ms over 100 saves",
                Self.median(latencies) * 1000, latencies.max()! * 1000))
    }

    @Test("full rescan of a generated vault")
    func fullRescan() throws {
        // NOTEZ_WATCH_VAULT measures an existing vault (the benchmark's) instead of a generated one.
        let existing = ProcessInfo.processInfo.environment["NOTEZ_WATCH_VAULT"]
        let generated = existing == nil ? Int(ProcessInfo.processInfo.environment["NOTEZ_WATCH_NOTES"] ?? "") ?? 10_000 : 0
        let root = existing ?? FileManager.default.temporaryDirectory.appendingPathComponent("notez-rescan-" + UUID().uuidString).path
        defer { if existing == nil { try? FileManager.default.removeItem(atPath: root) } }
        for index in 0..<generated {
            let folder = "F\(index % 20)/S\(index % 7)" + (index % 5 == 0 ? "/D\(index % 3)" : "")
            let tags = (0..<(index % 4 + 1)).map { "tag\(($0 * 37 + index) % 150)" }.joined(separator: ", ")
            WatchHarness.put(
                "\(root)/\(folder)/Note \(index).md",
                "---\ntitle: Note \(index)\ntags: [\(tags)]\ncreated: 2024-01-01\n---\n# Note \(index)\n\nSome body text.\n")
        }
        let fileSystem = PosixFileSystem(root: root)
        let reconciler = Reconciler()
        var started = Watcher.now()
        let initial = reconciler.reconcile(.init(fullRescan: true), previous: .init(), fileSystem: fileSystem)
        let initialTime = Watcher.now() - started
        var index = LiveIndex(root: root)
        index.apply(initial)
        let count = index.count
        expect(existing != nil || count == generated)
        var times: [Double] = []
        for _ in 0..<3 {
            started = Watcher.now()
            let again = reconciler.reconcile(.init(fullRescan: true), previous: index.state, fileSystem: fileSystem)
            times.append(Watcher.now() - started)
            expect(again.changes.isEmpty)
        }
        started = Watcher.now()
        let built = IndexBuilder.readNotes(VaultWalker(root: root).walk().notes, root: root)
        let builderTime = Watcher.now() - started
        expect(built.count, equals: count)
        print(String(format: "watch: %d notes: IndexBuilder walk+read %.2f s", count, builderTime))
        print(
            String(
                format: "watch: %d notes: initial scan (read all) %.2f s; full rescan, nothing changed (stat-walk) median %.3f s",
                count, initialTime, Self.median(times)))
    }
}
