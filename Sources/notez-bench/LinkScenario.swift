import Foundation
import NotezKit

/// The link rows (issue 25, links in the index) on a copy of a vault (generated or real): a note
/// `Bench Link Target.md` is added to the biggest folder and `[[Bench Link Target]]` appended to 50
/// other notes spread over the vault (their mtimes set an hour back, so the index cache keeps them).
/// Rows: `backlinks` of that note with the cache fresh against `rg -l -i` of its name, `check` and
/// `links --summary` against `rg -l -i WORD`, and `rename` of the note against `sed -i` over the
/// same 50 files (each run renames it back, untimed: the cache stays current but for those files).
struct LinkScenario {
    let notez: String
    let facts: VaultFacts
    let runs: Int

    static let name = "Bench Link Target"
    static let renamed = "Bench Link Renamed"
    static let linkCount = 50

    func rows() -> [Row] {
        let copy = facts.root + "-links"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        do {
            try MutationCopy.copy(facts.root, to: copy)
            let (target, linking) = try prepare(copy)
            var linked = facts
            linked.root = copy
            return measureAll(linked, target: target, linking: linking)
        } catch {
            return [Row(measure: "link rows", notes: facts.notes, tool: .notez, failure: "\(error)")]
        }
    }

    /// Adds the target note and the 50 links; returns the note's path and the linking files' absolute paths.
    private func prepare(_ copy: String) throws -> (String, [String]) {
        var notes: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: copy)!
        for case let relative as String in enumerator where relative.hasSuffix(".md") && !relative.hasPrefix(".") {
            notes.append(relative)
        }
        notes.sort()
        guard notes.count > LinkScenario.linkCount else { throw BenchError("too few notes for the link rows") }
        let target = facts.bigFolder + "/" + LinkScenario.name + ".md"
        let old = Date(timeIntervalSinceNow: -3600)
        func age(_ path: String) throws { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        try "---\ntitle: \(LinkScenario.name)\n---\nThe note fifty others link to.\n".write(toFile: copy + "/" + target, atomically: false, encoding: .utf8)
        try age(copy + "/" + target)
        let step = notes.count / LinkScenario.linkCount
        var linking: [String] = []
        for number in 0..<LinkScenario.linkCount {
            let path = copy + "/" + notes[number * step]
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            handle.seekToEndOfFile()
            handle.write(Data("\nSee [[\(LinkScenario.name)]] for more.\n".utf8))
            handle.closeFile()
            try age(path)
            linking.append(path)
        }
        try (linking.joined(separator: "\n") + "\n").write(toFile: copy + "-files.txt", atomically: true, encoding: .utf8)
        // The cache, written once by an untimed run.
        _ = try ProcessRunner.run(notez, ["overview", "--vault", copy])
        return (target, linking)
    }

    private func measureAll(_ linked: VaultFacts, target: String, linking: [String]) -> [Row] {
        let copy = linked.root
        let renamedPath = facts.bigFolder + "/" + LinkScenario.renamed + ".md"
        let list = copy + "-files.txt"
        defer { try? FileManager.default.removeItem(atPath: list) }
        let pattern = "s/\\[\\[\(LinkScenario.name)\\]\\]/[[\(LinkScenario.renamed)]]/"
        let back = "s/\\[\\[\(LinkScenario.renamed)\\]\\]/[[\(LinkScenario.name)]]/"
        let movedPath = LinkScenario.name + ".md"
        // The `mv` row's note goes back to its folder before each run and before the rename rows.
        func moveBack() throws {
            if !facts.bigFolder.isEmpty, FileManager.default.fileExists(atPath: copy + "/" + movedPath) {
                _ = try ProcessRunner.run(notez, ["mv", movedPath, facts.bigFolder, "--vault", copy])
            }
        }
        let items = [
            BenchMeasure(name: "links: `backlinks NOTE` (50 links, cache fresh)", tool: .notez, reference: .ripgrepName) { _ in
                ["backlinks", target, "--vault", copy]
            },
            BenchMeasure(name: "links: `rg -l -i NAME`", tool: .ripgrepName, reference: .ripgrepName) { _ in
                ["-l", "-i", LinkScenario.name, copy]
            },
            // Graph terms (issue 32): the whole vault's link graph from the cache, against the same rg.
            BenchMeasure(name: "graph: `search 'links-to:NOTE~2' --count`", tool: .notez, reference: .ripgrepName) { _ in
                ["search", "links-to:\"\(LinkScenario.name)\"~2", "--count", "--vault", copy]
            },
            BenchMeasure(name: "graph: `search is:orphan --count`", tool: .notez, reference: .ripgrepName) { _ in
                ["search", "is:orphan", "--count", "--vault", copy]
            },
            BenchMeasure(name: "graph: `search is:hub --count`", tool: .notez, reference: .ripgrepName) { _ in
                ["search", "is:hub", "--count", "--vault", copy]
            },
            BenchMeasure(name: "graph: `graph neighbours NOTE --depth 2`", tool: .notez, reference: .ripgrepName) { _ in
                ["graph", "neighbours", target, "--depth", "2", "--json", "--vault", copy]
            },
            BenchMeasure(name: "links: `check`", tool: .notez) { _ in ["check", "--vault", copy] },
            BenchMeasure(name: "links: `links --summary`", tool: .notez) { _ in ["links", "--summary", "--vault", copy] },
            // An edit of one named note reads only that note (docs/warm-path.md).
            BenchMeasure(
                name: "edit: `pin NOTE` (cache fresh; unpinned untimed)", tool: .notez, reference: .ripgrepName,
                setUp: { _ in _ = try ProcessRunner.run(notez, ["unpin", target, "--vault", copy]) }
            ) { _ in ["pin", target, "--vault", copy] },
            BenchMeasure(
                name: "links: `mv NOTE /` (50 backlinks, kept as written; moved back untimed)", tool: .notez, reference: .sedLinks,
                setUp: { _ in try moveBack() }
            ) { _ in ["mv", target, "/", "--vault", copy] },
            BenchMeasure(
                name: "links: `rename NOTE` (50 backlinks; renamed back untimed)", tool: .notez, reference: .sedLinks,
                setUp: { _ in
                    try moveBack()
                    if FileManager.default.fileExists(atPath: copy + "/" + renamedPath) {
                        _ = try ProcessRunner.run(notez, ["rename", renamedPath, LinkScenario.name, "--vault", copy])
                    }
                }
            ) { _ in ["rename", target, LinkScenario.renamed, "--vault", copy] },
            BenchMeasure(
                name: "links: `sed -i` over the same 50 files (reverted untimed)", tool: .sedLinks, reference: .sedLinks,
                setUp: { _ in
                    _ = try ProcessRunner.run("/bin/sh", ["-c", "xargs -a '\(list)' -d '\\n' sed -i '\(back)'"])
                }
            ) { _ in ["-a", list, "-d", "\n", "sed", "-i", pattern] },
        ]
        var rows: [Row] = []
        setenv("NOTEZ_WARM", "off", 1)
        for item in items {
            let executable: String
            switch item.tool {
            case .notez: executable = notez
            case .ripgrepName: executable = referenceTools[.ripgrep].flatMap { $0 } ?? "rg"
            default: executable = "/usr/bin/xargs"
            }
            var row = measure(item, facts: linked, executable: executable, runs: runs)
            row.notes = facts.notes
            rows.append(row)
        }
        // The rename row must have renamed: otherwise it measured a refusal.
        if !FileManager.default.fileExists(atPath: copy + "/" + renamedPath) {
            rows.append(Row(measure: "links: rename check", notes: facts.notes, tool: .notez, failure: "the note was not renamed"))
        }
        rows += warmRows(linked, target: renamedPath)
        return rows
    }

