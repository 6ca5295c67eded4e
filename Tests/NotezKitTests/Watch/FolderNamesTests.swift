import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// A name is proven free only when no entry of its folder has it in any case: after random
/// creations, deletions and moves, of notes and of what is not a note (folders, other files),
/// reported as the event source reports them, `isFree` never says free for a name that exists.
@Suite("Folder names: a new name proven free without listing the folder")
struct FolderNamesTests {
    static let names = ["a.md", "A.md", "a.MD", "b.md", "B.md", "k.md", "\u{212A}.md", "Caf\u{E9}.md", "CAFE\u{301}.md", "n.txt", ".a.md"]

    /// The lower-cased names in `folder`, as `PlanBuilder.isTaken` compares them.
    static func present(_ root: String, _ folder: String) -> Set<String> {
        Set(((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).map { $0.lowercased() })
    }

    @Test("random changes with their events: never free when taken in any case; free again once listed afresh")
    func neverFreeWhenTaken() throws {
        let folder = try ScratchFolder()
        let root = folder.path
        for sub in ["x", "y"] { try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true) }
        let names = FolderNames(root: root)
        var generator = SeededGenerator(seed: 31)
        var provenFree = 0
        for _ in 0..<3_000 {
            let sub = ["x", "y"].randomElement(using: &generator)!
            let name = Self.names.randomElement(using: &generator)!
            let path = sub + "/" + name
            let full = root + "/" + path
            let exists = FileManager.default.fileExists(atPath: full)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where !exists:
                try Data().write(to: URL(fileURLWithPath: full))
                names.apply([RawFileEvent(.created, path)])
            case 1 where !exists:
                try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: false)
                names.apply([RawFileEvent(.created, path, isDirectory: true)])
            case 2 where exists:
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                try FileManager.default.removeItem(atPath: full)
                names.apply([RawFileEvent(.deleted, path, isDirectory: isFolder.boolValue)])
            case 3 where exists:
                // Moved to the other folder, as a pair of events.
                let other = (sub == "x" ? "y" : "x") + "/" + name
                guard !FileManager.default.fileExists(atPath: root + "/" + other) else { continue }
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
                expect(rename(full, root + "/" + other) == 0)
                names.apply([
                    RawFileEvent(.movedFrom, path, cookie: 7, isDirectory: isFolder.boolValue),
                    RawFileEvent(.movedTo, other, cookie: 7, isDirectory: isFolder.boolValue),
                ])
            default:
                let taken = Self.present(root, sub).contains(name.lowercased())
                if names.isFree(path) {
                    provenFree += 1
                    expect(!taken, "\(path) was said free, but \(Self.present(root, sub).sorted()) has it")
                    expect(!name.hasPrefix("."))
                }
            }
        }
        // Free names are proven, not only refused: the check is not "never".
        expect(provenFree > 100, "only \(provenFree) names were proven free")
    }

    @Test("an event counted after the listing saw the name keeps it taken; asked again, the folder is listed afresh")
    func aCountTooHighIsListedAfresh() throws {
        let folder = try ScratchFolder()
        try folder.write("n/a.md", "A\n")
        let names = FolderNames(root: folder.path)
        expect(names.isFree("n/B.md"))
        expect(!names.isFree("n/A.md"))
        // Created, and seen by a listing before its event arrives: counted twice.
        try folder.write("n/b.md", "B\n")
        expect(!names.isFree("n/B.md"))
        names.apply([RawFileEvent(.created, "n/b.md")])
        try FileManager.default.removeItem(atPath: folder.path + "/n/b.md")
        names.apply([RawFileEvent(.deleted, "n/b.md")])
        // Counted once still (not proven), then listed afresh: free.
        _ = names.isFree("n/B.md")
        expect(names.isFree("n/B.md"))
        // Lost events: nothing kept, listed again.
        try folder.write("n/c.md", "C\n")
        names.apply([RawFileEvent(.overflow, "")])
        expect(!names.isFree("n/C.md"))
        // A folder moved away and another made at its path: the old names are not used.
        expect(rename(folder.path + "/n", folder.path + "/m") == 0)
        names.apply([RawFileEvent(.movedFrom, "n", cookie: 3, isDirectory: true), RawFileEvent(.movedTo, "m", cookie: 3, isDirectory: true)])
        try folder.write("n/d.md", "D\n")
        names.apply([RawFileEvent(.created, "n", isDirectory: true)])
        expect(!names.isFree("n/D.md"))
        expect(names.isFree("n/A.md"))
    }

    @Test("hidden names, names with a replacement character, and folders missing or reached through a symlink are never proven free")
    func unprovable() throws {
        let folder = try ScratchFolder()
        try folder.write("n/a.md", "A\n")
        let names = FolderNames(root: folder.path)
        expect(!names.isFree("n/.hidden.md"))
        expect(!names.isFree("n/bad\u{FFFD}.md"))
        expect(!names.isFree("missing/a.md"))
        expect(symlink(folder.path + "/n", folder.path + "/link") == 0)
        expect(!names.isFree("link/b.md"))
        // A symlink above the folder: never listed through.
        try folder.write("real/n/a.md", "A\n")
        expect(symlink(folder.path + "/real", folder.path + "/via") == 0)
        expect(!names.isFree("via/n/b.md"))
        expect(names.isFree("real/n/b.md"))
    }

    @Test("a running watcher proves a name free, and not once something of that name in another case appears")
    func withTheWatcher() throws {
        let folder = try ScratchFolder()
        let root = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        try folder.write("Notes/a.md", "A\n")
        let watcher = Watcher(root: root, config: VaultConfig())
        try watcher.start { _ in }
        defer { watcher.stop() }
        expect(watcher.provesFree("Notes/New.md"))
        // Not a note: a folder and a pipe, made by another program.
        try FileManager.default.createDirectory(atPath: root + "/Notes/new.md", withIntermediateDirectories: false)
        expect(eventually { !watcher.provesFree("Notes/New.md") })
        try FileManager.default.removeItem(atPath: root + "/Notes/new.md")
        expect(eventually { watcher.provesFree("Notes/New.md") })
        expect(mkfifo(root + "/Notes/NEW.md", 0o600) == 0)
        expect(eventually { !watcher.provesFree("Notes/New.md") })
    }
}
