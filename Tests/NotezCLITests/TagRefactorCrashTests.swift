import Foundation
import Testing
import NotezTestSupport

/// Kills `notez tag merge` over 60 notes after each k-th file write (NOTEZ_FAULT_AFTER_WRITES=k),
/// lets the next command finish it, then undoes: the vault must be byte-identical to before.
@Suite struct TagRefactorCrashTests {
    static let noteCount = 60
    /// 60 notes + the registry.
    static let writes = noteCount + 1
    static let merge = ["tag", "merge", "alpha", "beta", "--into", "gamma"]

    /// Notes in several styles: flow lists, block lists, strings, CRLF, some with the target already.
    static func makeVault() throws -> TempVault {
        let vault = try TempVault()
        for i in 0..<noteCount {
            let text: String
            switch i % 4 {
            case 0: text = "---\ntags: [alpha, misc]\n---\nbody \(i)\n"
            case 1: text = "---\ntitle: Note \(i)\ntags:\n  - beta\n  - \"alpha\"\n# comment\n---\n# Note \(i)\n"
            case 2: text = "---\ntags: beta gamma\n---\n\(i)\n"
            default: text = "---\r\ntags: [\"x y\", Alpha]\r\npinned: true\r\n---\r\nline \(i)\r\n"
            }
            try vault.write("Folder \(i % 5)/note \(i).md", text)
        }
        try vault.write("untouched.md", "---\ntags: [misc]\n---\n")
        try vault.write(".notez/tags.yaml", "\"alpha\": {color: \"red\"}\n\"beta\": {}\n\"misc\": {color: \"blue\"}\n")
        return vault
    }

    static let reference: [String: Data] = {
        let vault = try! makeVault()
        let result = try! Mutation.run(vault, merge)
        precondition(result.status == 0, result.stderr)
        return Mutation.withoutDerivedState(try! vault.snapshot())
    }()

    @Test(arguments: 1...writes)
    func killedAfterWriteKIsFinishedThenUndoneByteForByte(k: Int) throws {
        let vault = try Self.makeVault()
        let original = try vault.snapshot()
        let killed = try Mutation.run(vault, Self.merge, environment: ["NOTEZ_FAULT_AFTER_WRITES": String(k)])
        expect(killed.status, equals: 99)
        try expect(vault.snapshot().keys.filter { $0.hasSuffix(".pending") }.count, equals: 1)

        let next = try Mutation.run(vault, ["recover"])
        expect(next.status, equals: 0)
        expect(next.stderr.contains("notez: finished an interrupted 'tag merge' (\(Self.writes) files)"))
        expect(Mutation.withoutDerivedState(try vault.snapshot()), equals: Self.reference)

        let undo = try Mutation.run(vault, ["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        let after = try vault.snapshot()
        expect(Mutation.withoutDerivedState(after), equals: original)
        expect(!after.keys.contains { $0.hasSuffix(".pending") })
    }
}
