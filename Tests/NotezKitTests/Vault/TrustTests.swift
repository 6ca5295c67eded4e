import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Records and trash entries are trusted only with this machine's signature.
@Suite struct TrustTests {
    static let key = MachineKey(secret: Array(repeating: 7, count: 32))
    static let otherKey = MachineKey(secret: Array(repeating: 9, count: 32))

    static func record(_ id: String) -> JournalRecord {
        JournalRecord(id: id, plan: Plan(operation: "pin", arguments: ["n"]), time: 0)
    }

    @Test func journalRecordsVerifyOnlyUnderTheirKeyAndUnchanged() throws {
        let vault = try TemporaryVault(["n.md": "n\n"])
        defer { vault.remove() }
        let journal = Journal(writer: try vault.writer(), key: Self.key)
        try journal.ensureFolder()
        try journal.save(Self.record("20260101T000000000Z-0001"))
        expect(journal.read().records.map(\.id), equals: ["20260101T000000000Z-0001"])
        expect(Journal(writer: try vault.writer(), key: Self.otherKey).read().records.isEmpty)

        // One byte changed in the JSON: ignored, with the reason.
        let path = vault.root + "/.notez/journal/20260101T000000000Z-0001.json"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"pin\"", with: "\"pim\"")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let contents = journal.read()
        expect(contents.records.isEmpty)
        expect(contents.ignored.map(\.reason), equals: ["not written by notez on this machine (the signature does not match); ignored"])

        // A record copied under another id does not verify either.
        try journal.save(Self.record("20260101T000000000Z-0002"))
        try FileManager.default.copyItem(
            atPath: vault.root + "/.notez/journal/20260101T000000000Z-0002.json",
            toPath: vault.root + "/.notez/journal/20260101T000000000Z-0003.json")
        expect(journal.read().records.map(\.id), equals: ["20260101T000000000Z-0002"])
    }

    @Test func pendingMarkersNeedTheirSignature() throws {
        let vault = try TemporaryVault(["n.md": "n\n"])
        defer { vault.remove() }
        let journal = Journal(writer: try vault.writer(), key: Self.key)
        try journal.ensureFolder()
        try journal.begin(Self.record("20260101T000000000Z-0001"))
        try Data().write(to: URL(fileURLWithPath: vault.root + "/.notez/journal/20260101T000000000Z-0002.pending"))
        let pending = journal.pending()
        expect(pending.ids, equals: ["20260101T000000000Z-0001"])
        expect(pending.ignored.map(\.path), equals: [".notez/journal/20260101T000000000Z-0002.pending"])
    }

    @Test func trashItemsNeedTheirSignatureAndASafePath() throws {
        let vault = try TemporaryVault(["n.md": "n\n"])
        defer { vault.remove() }
        func plant(_ id: String, path: String, key: MachineKey, edit: (String) -> String = { $0 }) throws {
            let info = TrashPlanner.infoText(id: id, originalPath: path, deleted: 1_795_000_000, key: key)
            try FileManager.default.createDirectory(atPath: vault.root + "/.notez/trash/" + id, withIntermediateDirectories: true)
            try edit(info).write(toFile: vault.root + "/.notez/trash/\(id)/trashinfo.yaml", atomically: false, encoding: .utf8)
            try "x\n".write(toFile: vault.root + "/.notez/trash/\(id)/" + VaultPath.name(of: path), atomically: false, encoding: .utf8)
        }
        try plant("1", path: "Work/a.md", key: Self.key)
        try plant("2", path: "Work/b.md", key: Self.otherKey)
        try plant("3", path: "Work/c.md", key: Self.key) { $0.replacingOccurrences(of: "Work/c.md", with: "Home/c.md") }
        try plant("4", path: ".git/hooks/d.md", key: Self.key)
        let (items, ignored) = TrashStore(root: vault.root, key: Self.key).read()
        expect(items.map(\.id), equals: ["1"])
        expect(Set(ignored.map(\.path)), equals: [".notez/trash/2", ".notez/trash/3", ".notez/trash/4"])
        expect(TrashStore(root: vault.root, key: nil).items().isEmpty)
    }
}
