import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The folder stamps saved after a walk that matched the cache prove the cache current without a
/// walk, and every change a walk would see makes the proof fail.
@Suite("walk snapshot")
struct WalkSnapshotTests {
    /// A vault with nested folders, an empty folder and notes, every file and folder an hour old,
    /// indexed once (cache written), then queried once (walk matched the cache: snapshot written).
    private func makeVault() throws -> ScratchFolder {
        let vault = try ScratchFolder()
        for (number, folder) in ["", "Work", "Work/Deep", "Ärchiv", "a b/c", "Big"].enumerated() {
            for index in 0..<(folder == "Big" ? 40 : 3) {
                _ = try vault.write(VaultPath.join(folder, "note \(number)-\(index).md"), "---\ntags: [t\(index)]\n---\nbody \(index)\n")
            }
        }
        try vault.mkdir("Empty")
        try ScratchFolder.age(vault.path)
        _ = try IndexBuilder.build(root: vault.path)
        let walked = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(!walked.provenWithoutWalk)
        return vault
    }

    /// The vault's cache, mapped and checked but not proven current.
    private func unprovenCache(_ vault: ScratchFolder) throws -> CachedIndex {
        let cacheFolder = try #require(IndexCache.folderPath(root: vault.path))
        let settings = IndexBuilder.Settings(root: vault.path)
        return try #require(CachedIndex.unproven(root: vault.path, settings: settings, cachePath: cacheFolder + "/" + IndexCache.fileName))
    }

