import Foundation
import Testing
import NotezTestSupport

/// Messages that tell the truth: a case-only tag rename names what changes, and a "no" at the
/// confirmation prompt is a cancel (status 1, "nothing changed"), not an error or a refusal.
@Suite struct MessageWordingTests {
    @Test func caseOnlyTagRenameSaysWhatChanges() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [Work]\n---\n")
        try vault.write("b.md", "---\ntags: [Work]\n---\n")
        try vault.write("c.md", "---\ntags: [work]\n---\n")
        let dry = try vault.run(["tag", "rename", "work", "Work", "--dry-run"])
        expect(dry.status, equals: 0, "\(dry.stderr)")
        expect(dry.stdout.contains("case-only rename: every other spelling of 'Work' becomes 'Work' (3 notes have the tag)"), "\(dry.stdout)")
        let run = try vault.run(["tag", "rename", "work", "Work"])
        expect(run.status, equals: 0, "\(run.stderr)")
        expect(run.stdout.contains("every spelling of 'Work' is now 'Work' (3 notes)"), "\(run.stdout)")
        expect(!run.stdout.contains("renamed 'Work' → 'Work'"))
        try expect(String(contentsOf: vault.url.appendingPathComponent("c.md"), encoding: .utf8), equals: "---\ntags: [Work]\n---\n")
    }

    /// Answering "n" on a terminal (a pseudo-terminal made by `script`) cancels with status 1.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func answeringNoCancels() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [old]\n---\n")
        let before = try vault.snapshot()
        let command = "printf 'n\\n' | /usr/bin/script -qec \"'\(CLIRunner.binary.path)' tag delete old --vault '\(vault.path)'\" /dev/null"
        let result = try CLIRunner.runShell(command)
        expect(result.status, equals: 1, "\(result.stdout) \(result.stderr)")
        expect(result.stdout.contains("notez: cancelled; nothing changed"))
        expect(!result.stdout.contains("error"))
        try expect(vault.snapshot(), equals: before)
    }
}
