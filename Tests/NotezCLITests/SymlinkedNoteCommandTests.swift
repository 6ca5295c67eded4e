import Foundation
import Testing

/// One rule for a note that is a symbolic link, on the command line as in the web UI and MCP: it is
/// listed by its file name and never read (it may point outside the vault: `ln -s /etc/passwd`).
@Suite struct SymlinkedNoteCommandTests {
    @Test func aLinkedFileIsNeverReadOnlyListed() throws {
        let vault = try TempVault()
        try vault.write("a.md", "hello\n")
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        let secret = outside.appendingPathComponent("secret.txt")
        try Data("---\ntags: [leak]\n---\nzebra secret words\n".utf8).write(to: secret)
        try FileManager.default.createDirectory(at: vault.url.appendingPathComponent("Att"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Att/passwd.md", withDestinationPath: secret.path)
        let outsideBefore = try Data(contentsOf: secret)
        let before = try vault.snapshot()

        for arguments in [["search", "zebra"], ["search", "tag:leak"], ["ls", "-r"], ["ls", "-r", "--json"], ["tag", "list"], ["overview", "--json"]] {
            let result = try vault.run(arguments)
            #expect(!result.stdout.contains("zebra") && !result.stdout.contains("secret words") && !result.stdout.contains("leak"), "\(arguments)")
        }
        #expect(try vault.run(["search", "zebra"]).status == 1)
        #expect(try vault.run(["ls", "-r", "--paths"]).stdout.contains("Att/passwd.md"))
        let show = try vault.run(["show", "Att/passwd"])
        #expect(show.status == 3 && !show.stdout.contains("zebra"))
        #expect(show.stderr.contains("a symbolic link; notez never reads a note through a link"))
        let check = try vault.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Att/passwd.md"))
        let export = try vault.run(["export"])
        #expect(!export.stdout.contains("zebra"))

        // Nothing was written, inside the vault (`.git/` included) or outside it.
        #expect(try vault.snapshot() == before)
        #expect(try Data(contentsOf: secret) == outsideBefore)
    }
}