    private func savedSnapshot(_ vault: ScratchFolder) throws -> WalkSnapshot? {
        WalkSnapshot.load(folder: try #require(IndexCache.folderPath(root: vault.path)))
    }

    /// The listing made from `snapshot` lists what a walk lists, with the same stamps.
    private func expectListingIsTheWalk(_ cached: CachedIndex, _ snapshot: WalkSnapshot, _ vault: ScratchFolder, _ context: String) throws {
        let listing = try #require(cached.listing(from: snapshot), "\(context)")
        let walk = VaultWalker(root: vault.path).walk()
        expect(listing.notes, equals: walk.notes, "\(context)")
        expect(listing.stamps, equals: walk.stamps, "\(context)")
        expect(listing.folders, equals: walk.folders, "\(context)")
    }

    private func snapshotPath(_ vault: ScratchFolder) throws -> String {
        try #require(IndexCache.folderPath(root: vault.path)) + "/" + WalkSnapshot.fileName
    }

    @Test func anUnchangedVaultIsProvenWithoutAWalk() throws {
        let vault = try makeVault()
        let full = try IndexBuilder.build(root: vault.path)
        let cached = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(cached.provenWithoutWalk)
        expect(cached.noteCount, equals: full.noteCount)
        expect(cached.folderTree, equals: full.folderTree)
        expect(cached.folderTree.find("Empty") != nil)
        expect(cached.tags, equals: full.tags)
    }

    /// Where the snapshot still holds (the folder tree unchanged), the listing made from it
    /// (`LinkFocus`: only the folders whose stamps changed are read) is the walk's: after an edit
    /// in place, a note added, removed or renamed; nil once a folder was added.
    @Test func aListingFromTheSnapshotIsTheWalks() throws {
        let vault = try makeVault()
        let cached = try unprovenCache(vault)
        let snapshot = try #require(try savedSnapshot(vault))
        func expectTheWalk(_ context: String) throws { try expectListingIsTheWalk(cached, snapshot, vault, context) }
        try expectTheWalk("unchanged")
        _ = try vault.write("Work/note 1-0.md", "changed in place, longer than before\n")
        try expectTheWalk("modified")
        _ = try vault.write("Big/new note.md", "new\n")
        try expectTheWalk("added")
        try FileManager.default.removeItem(atPath: vault.path + "/Work/Deep/note 2-1.md")
        try expectTheWalk("removed")
        try FileManager.default.moveItem(atPath: vault.path + "/Big/note 5-3.md", toPath: vault.path + "/Big/renamed.md")
        try expectTheWalk("renamed")
        try vault.mkdir("Work/New folder")
        expect(cached.listing(from: snapshot) == nil)
    }

    /// A snapshot made of a listing that found other notes than the cache in some folders, or
    /// folders changed too recently, has no stamp for those: the proof fails, and a listing from
    /// it lists them again (finding what changed there since) and no other folder.
    @Test func foldersNotSettledAreListedAgain() throws {
        let vault = try makeVault()
        let cached = try unprovenCache(vault)
        // Old changes (their folders' stamps trusted) that the cache does not hold: a note added
        // in Big, one removed in Work/Deep; and a recent one in Work (its stamp not trusted).
        _ = try vault.write("Big/extra.md", "extra\n")
        try FileManager.default.removeItem(atPath: vault.path + "/Work/Deep/note 2-1.md")
        try ScratchFolder.age(vault.path)
        _ = try vault.write("Work/recent.md", "recent\n")
        // A rename planned from the cache lists the vault from the snapshot and saves what it found.
        _ = try #require(LinkFocus.open(root: vault.path))
        let snapshot = try #require(try savedSnapshot(vault))
        let unknown = snapshot.folders.indices.filter { snapshot.stamps[$0] == nil }.map { snapshot.folders[$0] }
        expect(Set(unknown), equals: ["Big", "Work/Deep", "Work"])
        expect(snapshot.stamps.compactMap { $0 }.count, equals: snapshot.folders.count - 3)
        expect(!cached.isConfirmed(by: snapshot))
        // Changes since the snapshot: in an unknown folder (its mtime set back) and in a known one.
        let big = vault.path + "/Big"
        let bigTime = try FileManager.default.attributesOfItem(atPath: big)[.modificationDate] as! Date
        _ = try vault.write("Big/later.md", "later\n", modified: Date(timeIntervalSinceNow: -3600))
        try FileManager.default.setAttributes([.modificationDate: bigTime], ofItemAtPath: big)
        _ = try vault.write("a b/c/later.md", "later\n", modified: Date(timeIntervalSinceNow: -3600))
        try expectListingIsTheWalk(cached, snapshot, vault, "after changes in known and unknown folders")
        let listing = try #require(cached.listing(from: snapshot))
        for added in ["Big/later.md", "a b/c/later.md", "Work/recent.md"] { expect(listing.notes.contains(added), "\(added)") }
        // The next one keeps the stamps of the folders it did not list again.
        _ = try #require(LinkFocus.open(root: vault.path))
        let next = try #require(try savedSnapshot(vault))
        for (folder, stamp) in zip(snapshot.folders, snapshot.stamps) where stamp != nil && folder != "a b/c" {
            expect(next.stamps[try #require(next.folders.firstIndex(of: folder))], equals: stamp, "\(folder)")
        }
    }

    /// A large unchanged folder is stat'ed in parts, a large changed one listed again whole, and
    /// twins in NFC and NFD take the walk's own sort: the listing is the walk's in each case.
    @Test func largeFoldersAndTwinsListAsTheWalk() throws {
        let vault = try ScratchFolder()
        for index in 0..<(WalkSnapshot.unitNotes * 2 + 50) { _ = try vault.write("Many/n\(index).md", "x\n") }
        for index in 0..<(WalkSnapshot.unitNotes + 70) { _ = try vault.write("Also/n\(index).md", "x\n") }
        _ = try vault.write("Small/a.md", "x\n")
        try ScratchFolder.age(vault.path)
        _ = try IndexBuilder.build(root: vault.path)
        _ = IndexBuilder.collection(root: vault.path)
        let cached = try unprovenCache(vault)
        let snapshot = try #require(try savedSnapshot(vault))
        func expectTheWalk(_ context: String) throws { try expectListingIsTheWalk(cached, snapshot, vault, context) }
        try expectTheWalk("unchanged")
        _ = try vault.write("Many/n5.md", "edited in place, longer\n", modified: Date(timeIntervalSinceNow: -60))
        _ = try vault.write("Also/new.md", "new\n", modified: Date(timeIntervalSinceNow: -3600))
        try FileManager.default.removeItem(atPath: vault.path + "/Also/n7.md")
        try expectTheWalk("edited in a large folder, added and removed in another")
        _ = try vault.write("Small/caf\u{E9}.md", "nfc\n", modified: Date(timeIntervalSinceNow: -3600))
        _ = try vault.write("Small/cafe\u{301}.md", "nfd\n", modified: Date(timeIntervalSinceNow: -3600))
        // Both names are on disk, so the listing meets the twins (and takes the walk's sort).
        expect(VaultWalker(root: vault.path).walk().notes.filter { $0.hasPrefix("Small/caf") }.count, equals: 2)
        try expectTheWalk("twins in a folder listed again")
        expect(WalkSnapshot.merge(["a", "caf\u{E9}"], ["b", "cafe\u{301}"]) == nil)
        expect(WalkSnapshot.merge(["a", "c"], ["b", "d"])?.map(\.0), equals: [true, false, true, false])
    }

    /// A rename planned from the cache (`LinkFocus`) keeps what its listing found: the next one
    /// lists only the folders that changed or whose notes are not the cache's.
    @Test func aFocusedRenameKeepsItsListing() throws {
        let vault = try makeVault()
        let path = try snapshotPath(vault)
        try FileManager.default.removeItem(atPath: path)
        _ = try vault.write("Work/new.md", "new\n", modified: Date(timeIntervalSinceNow: -3600))
        try ScratchFolder.age(vault.path)
        _ = try #require(LinkFocus.open(root: vault.path))
        let saved = try #require(WalkSnapshot(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let unknown = saved.folders.indices.filter { saved.stamps[$0] == nil }.map { saved.folders[$0] }
        expect(unknown, equals: ["Work"])
    }

    @Test func recentFoldersWriteNoSnapshot() throws {
        let vault = try ScratchFolder()
        _ = try vault.write("Work/a.md", "a\n", modified: Date(timeIntervalSinceNow: -3600))
        _ = try IndexBuilder.build(root: vault.path)
        expect(IndexBuilder.collection(root: vault.path) is CachedIndex)
        expect(!FileManager.default.fileExists(atPath: try snapshotPath(vault)))
    }

    /// Each change a walk would notice; the proof fails, the walk answers (as the full index does)
    /// and a later run is proven again once the folders are old.
    @Test(arguments: [
        "added", "added, folder time restored", "removed", "renamed", "modified", "empty folder", "folder removed",
        "folder replaced by a symlink", "ignore glob", "note replaced by a symlink", "cache rewritten", "snapshot garbage",
    ])
    func everyChangeFailsTheProof(change: String) throws {
        let vault = try makeVault()
        let work = vault.path + "/Work"
        let old = try FileManager.default.attributesOfItem(atPath: work)[.modificationDate] as! Date
        switch change {
        case "added": _ = try vault.write("Work/new.md", "new\n", modified: Date(timeIntervalSinceNow: -3600))
        case "added, folder time restored":
            _ = try vault.write("Work/new.md", "new\n", modified: Date(timeIntervalSinceNow: -3600))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: work)
        case "removed": try FileManager.default.removeItem(atPath: work + "/note 1-0.md")
        case "renamed": try FileManager.default.moveItem(atPath: work + "/note 1-0.md", toPath: work + "/note 1-0b.md")
        case "modified": _ = try vault.write("Big/note 5-7.md", "---\ntags: [changed]\n---\n", modified: Date(timeIntervalSinceNow: -60))
        case "empty folder": try vault.mkdir("Work/Later")
        case "folder removed": try FileManager.default.removeItem(atPath: vault.path + "/Empty")
        case "folder replaced by a symlink":
            let outside = vault.path + "/.outside"
            try FileManager.default.moveItem(atPath: work + "/Deep", toPath: outside)
            try FileManager.default.createSymbolicLink(atPath: work + "/Deep", withDestinationPath: outside)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: work)
        case "ignore glob": _ = try vault.write(".notez/config.yaml", "ignore: [Big]\n", modified: Date(timeIntervalSinceNow: -3600))
        case "note replaced by a symlink":
            let target = try vault.write(".target.md", "---\ntags: [linked]\n---\n", modified: Date(timeIntervalSinceNow: -3600))
            try FileManager.default.removeItem(atPath: work + "/note 1-0.md")
            try FileManager.default.createSymbolicLink(atPath: work + "/note 1-0.md", withDestinationPath: target)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: work)
        case "cache rewritten":
            let notes = try IndexBuilder.build(root: vault.path, useCache: false).notes
            try IndexCache(notes: notes).save(root: vault.path)
        default: try Data("NZWK garbage".utf8).write(to: URL(fileURLWithPath: try snapshotPath(vault)))
        }
        let collection = IndexBuilder.collection(root: vault.path)
        expect((collection as? CachedIndex)?.provenWithoutWalk != true)
        let full = try IndexBuilder.build(root: vault.path, useCache: false)
        expect(collection.noteCount, equals: full.noteCount)
        expect(collection.folderTree, equals: full.folderTree)
        expect((0..<full.noteCount).map { collection.path(at: $0) }, equals: (0..<full.noteCount).map { full.path(at: $0) })
        expect(collection.positions(taggedWith: TagKey("changed")).count, equals: (change == "modified" ? 1 : 0))
        try ScratchFolder.age(vault.path)
        _ = IndexBuilder.collection(root: vault.path)
        _ = IndexBuilder.collection(root: vault.path)
        let again = try #require(IndexBuilder.collection(root: vault.path) as? CachedIndex)
        expect(again.provenWithoutWalk)
    }

