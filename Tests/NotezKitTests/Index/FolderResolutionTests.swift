import Testing
import NotezTestSupport

@testable import NotezKit

/// `VaultIndex.resolveFolder`: the one folder rule of every command.
@Suite struct FolderResolutionTests {
    @Test func exactPathThenUniqueNameThenCaseInsensitive() throws {
        let vault = try ScratchFolder()
        try vault.write("Work/Projects/Alpha/a.md", "a\n")
        try vault.write("Work/Projects/Beta/b.md", "b\n")
        try vault.write("Personal/Beta/c.md", "c\n")
        try vault.write("Personal/beta/d.md", "d\n")
        let index = try IndexBuilder.build(root: vault.path, useCache: false)
        try expect(index.resolveFolder("Work/Projects/Alpha").path, equals: "Work/Projects/Alpha")
        try expect(index.resolveFolder("Alpha").path, equals: "Work/Projects/Alpha")
        try expect(index.resolveFolder("alpha").path, equals: "Work/Projects/Alpha")
        try expect(index.resolveFolder("work/projects").path, equals: "Work/Projects")
        try expect(index.resolveFolder("").path, equals: "")
        // An exact name wins over case-insensitive ones; several exact ones are listed.
        expect(throws: NotezError.usage("'Beta' matches 2 folders: Personal/Beta, Work/Projects/Beta; give the folder's path")) {
            try index.resolveFolder("Beta")
        }
        try expect(index.resolveFolder("beta").path, equals: "Personal/beta")
        expect(throws: NotezError.usage("'BETA' matches 3 folders: Personal/Beta, Personal/beta, Work/Projects/Beta; give the folder's path")) {
            try index.resolveFolder("BETA")
        }
        expect(throws: NotezError.folderNotFound("Gamma")) { try index.resolveFolder("Gamma") }
        for hostile in ["../Alpha", "/etc", ".git", "Work/../Alpha"] {
            expect(throws: NotezError.self) { try index.resolveFolder(hostile) }
        }
    }
}
