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
        #expect(try index.resolveFolder("Work/Projects/Alpha").path == "Work/Projects/Alpha")
        #expect(try index.resolveFolder("Alpha").path == "Work/Projects/Alpha")
        #expect(try index.resolveFolder("alpha").path == "Work/Projects/Alpha")
        #expect(try index.resolveFolder("work/projects").path == "Work/Projects")
        #expect(try index.resolveFolder("").path == "")
        // An exact name wins over case-insensitive ones; several exact ones are listed.
        #expect(throws: NotezError.usage("'Beta' matches 2 folders: Personal/Beta, Work/Projects/Beta; give the folder's path")) {
            try index.resolveFolder("Beta")
        }
        #expect(try index.resolveFolder("beta").path == "Personal/beta")
        #expect(throws: NotezError.usage("'BETA' matches 3 folders: Personal/Beta, Personal/beta, Work/Projects/Beta; give the folder's path")) {
            try index.resolveFolder("BETA")
        }
        #expect(throws: NotezError.folderNotFound("Gamma")) { try index.resolveFolder("Gamma") }
        for hostile in ["../Alpha", "/etc", ".git", "Work/../Alpha"] {
            #expect(throws: NotezError.self) { try index.resolveFolder(hostile) }
        }
    }
}