    @Test func roundTripAndDamage() throws {
        let snapshot = WalkSnapshot(
            generation: 42, ignore: ["*.tmp", "Archive/**"], folders: ["", "Work", "Work/Deep", "ä b"],
            stamps: (0..<4).map { (number: Int) -> FolderStamp? in
                guard number != 2 else { return nil }
                return FolderStamp(inode: UInt64(number), mtimeNanos: -Int64(number), ctimeNanos: Int64(number) << 40)
            })
        let bytes = snapshot.encoded()
        expect(WalkSnapshot(bytes: bytes), equals: snapshot)
        for length in 0..<bytes.count { expect(WalkSnapshot(bytes: Array(bytes.prefix(length))) == nil) }
        expect(WalkSnapshot(bytes: bytes + [0]) == nil)
        // The byte that says whether a stamp follows is 0 or 1, nothing else.
        let flagAt = bytes.count - 4 - 24 - 1
        expect(bytes[flagAt], equals: 1)
        var badFlag = bytes
        badFlag[flagAt] = 2
        expect(WalkSnapshot(bytes: badFlag) == nil)
        for bad in ["../outside", "/etc", "Work//Deep", "Work/", ".", "Work/../..", "a\u{0}b", ""] {
            let hostile = WalkSnapshot(generation: 42, ignore: [], folders: ["", bad], stamps: snapshot.stamps.prefix(2).map { $0 })
            expect(WalkSnapshot(bytes: hostile.encoded()) == nil, "\(bad)")
        }
        let noRoot = WalkSnapshot(generation: 42, ignore: [], folders: ["Work"], stamps: [snapshot.stamps[0]])
        expect(WalkSnapshot(bytes: noRoot.encoded()) == nil)
    }

