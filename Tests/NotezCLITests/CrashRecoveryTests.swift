import Foundation
import Testing
import NotezTestSupport

/// Kills notez (NOTEZ_FAULT_AFTER_WRITES=k → `_exit(99)`) after each file write of a multi-file
/// operation, then checks that the next command finishes it and says so.
@Suite struct CrashRecoveryTests {
    static let operation = ["mv", "scratch", "Phone numbers", "Quick capture", "Later/Inbox", "--create"]
    // 2 folder creations + 3 moves.
    static let writes = 5

    @Test(arguments: 1...writes)
    func killedAfterWriteKIsFinishedByTheNextCommand(k: Int) throws {
        let reference = try TempVault.example()
        try expect(Mutation.run(reference, Self.operation).status, equals: 0)
        let expected = Mutation.withoutDerivedState(try reference.snapshot())

        let vault = try TempVault.example()
        let killed = try Mutation.run(vault, Self.operation, environment: ["NOTEZ_FAULT_AFTER_WRITES": String(k)])
        expect(killed.status, equals: 99)
        let pending = try vault.snapshot().keys.filter { $0.hasSuffix(".pending") }
        expect(pending.count, equals: 1)

        // A read command leaves the interrupted operation alone and says so.
        let beforeRead = try vault.snapshot()
        let read = try Mutation.run(vault, ["ls"])
        expect(read.status == 0 && read.stderr.contains("1 interrupted operation is pending"))
        try expect(vault.snapshot(), equals: beforeRead)

        let next = try Mutation.run(vault, ["recover"])
        expect(next.status, equals: 0)
        expect(next.stderr.contains("notez: finished an interrupted 'mv' (3 files)"))
        let after = try vault.snapshot()
        expect(Mutation.withoutDerivedState(after), equals: expected)
        expect(!after.keys.contains { $0.hasSuffix(".pending") })
        let again = try Mutation.run(vault, ["ls"])
        expect(!again.stderr.contains("interrupted"))
    }
}