    /// `backlinks` answered by a running `notez watch` (the first question builds the link
    /// lookups; the measured runs follow one warm-up, as every row), the daemon's peak memory, and
    /// a rename planned with its help. A watch does not answer `links --summary` of the whole
    /// vault (the cache counts it): the cold row measures it.
    private func warmRows(_ linked: VaultFacts, target: String) -> [Row] {
        let daemon: WarmDaemon
        do {
            daemon = try WarmDaemon.start(notez: notez, root: linked.root)
        } catch {
            return [Row(measure: "links: `notez watch`", notes: facts.notes, tool: .notez, failure: "\(error)")]
        }
        defer { daemon.stop() }
        setenv("NOTEZ_WARM", "require", 1)
        defer { setenv("NOTEZ_WARM", "off", 1) }
        let item = BenchMeasure(name: "links: warm `backlinks NOTE` (50 links, `notez watch` running)", tool: .notez, reference: .ripgrepName, warm: true) {
            _ in ["backlinks", target, "--vault", linked.root]
        }
        var row = measure(item, facts: linked, executable: notez, runs: runs)
        row.notes = facts.notes
        var memory = Row(measure: "links: `notez watch` peak RSS after warm `backlinks`", notes: facts.notes, tool: .notez, medianMs: 0)
        memory.maxRSSMB = daemon.peakRSSMB()
        // A rename planned from the notes the watch names (docs/warm-path.md); renamed back untimed.
        let original = facts.bigFolder + "/" + LinkScenario.name + ".md"
        let rename = BenchMeasure(
            name: "links: warm `rename NOTE` (50 backlinks, `notez watch` running; renamed back untimed)", tool: .notez,
            reference: .sedLinks, warm: true,
            setUp: { _ in
                if FileManager.default.fileExists(atPath: linked.root + "/" + original) {
                    _ = try ProcessRunner.run(notez, ["rename", original, LinkScenario.renamed, "--vault", linked.root])
                }
            }
        ) { _ in ["rename", target, LinkScenario.name, "--vault", linked.root] }
        var renameRow = measure(rename, facts: linked, executable: notez, runs: runs)
        renameRow.notes = facts.notes
        // A move planned from the notes the watch names; moved back untimed, as the cold row.
        let moved = LinkScenario.name + ".md"
        let move = BenchMeasure(
            name: "links: warm `mv NOTE /` (50 backlinks, `notez watch` running; moved back untimed)", tool: .notez,
            reference: .sedLinks, warm: true,
            setUp: { _ in
                if !facts.bigFolder.isEmpty, FileManager.default.fileExists(atPath: linked.root + "/" + moved) {
                    _ = try ProcessRunner.run(notez, ["mv", moved, facts.bigFolder, "--vault", linked.root])
                }
            }
        ) { _ in ["mv", original, "/", "--vault", linked.root] }
        var moveRow = measure(move, facts: linked, executable: notez, runs: runs)
        moveRow.notes = facts.notes
        let pin = BenchMeasure(
            name: "edit: warm `pin NOTE` (`notez watch` running; unpinned untimed)", tool: .notez, reference: .ripgrepName, warm: true,
            setUp: { _ in _ = try ProcessRunner.run(notez, ["unpin", moved, "--vault", linked.root]) }
        ) { _ in ["pin", moved, "--vault", linked.root] }
        var pinRow = measure(pin, facts: linked, executable: notez, runs: runs)
        pinRow.notes = facts.notes
        return [row, memory, renameRow, moveRow, pinRow]
    }
}
