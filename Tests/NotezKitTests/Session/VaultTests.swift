import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The session: its clock, its reads from disk or a snapshot, its search diagnostics, and a change
/// run through the journal.
struct VaultTests {
    @Test func theClockFollowsTheSessionsEnvironment() {
        let fixed = Vault(root: "/nowhere", environment: ["NOTEZ_NOW": "2024-05-01T09:00:00Z"])
        expect(fixed.now, equals: NoteDate.parse("2024-05-01T09:00:00Z")!.seconds)
        let clock = Vault(root: "/nowhere", environment: [:])
        expect(abs(clock.now - Date().timeIntervalSince1970) < 60)
    }

    @Test func aSnapshotSessionReadsNoDisk() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "---\ntags: [one]\n---\nalpha\n")
        let snapshot = try Vault(root: folder.path).index()
        try folder.write("b.md", "beta\n")
        let session = Vault(snapshot: snapshot)
        expect(session.isWarm)
        try expect(session.index().notes.map(\.path), equals: ["a.md"])
        try expect(Vault(root: folder.path).index().notes.map(\.path).sorted(), equals: ["a.md", "b.md"])
    }

    @Test func searchChecksLinkTermsAndSaysWhatItLeftOut() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "see [[b]] and zebra\n")
        try folder.write("b.md", "zebra too\n")
        let outside = try ScratchFolder()
        try outside.write("secret.md", "zebra secret\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked.md", withDestinationPath: outside.path + "/secret.md")
        let session = Vault(root: folder.path)

        let words = try session.search(QueryParser.parse("zebra"))
        expect(words.notes().map(\.path).sorted(), equals: ["a.md", "b.md"])
        let byTitle = try session.search(QueryParser.parse("title:linked"), over: try session.index())
        expect(byTitle.count, equals: 0)
        expect(byTitle.diagnostics, equals: [.symlinked(path: "linked.md")])

        try expect(session.search(QueryParser.parse("links:b")).notes().map(\.path), equals: ["a.md"])
        expect(throws: NotezError.self) { try session.search(QueryParser.parse("links:nosuchnote")) }
    }

    @Test func aChangeRunsThroughTheJournalAndLetsTheLockGo() throws {
        let folder = try ScratchFolder()
        try folder.write("a.md", "---\ntags: [one]\n---\nalpha\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/.notez", withIntermediateDirectories: true)
        let session = Vault(root: folder.path, environment: ["NOTEZ_NOW": "1700000000"])
        let (result, notices) = try session.changing {
            let plan = try NotePlanner.addTags(["two"], note: "a", index: session.index(), files: DiskVaultFiles(root: session.root))
            return try session.run(plan)
        }
        expect(notices.isEmpty)
        expect(result.failure == nil && result.applied.contains("a.md"))
        expect(try String(contentsOfFile: folder.path + "/a.md", encoding: .utf8).contains("two"))
        let records = Journal(writer: try AtomicWriter(root: folder.path)).read().records
        expect(records.count, equals: 1)
        // The lock was held during the change and let go after it: another process (flock(1))
        // gets it at once only afterwards.
        expect(try Self.lockIsFree(folder.path))
        _ = try session.beginChange()
        expect(try !Self.lockIsFree(folder.path))
        session.endChange()
        expect(try Self.lockIsFree(folder.path))
    }

    /// Whether another process can take the vault lock without waiting.
    static func lockIsFree(_ root: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        process.arguments = ["-n", root + "/.notez/lock", "true"]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
