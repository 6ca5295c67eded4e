import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The copy of a vault that the capture rows write into. Made once per bench run (a capture only
/// adds a note, so runs need no fresh copy), with a `capture` template, and read once by
/// `notez ls` (untimed) so its index cache and title table exist, as for a vault used on this
/// machine. Before every run the vault's capture history is removed: no learned pattern, so
/// routing always takes its slowest path (similarity over the title table).
enum CaptureCopy {
    /// Where the copy of a vault lives.
    static func root(_ facts: VaultFacts) -> String { facts.root + "-capture" }

    /// The template the `--template` row uses.
    static let template = "---\ntitle: {{title}}\nstatus: {{prop:status}}\ncaptured: {{datetime}}\n---\n{{stdin}}\n"

    nonisolated(unsafe) private static var prepared: Set<String> = []

    /// Makes the copy (once), then forgets the capture history.
    static func make(_ facts: VaultFacts) throws {
        let copy = root(facts)
        if !prepared.contains(copy) {
            try MutationCopy.copy(facts.root, to: copy)
            try FileManager.default.createDirectory(atPath: copy + "/.notez/templates", withIntermediateDirectories: true)
            try template.write(toFile: copy + "/.notez/templates/capture.md", atomically: true, encoding: .utf8)
            let read = try ProcessRunner.run(MutationCopy.notezBinary, ["ls", "--vault", copy])
            guard read.exitCode == 0 else { throw BenchError("notez ls on the capture copy failed: \(read.stderr)") }
            prepared.insert(copy)
        }
        if let history = CaptureHistory.file(root: copy) { unlink(history) }
    }

    /// `make`, then the copy's index cache and title table removed: the first capture on this machine.
    static func makeCold(_ facts: VaultFacts) throws {
        try make(facts)
        if let folder = IndexCache.folderPath(root: root(facts)) { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Removes the copy and its cache.
    static func remove(_ facts: VaultFacts) {
        if let folder = IndexCache.folderPath(root: root(facts)) { try? FileManager.default.removeItem(atPath: folder) }
        if let history = CaptureHistory.file(root: root(facts)) { unlink(history) }
        try? FileManager.default.removeItem(atPath: root(facts))
        prepared.remove(root(facts))
    }
}