    /// A snapshot file replaced by a symlink to a file elsewhere is never read or written
    /// through: the run walks, the target keeps its bytes, and the link is replaced by a file.
    @Test func aSymlinkedSnapshotIsNeitherReadNorWrittenThrough() throws {
        let vault = try makeVault()
        let path = try snapshotPath(vault)
        let outside = try ScratchFolder()
        let target = outside.path + "/elsewhere.bin"
        try FileManager.default.moveItem(atPath: path, toPath: target)
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        expect((IndexBuilder.collection(root: vault.path) as? CachedIndex)?.provenWithoutWalk == false)
        try expect(Data(contentsOf: URL(fileURLWithPath: target)), equals: before)
        expect(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType == .typeRegular)
        expect((IndexBuilder.collection(root: vault.path) as? CachedIndex)?.provenWithoutWalk == true)
    }

    /// A snapshot that leaves out a folder the cache's notes live in proves nothing.
    @Test func aSnapshotMissingACachedFolderProvesNothing() throws {
        let vault = try makeVault()
        let path = try snapshotPath(vault)
        let snapshot = try #require(WalkSnapshot(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        let kept = snapshot.folders.indices.filter { snapshot.folders[$0] != "Work/Deep" }
        let partial = WalkSnapshot(
            generation: snapshot.generation, ignore: snapshot.ignore, folders: kept.map { snapshot.folders[$0] },
            stamps: kept.map { snapshot.stamps[$0] })
        try Data(partial.encoded()).write(to: URL(fileURLWithPath: path))
        expect((IndexBuilder.collection(root: vault.path) as? CachedIndex)?.provenWithoutWalk != true)
    }
}
