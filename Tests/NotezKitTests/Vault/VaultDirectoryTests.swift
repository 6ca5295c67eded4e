import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The one path resolver: which paths notez may write, and that symlinks and FIFOs are refused.
@Suite struct VaultDirectoryTests {
    @Test(arguments: [
        "", "/etc/passwd", "../x", "a/../b", "a//b", "./a", "a/.", ".git/config", "a/.git/hooks/x", ".GIT/config",
        ".obsidian/app.json", "Work/.hidden.md", ".notez/../x", "a\u{1}b.md", String(repeating: "x", count: 256) + ".md",
    ])
    func refusedPaths(path: String) {
        expect(throws: NotezError.self) { try VaultPath.checkedComponents(path) }
    }

    @Test(arguments: [".notez/journal/1.json", ".notez/.gitignore", ".notez", "Work/Plan.md", "café.md", "a b/c d.md"])
    func acceptedPaths(path: String) throws {
        try expect(VaultPath.checkedComponents(path).joined(separator: "/"), equals: path)
    }

    @Test func symlinkedFoldersAndFilesAreRefused() throws {
        let vault = try TemporaryVault(["real/a.md": "a\n"])
        defer { vault.remove() }
        let outside = vault.root + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        symlink(outside, vault.root + "/linked")
        let writer = try vault.writer()
        expect(throws: NotezError.self) { try writer.write(text: "x", to: "linked/x.md") }
        expect(throws: NotezError.self) { try writer.directory.checkReachable("linked/x.md") }
        expect(throws: NotezError.self) { try writer.createFolder("linked/sub") }
        expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)

        symlink(vault.root + "/real/a.md", vault.root + "/real/link.md")
        expect(throws: NotezError.self) { try writer.write(text: "x", to: "real/link.md") }
        expect(throws: NotezError.self) { try writer.directory.readFile("real/link.md") }
        expect(vault.text("real/a.md"), equals: "a\n")
    }

    @Test func fifosAndOversizedStateFilesAreRefusedWithoutBlocking() throws {
        let vault = try TemporaryVault(["a.md": "a\n", ".notez/big.yaml": String(repeating: "x", count: 5000)])
        defer { vault.remove() }
        expect(mkfifo(vault.root + "/.notez/config.yaml", 0o644), equals: 0)
        let directory = try VaultDirectory(root: vault.root)
        expect(throws: NotezError.self) { try directory.readFile(".notez/config.yaml") }
        expect(throws: NotezError.self) { try directory.readFile(".notez/big.yaml", limit: 4096) }
        expect(try directory.readFile(".notez/missing.yaml") == nil)
        expect(try directory.readFile("missing-folder/x.yaml") == nil)
    }

    @Test func aSaveInvisibleToStatIsSeenByItsContent() throws {
        let vault = try TemporaryVault(["n.md": "---\ntags: [a]\n---\nbody\n"])
        defer { vault.remove() }
        let path = vault.root + "/n.md"
        let planned = try NoteReader.readAll(path)
        // Someone rewrites the same number of bytes in place and the mtime does not move.
        var info = stat()
        stat(path, &info)
        let fd = open(path, O_WRONLY)
        _ = "BODY\n".withCString { pwrite(fd, $0, 5, off_t(info.st_size) - 5) }
        var times = [info.st_atim, info.st_mtim]
        futimens(fd, &times)
        close(fd)
        try expect(NoteReader.readAll(path).stamp, equals: planned.stamp)
        expect(throws: NotezError.changedWhileWriting(path: "n.md")) {
            try vault.writer().write(
                Array("---\ntags: [a, b]\n---\nbody\n".utf8), to: "n.md", expected: planned.stamp,
                expectedHash: ContentHash.value(planned.bytes))
        }
        expect(vault.text("n.md"), equals: "---\ntags: [a]\n---\nBODY\n")
    }

    @Test func createOnlyNeverReplaces() throws {
        let vault = try TemporaryVault(["n.md": "mine\n"])
        defer { vault.remove() }
        expect(throws: NotezError.self) { try vault.writer().write(Array("x".utf8), to: "n.md", mustNotExist: true) }
        expect(vault.text("n.md"), equals: "mine\n")
        try vault.writer().write(Array("new\n".utf8), to: "m.md", mustNotExist: true)
        expect(vault.text("m.md"), equals: "new\n")
    }

    @Test func theStateGitignoreIsWrittenOrCompleted() throws {
        expect(StateIgnore.updated(nil).map { String(decoding: $0, as: UTF8.self) }, equals: StateIgnore.text)
        expect(StateIgnore.updated(Array(StateIgnore.text.utf8)) == nil)
        let completed = String(decoding: StateIgnore.updated(Array("cache/\r\njournal/".utf8)) ?? [], as: UTF8.self)
        expect(completed.hasPrefix("cache/\r\njournal/\n# Added by notez"))
        expect(!completed.contains("\njournal/\n") || completed.components(separatedBy: "journal/").count == 2)
        expect(completed.contains("\ntrash/\n") && completed.contains("\nlock\n"))
    }
}
