import Foundation
import Testing
import NotezTestSupport

/// `new` without reading the vault's notes (docs/capture.md, "Speed"): what the fast path must
/// still resolve, refuse and handle exactly as every other command does.
@Suite struct CaptureFastPathTests {
    @Test(arguments: [
        ("Meetings", "Work/Meetings"), ("work/meetings", "Work/Meetings"), ("BOOKS", "Reading/Books"), ("Alpha", "Work/Projects/Alpha"),
    ])
    func folderByUniqueNameOrCaseInsensitively(folder: String, path: String) throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let plain = try Mutation.run(vault, ["new", "Idea", "--folder", folder], stdin: "x\n")
        expect(plain.status, equals: 0, "\(plain.stderr)")
        expect(plain.stdout, equals: path + "/Idea.md\n")
        // The template path resolves the same way.
        let templated = try Mutation.run(vault, ["new", "Other idea", "--folder", folder, "--template", "meeting"], stdin: "x\n")
        expect(templated.status, equals: 0, "\(templated.stderr)")
        expect(templated.stdout, equals: path + "/Other idea.md\n")
        Mutation.expectOnly([path + "/Idea.md", path + "/Other idea.md"], before: before, after: try vault.snapshot())
    }

    @Test func ambiguousFolderIsRefusedListingTheCandidates() throws {
        let vault = try TempVault.example()
        try FileManager.default.createDirectory(atPath: vault.path + "/Personal/Inbox", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: vault.path + "/Work/Inbox", withIntermediateDirectories: true)
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["new", "Idea", "--folder", "inbox", "--body", "x"])
        expect(result.status, equals: 2)
        expect(result.stderr.contains("'inbox' matches 2 folders: Personal/Inbox, Work/Inbox"), "\(result.stderr)")
        expect(result.stdout, equals: "")
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func symlinkedFolderIsNeverWrittenThrough() throws {
        let vault = try TempVault.example()
        let outside = try TempVault()
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked", withDestinationPath: outside.path)
        let before = try vault.snapshot()
        for arguments in [["--folder", "Linked"], ["--folder", "Linked", "--template", "meeting"], ["--folder", "linked"]] {
            let result = try Mutation.run(vault, ["new", "Idea", "--body", "x"] + arguments)
            expect(result.status != 0, "\(arguments)")
            expect(result.stderr.contains("notez: error:"), "\(result.stderr)")
            expect(result.stdout, equals: "")
        }
        expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func folderThatIsAFileIsRefused() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        for folder in ["Phone numbers.md", "Work/Quarterly goals.md"] {
            let result = try Mutation.run(vault, ["new", "Idea", "--folder", folder, "--body", "x"])
            expect(result.status != 0)
            expect(result.stderr.contains("notez: error:"), "\(result.stderr)")
        }
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(before))
    }

    @Test func nameClashGetsAUniqueNameAndNeverOverwrites() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let byName = try Mutation.run(vault, ["new", "Team handbook", "--folder", "work"], stdin: "x\n")
        expect(byName.stdout, equals: "Work/Team handbook 2.md\n", "\(byName.stderr)")
        expect(byName.stderr.contains("a note named 'Team handbook.md' exists; created 'Team handbook 2.md'"))
        // A clash that differs only in case is a clash too (case-insensitive file systems).
        let byCase = try Mutation.run(vault, ["new", "team HANDBOOK", "--folder", "Work", "--template", "meeting"], stdin: "y\n")
        expect(byCase.stdout, equals: "Work/team HANDBOOK 3.md\n", "\(byCase.stderr)")
        Mutation.expectOnly(["Work/Team handbook 2.md", "Work/team HANDBOOK 3.md"], before: before, after: try vault.snapshot())
    }

    @Test func anInterruptedOperationIsFinishedFirst() throws {
        let vault = try TempVault.example()
        let killed = try Mutation.run(vault, ["mv", "scratch", "Phone numbers", "Later/Inbox", "--create"], environment: ["NOTEZ_FAULT_AFTER_WRITES": "2"])
        expect(killed.status, equals: 99)
        let result = try Mutation.run(vault, ["new", "Idea", "--folder", "Later/Inbox"], stdin: "x\n")
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(result.stderr.contains("notez: finished an interrupted 'mv'"), "\(result.stderr)")
        expect(result.stdout, equals: "Later/Inbox/Idea.md\n")
        let after = try vault.snapshot()
        expect(!after.keys.contains { $0.hasSuffix(".pending") })
        expect(after["Later/Inbox/scratch.md"] != nil && after["Later/Inbox/Phone numbers.md"] != nil && after["Later/Inbox/Idea.md"] != nil)
        // Undo removes the capture and nothing else.
        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Mutation.withoutDerivedState(after).filter { $0.key != "Later/Inbox/Idea.md" })
    }

    @Test func lockedVaultQueuesTheCapture() throws {
        let vault = try TempVault.example()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("notez-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let environment = ["XDG_STATE_HOME": state, "NOTEZ_LOCK_WAIT": "0.1"]
        let holder = try LockHolder(vault)
        let before = try vault.snapshot()
        let queued = try Mutation.run(vault, ["new", "Busy idea", "--route"], stdin: "x\n", environment: environment)
        let after = try vault.snapshot()
        holder.release()
        expect(queued.status, equals: 0, "\(queued.stderr)")
        expect(queued.stderr.contains("capture queued as "), "\(queued.stderr)")
        expect(after, equals: before)
        let next = try Mutation.run(vault, ["new", "Later idea", "--body", "y"], environment: environment)
        expect(next.stderr.contains("queued capture 'Busy idea' delivered: Busy idea.md"), "\(next.stderr)")
        expect(next.stdout, equals: "Later idea.md\n")
    }

    /// The title table (written by any command that reads the whole vault) stands in for the notes;
    /// a folder it names that is gone, or is now a symlink, is never suggested.
    @Test func routingFromTheTitleTableSkipsFoldersThatAreGone() throws {
        let vault = try TempVault.example()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("notez-state-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let environment = ["XDG_STATE_HOME": state]
        try expect(vault.run(["ls"], environment: environment).status, equals: 0)
        let routed = try Mutation.run(vault, ["new", "Retro", "--route", "--body", "x"], environment: environment)
        expect(routed.status, equals: 0, "\(routed.stderr)")
        expect(routed.stderr.contains("notez: → Work/Meetings (similar notes: 'Alpha retro')"), "\(routed.stderr)")
        expect(routed.stdout, equals: "Work/Meetings/Retro.md\n")
        // A note written since the table was is not in it (the capture read no note): the table, not
        // the notes, decided. A command that reads the whole vault brings it up to date.
        try vault.write("Work/Projects/Quokka plans.md", "---\ntitle: Quokka plans\n---\n")
        let stale = try Mutation.run(vault, ["new", "Quokka", "--route", "--body", "x"], environment: environment)
        expect(stale.stdout, equals: "Work/Meetings/Quokka.md\n", "\(stale.stderr)")
        expect(stale.stderr.contains("(most recent capture"), "\(stale.stderr)")
        try expect(vault.run(["ls"], environment: environment).status, equals: 0)
        let fresh = try Mutation.run(vault, ["new", "Quokka", "--route", "--body", "x"], environment: environment)
        expect(fresh.stderr.contains("(similar notes: 'Quokka')"), "\(fresh.stderr)")

        // The folder is replaced by a symlink to a copy of itself: not suggested, nothing written there.
        let outside = try TempVault()
        try FileManager.default.removeItem(atPath: outside.path)
        try FileManager.default.moveItem(atPath: vault.path + "/Work/Meetings", toPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Work/Meetings", withDestinationPath: outside.path)
        let outsideBefore = try FileManager.default.contentsOfDirectory(atPath: outside.path).sorted()
        let linked = try Mutation.run(vault, ["new", "Retro", "--route", "--body", "x"], environment: environment)
        expect(linked.status, equals: 0, "\(linked.stderr)")
        expect(!linked.stdout.hasPrefix("Work/Meetings/"), "\(linked.stdout)")
        try expect(FileManager.default.contentsOfDirectory(atPath: outside.path).sorted(), equals: outsideBefore)

        // Gone entirely: not suggested either.
        try FileManager.default.removeItem(atPath: vault.path + "/Work/Meetings")
        let gone = try Mutation.run(vault, ["new", "Retro", "--route", "--body", "x"], environment: environment)
        expect(gone.status, equals: 0, "\(gone.stderr)")
        expect(!gone.stdout.hasPrefix("Work/Meetings/") && !gone.stderr.contains("Work/Meetings"), "\(gone.stderr)")
    }

    /// A capture adds its note to the title table at once (routing knows it before any command reads
    /// the vault); a damaged or foreign table is ignored and rebuilt, never a crash or a wrong write.
    @Test func capturesJoinTheTitleTableAndADamagedTableIsRebuilt() throws {
        let vault = try TempVault.example()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("notez-home-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache"]
        try expect(vault.run(["ls"], environment: environment).status, equals: 0)
        let cache = try #require(try FileManager.default.contentsOfDirectory(atPath: home + "/cache/notez").first)
        let table = home + "/cache/notez/" + cache + "/titles-v2.bin"
        let added = home + "/cache/notez/" + cache + "/titles-v2-added.tsv"
        expect(FileManager.default.fileExists(atPath: table))
        let first = try Mutation.run(vault, ["new", "Wombat census", "--folder", "Personal", "--body", "x"], environment: environment)
        expect(first.status, equals: 0, "\(first.stderr)")
        try expect(String(contentsOfFile: added, encoding: .utf8), equals: "Personal\tWombat census\n")
        try FileManager.default.removeItem(atPath: home + "/state")
        let routed = try Mutation.run(vault, ["new", "Wombat", "--route", "--body", "x"], environment: environment)
        expect(routed.stderr.contains("notez: → Personal (similar notes: 'Wombat census')"), "\(routed.stderr)")
        expect(routed.stdout, equals: "Personal/Wombat.md\n")
        // A command that reads the vault rewrites the table, which then holds the captures.
        try expect(vault.run(["ls"], environment: environment).status, equals: 0)
        expect(!FileManager.default.fileExists(atPath: added))

        for damage in [Data("notez-titles\t1\t0\nend\n".utf8), Data(repeating: 0xFF, count: 100_000), Data()] {
            try FileManager.default.removeItem(atPath: table)
            try damage.write(to: URL(fileURLWithPath: table))
            try FileManager.default.removeItem(atPath: home + "/state")
            let result = try Mutation.run(vault, ["new", "Wombat", "--route", "--body", "x"], environment: environment)
            expect(result.status, equals: 0, "\(result.stderr)")
            expect(result.stderr.contains("(similar notes: 'Wombat"), "\(result.stderr)")
            try expect(Data(contentsOf: URL(fileURLWithPath: table)).prefix(8), equals: Data("notez-tt".utf8))
        }
        // A symlinked table is never read nor written through.
        let outside = home + "/outside.bin"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: outside))
        try FileManager.default.removeItem(atPath: table)
        try FileManager.default.createSymbolicLink(atPath: table, withDestinationPath: outside)
        let linked = try Mutation.run(vault, ["new", "Wombat", "--route", "--body", "x"], environment: environment)
        expect(linked.status, equals: 0, "\(linked.stderr)")
        try expect(String(contentsOfFile: outside, encoding: .utf8), equals: "keep")
    }
}
