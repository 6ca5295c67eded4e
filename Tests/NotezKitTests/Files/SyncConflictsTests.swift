import Testing

@testable import NotezKit
import NotezTestSupport

/// What `check` reports after merges and sync tools.
@Suite struct SyncConflictsTests {
    @Test(arguments: [
        ("a\n<<<<<<< local\nx\n=======\ny\n>>>>>>> remote\n", 2), ("<<<<<<<\nx\n=======\n>>>>>>>\n", 1),
        ("a\r\n<<<<<<< HEAD\r\nx\r\n=======\r\ny\r\n>>>>>>> b\r\n", 2),
        ("<<<<<<< only an opening\ntext\n", nil), ("=======\n>>>>>>> x\n", nil), ("<<<<<<< a\n>>>>>>> b\n", nil),
        ("x <<<<<<< not at line start\n=======\n>>>>>>> b\n", nil),
    ] as [(String, Int?)])
    func markers(text: String, line: Int?) {
        expect(SyncConflicts.markerLine(Array(text.utf8)), equals: line)
    }

    @Test(arguments: [
        ("Plan (Alice's conflicted copy 2024-05-01).md", true), ("Plan.sync-conflict-20240501-101010-ABCDEFG.md", true),
        ("Plan 2.md", false), ("Conflict resolution.md", false),
    ])
    func conflictCopies(name: String, isCopy: Bool) {
        expect((SyncConflicts.conflictCopy(name) != nil), equals: isCopy)
    }
}
