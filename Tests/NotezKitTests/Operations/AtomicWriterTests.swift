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

    /// A write refused because the file changed since it was read closes the file it opened to
    /// compare once: closed twice, the second `close` can take a descriptor another thread has just
    /// opened under the same number (as the test suite's other tests saw, now and then, as EBADF).
    /// Another thread keeps opening and reading a file of its own meanwhile and must never lose it.
    @Test func aRefusedWriteClosesWhatItOpenedOnce() throws {
        let vault = try TemporaryVault(["a.md": "a\n", "probe.txt": "probe\n"])
        defer { vault.remove() }
        let writer = try vault.writer()
        let stale = try NoteReader.readAll(vault.root + "/a.md").stamp
        try vault.writer().write(Array("b\n".utf8), to: "a.md")
        let probe = vault.root + "/probe.txt"
        final class Probe: @unchecked Sendable {
            let lock = NSLock()
            var stopped = false
            var lost = 0
            var reads = 0
        }
        let state = Probe()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 16)
            while !state.lock.withLock({ state.stopped }) {
                let fd = open(probe, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { continue }
                for _ in 0..<4 {
                    let count = pread(fd, &buffer, buffer.count, 0)
                    state.lock.withLock {
                        state.reads += 1
                        if count != 6 { state.lost += 1 }
                    }
                }
                close(fd)
            }
        }
        reader.start()
        // At least 4,000 refused writes, and on until the other thread has read 1,000 times.
        var written = 0
        while written < 4_000 || (state.lock.withLock { state.reads } < 1_000 && written < 400_000) {
            expect(throws: NotezError.changedWhileWriting(path: "a.md")) {
                try writer.write(Array("c\n".utf8), to: "a.md", expected: stale)
            }
            written += 1
        }
        state.lock.withLock { state.stopped = true }
        while !reader.isFinished { usleep(1_000) }
        expect(state.lock.withLock { state.lost }, equals: 0)
        expect(state.lock.withLock { state.reads } > 1_000)
        expect(vault.text("a.md"), equals: "b\n")
    }
}
