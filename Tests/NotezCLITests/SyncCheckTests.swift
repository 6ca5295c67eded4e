import Foundation
import Testing
import NotezTestSupport

/// `notez check` after a conflicted sync.
@Suite struct SyncCheckTests {
    @Test func checkReportsConflictMarkersAndConflictCopies() throws {
        let vault = try TempVault.example()
        try vault.write("Work/Plan.md", "---\ntags: [a]\n---\nline 1\n<<<<<<< remote\nA\n=======\nB\n>>>>>>> local\n")
        try vault.write("Work/Plan.sync-conflict-20240501-101010-ABCDEFG.md", "x\n")
        try vault.write("Work/Plan (Alice's conflicted copy 2024-05-01).md", "y\n")
        let result = try vault.run(["check"])
        expect(result.status, equals: 1)
        expect(result.stdout.contains("Work/Plan.md: conflict markers from a merge at line 5 (<<<<<<< ... >>>>>>>); resolve them"))
        expect(result.stdout.contains("Work/Plan.sync-conflict-20240501-101010-ABCDEFG.md: a conflict copy made by Syncthing"))
        expect(result.stdout.contains("Work/Plan (Alice's conflicted copy 2024-05-01).md: a conflict copy made by Dropbox"))
    }
}
