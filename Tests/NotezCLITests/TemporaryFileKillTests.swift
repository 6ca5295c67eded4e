import Foundation
import Testing
import NotezTestSupport

/// A kill at any point of a large operation leaves no temporary file that `git status` shows (they
/// live in `.notez/tmp/`, which `.notez/.gitignore` hides), and recovery removes what is left.
@Suite struct TemporaryFileKillTests {
    /// A git vault of 40 notes tagged `a` (tag rename writes them in batches, the temporary files of
    /// a whole batch prepared before any is committed).
    static func vault() throws -> TempVault {
        let vault = try TempVault()
        for i in 0..<40 { try vault.write("content/n\(i).md", "---\ntags: [a]\n---\nbody \(i)\n") }
        try vault.write("top.md", "---\ntags: [a]\n---\ntop\n")
        try expect(vault.run(["init"]).status, equals: 0)
        let git = try CLIRunner.runShell("git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm init", in: vault.url)
        expect(git.status, equals: 0, "\(git.stderr)")
        return vault
    }

    static func untracked(_ vault: TempVault) throws -> [String] {
        let status = try CLIRunner.runShell("git status --porcelain --untracked-files=all", in: vault.url)
        return status.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("??") }
    }

    @Test(arguments: [1, 2, 5, 17, 30, 40, 41])
    func killedAfterWriteKLeavesNothingGitSees(k: Int) throws {
        let vault = try Self.vault()
        let killed = try Mutation.run(vault, ["tag", "rename", "a", "z"], environment: ["NOTEZ_FAULT_AFTER_WRITES": String(k)])
        expect(killed.status, equals: 99, "\(killed.stderr)")
        let untracked = try Self.untracked(vault)
        expect(untracked.filter { !$0.hasSuffix(".notez/.gitignore") }, equals: [], "\(untracked)")
        expect(!(try vault.snapshot()).keys.contains { $0.contains(".notez-tmp-") && !$0.hasPrefix(".notez/tmp/") })

        let recover = try Mutation.run(vault, ["recover"])
        expect(recover.status, equals: 0, "\(recover.stderr)")
        expect(!(try vault.snapshot()).keys.contains { $0.contains(".notez-tmp-") })
        try expect(Self.untracked(vault).filter { !$0.hasSuffix(".notez/.gitignore") }, equals: [])
    }

    /// A temporary file an older notez left beside a note of an interrupted operation is still removed.
    @Test func aTemporaryFileBesideANoteIsStillCleaned() throws {
        let vault = try Self.vault()
        let killed = try Mutation.run(vault, ["tag", "rename", "a", "z"], environment: ["NOTEZ_FAULT_AFTER_WRITES": "3"])
        expect(killed.status, equals: 99)
        try vault.write("content/.notez-tmp-12345-1-abc", "---\ntags: [z]\n---\nbody 7\n")
        let recover = try Mutation.run(vault, ["recover"])
        expect(recover.stderr.contains("removed 'content/.notez-tmp-12345-1-abc', left by an interrupted write"), "\(recover.stderr)")
        expect(!FileManager.default.fileExists(atPath: vault.path + "/content/.notez-tmp-12345-1-abc"))
    }

    /// A vault without `.notez/`: a read command creates nothing; `init` is the first write.
    @Test func aReadCommandInAVaultWithoutStateCreatesNothing() throws {
        let vault = try TempVault()
        try vault.write("n.md", "---\ntags: [a]\n---\nn\n")
        try expect(vault.run(["ls"]).status, equals: 0)
        expect(!FileManager.default.fileExists(atPath: vault.path + "/.notez"))
    }

    /// A planted `.notez/tmp` symlink is never written through: the write goes beside the target.
    @Test func aSymlinkedTemporaryFolderIsNotFollowed() throws {
        let vault = try TempVault()
        try vault.write("n.md", "---\ntags: [a]\n---\nn\n")
        try expect(vault.run(["init"]).status, equals: 0)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-tmp-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try? FileManager.default.removeItem(atPath: vault.path + "/.notez/tmp")
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/.notez/tmp", withDestinationPath: outside.path)
        let result = try Mutation.run(vault, ["tag", "add", "n", "b"])
        expect(result.status, equals: 0, "\(result.stderr)")
        try expect(FileManager.default.contentsOfDirectory(atPath: outside.path), equals: [])
        expect(Mutation.text(try vault.snapshot()["n.md"]), equals: "---\ntags: [a, b]\n---\nn\n")
    }
}
