import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// `notez serve` on a copy of a generated vault: the main page with its snapshot current and
/// right after an edit, a new and a deleted note on disk, two other pages, and the server's peak
/// memory after the pages, the changes and the warm rows answered through it.
struct ServeScenario {
    let notez: String
    let facts: VaultFacts

    /// Changes of each kind made on disk, each followed by a timed main page.
    static let changes = 5
    /// How long a change is given to reach the page's snapshot (the watcher's coalescing).
    static let settle: useconds_t = 600_000

    /// The scenario's rows; the copy and the server are gone when it returns.
    func rows() -> [Row] {
        let copy = facts.root + "-serve"
        let output = facts.root + "-serve.out"
        defer {
            try? FileManager.default.removeItem(atPath: copy)
            try? FileManager.default.removeItem(atPath: output)
        }
        do {
            try MutationCopy.copy(facts.root, to: copy)
            let server = try ServedVault.start(notez: notez, root: copy, output: output)
            defer { server.stop() }
            return try measure(server, copy: copy)
        } catch {
            return [Row(measure: "`notez serve`", notes: facts.notes, tool: .notez, failure: "\(error)")]
        }
    }

    private func measure(_ server: ServedVault, copy: String) throws -> [Row] {
        var rows: [Row] = []
        func row(_ name: String, _ times: [Double], bytes: Int) {
            var row = Row(measure: "serve: " + name, notes: facts.notes, tool: .notez, medianMs: median(times))
            row.minMs = times.min() ?? 0
            row.maxMs = times.max() ?? 0
            row.hits = bytes
            rows.append(row)
        }
        let first = try server.get("/")
        row("first `/` (builds the snapshot)", [first.ms], bytes: first.bytes)
        let again = try (0..<5).map { _ in try server.get("/") }
        row("`/` again", again.map(\.ms), bytes: again[0].bytes)

        let big = copy + "/" + facts.bigFolder
        let notes = try FileManager.default.contentsOfDirectory(atPath: big).filter { $0.hasSuffix(".md") }.sorted()
        guard notes.count >= 2 * ServeScenario.changes else { throw BenchError("too few notes in \(big)") }
        let tag = facts.topTags[0]
        var edited: [Double] = []
        var added: [Double] = []
        var removed: [Double] = []
        for index in 0..<ServeScenario.changes {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big + "/" + notes[index]))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\nEdited by the bench.\n".utf8))
            try handle.close()
            edited.append(try settledPage(server))
        }
        for index in 0..<ServeScenario.changes {
            let text = "---\ntags: [\(tag), bench-new-\(index)]\n---\n# Bench note \(index)\n\nNew.\n"
            try text.write(toFile: big + "/bench-new-\(index).md", atomically: false, encoding: .utf8)
            added.append(try settledPage(server))
        }
        for index in ServeScenario.changes..<(2 * ServeScenario.changes) {
            try FileManager.default.removeItem(atPath: big + "/" + notes[index])
            removed.append(try settledPage(server))
        }
        let page = try server.get("/")
        row("`/` after an edit on disk", edited, bytes: page.bytes)
        row("`/` after a new note", added, bytes: page.bytes)
        row("`/` after a deleted note", removed, bytes: page.bytes)

        for (name, target) in [
            ("`/folder?path=BIG`", "/folder?path=" + HTMLText.percentEncoded(facts.bigFolder)),
            ("`/search?q=tag:TOP`", "/search?q=" + HTMLText.percentEncoded("tag:" + BenchMeasure.value(tag))),
            ("`/tags`", "/tags"),
        ] {
            let answers = try (0..<3).map { _ in try server.get(target) }
            row(name, answers.map(\.ms), bytes: answers[0].bytes)
        }

        // The warm rows through the same daemon (its socket serves the CLI on this vault).
        setenv("NOTEZ_WARM", "require", 1)
        for arguments in [
            ["ls", "-r"], ["search", "tag:" + BenchMeasure.value(tag)], ["overview", "--json"], ["search", facts.word],
        ] {
            let result = try ProcessRunner.run(notez, arguments + ["--vault", copy])
            guard result.exitCode == 0 else { throw BenchError("warm `\(arguments.joined(separator: " "))` failed: \(result.stderr)") }
        }
        var peak = Row(measure: "`notez serve` peak RSS after pages, changes and warm rows", notes: facts.notes, tool: .notez, medianMs: 0)
        peak.maxRSSMB = server.peakRSSMB()
        rows.append(peak)
        return rows
    }

    /// The main page's time once a change has had time to reach the watcher.
    private func settledPage(_ server: ServedVault) throws -> Double {
        usleep(ServeScenario.settle)
        return try server.get("/").ms
    }
}
