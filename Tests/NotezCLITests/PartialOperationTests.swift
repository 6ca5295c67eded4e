import Foundation
import Testing
import NotezTestSupport

/// A file that cannot be edited safely is skipped and listed; the rest is done; the exit status is 3.
@Suite struct PartialOperationTests {
    @Test func unsafeFileIsSkippedTheRestRenamedExitThree() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [x, y]\n---\nA\n")
        try vault.write("b.md", "---\ntags:\n  - x\n---\nB\n")
        let anchored = "---\ntags: &shared [x, y]\nalso: *shared\n---\nC\n"
        try vault.write("c.md", anchored)
        let result = try Mutation.run(vault, ["tag", "rename", "x", "z"])
        expect(result.status, equals: 3)
        expect(result.stderr.contains("c.md"))
        expect(result.stderr.contains("1 file was not changed (see above); 2 others were changed"))
        let after = try vault.snapshot()
        expect(Mutation.text(after["a.md"]), equals: "---\ntags: [z, y]\n---\nA\n")
        expect(Mutation.text(after["b.md"]), equals: "---\ntags:\n  - z\n---\nB\n")
        expect(Mutation.text(after["c.md"]), equals: anchored)
    }
}
