import Foundation
import Testing
import NotezTestSupport

/// `mv` and `new` into a folder hidden by the `ignore:` globs warn that the note leaves the index.
@Suite struct IgnoredFolderTests {
    static let warning = "is in a path ignored by .notez/config.yaml (ignore: Templates/*); notez will no longer list or search it\n"

    @Test func moveIntoAnIgnoredFolderWarns() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, ["mv", "scratch", "Templates"])
        expect(result.status, equals: 0)
        expect(result.stdout, equals: "moved scratch.md -> Templates/scratch.md\n")
        expect(result.stderr, equals: "notez: warning: Templates/scratch.md " + Self.warning)
        Mutation.expectOnly(["scratch.md", "Templates/scratch.md"], before: before, after: try vault.snapshot())
        try expect(vault.run(["search", "--paths", "scratch"]).stdout.contains("Templates"), equals: false)
    }

    @Test func newInAnIgnoredFolderWarns() throws {
        let vault = try TempVault.example()
        let result = try Mutation.run(vault, ["new", "Fresh", "--folder", "Templates", "--body", "x"])
        expect(result.status, equals: 0)
        expect(result.stdout, equals: "Templates/Fresh.md\n")
        expect(result.stderr, equals: "notez: warning: Templates/Fresh.md " + Self.warning)
    }

    @Test func moveElsewhereDoesNotWarn() throws {
        let vault = try TempVault.example()
        let result = try Mutation.run(vault, ["mv", "scratch", "Archive", "--dry-run"])
        expect(result.status, equals: 0)
        expect(!result.stdout.contains("ignored"))
        expect(result.stderr, equals: "")
    }
}
