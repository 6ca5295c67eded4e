import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct AtomicWriterTests {
    @Test func replacesContentAndKeepsMode() throws {
        let vault = try TemporaryVault(["a.md": "old\n"])
        defer { vault.remove() }
        chmod(vault.root + "/a.md", 0o640)
        try vault.writer().write(Array("new\n".utf8), to: "a.md")
        expect(vault.text("a.md"), equals: "new\n")
        var info = stat()
        stat(vault.root + "/a.md", &info)
        expect(info.st_mode & 0o777, equals: 0o640)
        // No temporary file is left behind.
        try expect(FileManager.default.contentsOfDirectory(atPath: vault.root), equals: ["a.md"])
    }

    @Test func refusesToWriteThroughASymlink() throws {
        let vault = try TemporaryVault(["real.md": "real\n"])
        defer { vault.remove() }
        symlink(vault.root + "/real.md", vault.root + "/link.md")
        expect(throws: NotezError.self) { try vault.writer().write(Array("x".utf8), to: "link.md") }
        expect(vault.text("real.md"), equals: "real\n")
    }

    @Test(arguments: ["../x.md", "/etc/passwd", "a/../../x.md", "./a.md", "a//b.md", "bad\u{1}name.md", ""])
    func refusesPathsThatLeaveTheVault(path: String) throws {
        let vault = try TemporaryVault(["a.md": "a\n"], folders: ["a"])
        defer { vault.remove() }
        expect(throws: NotezError.self) { try vault.writer().write(Array("x".utf8), to: path) }
    }

    @Test func refusesAFolderSymlinkedOutsideTheVault() throws {
        let vault = try TemporaryVault(["a.md": "a\n"])
        let outside = try TemporaryVault([:])
        defer { vault.remove(); outside.remove() }
        symlink(outside.root, vault.root + "/out")
        expect(throws: NotezError.self) { try vault.writer().write(Array("x".utf8), to: "out/x.md") }
        expect(!outside.exists("x.md"))
    }

    @Test func refusesWhenTheFileChangedSinceItWasRead() throws {
        let vault = try TemporaryVault(["a.md": "one\n"])
        defer { vault.remove() }
        let read = try NoteReader.readAll(vault.root + "/a.md")
        try Data("someone else's save, longer\n".utf8).write(to: URL(fileURLWithPath: vault.root + "/a.md"))
        expect(throws: NotezError.self) { try vault.writer().write(Array("mine\n".utf8), to: "a.md", expected: read.stamp) }
        expect(vault.text("a.md"), equals: "someone else's save, longer\n")
    }

    @Test func moveNeverReplaces() throws {
        let vault = try TemporaryVault(["a.md": "a\n", "b.md": "b\n"])
        defer { vault.remove() }
        expect(throws: NotezError.self) { try vault.writer().move(from: "a.md", to: "b.md") }
        expect(vault.text("b.md"), equals: "b\n")
        try vault.writer().move(from: "a.md", to: "c.md")
        expect(vault.text("c.md") == "a\n" && !vault.exists("a.md"))
    }

    @Test func createsNewFilesWithoutReplacing() throws {
        let vault = try TemporaryVault(["a.md": "a\n"])
        defer { vault.remove() }
        expect(throws: NotezError.self) { try vault.writer().write(Array("x".utf8), to: "a.md", mustNotExist: true) }
        try vault.writer().write(Array("n\n".utf8), to: "n.md", mustNotExist: true)
        expect(vault.text("n.md") == "n\n" && vault.text("a.md") == "a\n")
    }
}
