import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A full-text search opens each note relative to its folder, each folder relative to its parent.
@Suite("folder trail")
struct FolderTrailTests {
    /// The file's text, opened at `location` as the matcher opens it (nil when it does not open).
    private static func text(at location: (folder: Int32, nameStart: Int), _ path: String) -> String? {
        let fd = path.withCString { openat(location.folder, $0 + location.nameStart, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(fd, &buffer, buffer.count)
        return String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
    }

    @Test func opensEachNoteInItsOwnFolderKeepingOnlyItsFoldersOpen() throws {
        let vault = try ScratchFolder()
        // Path order, as a search reads them, then backwards and shuffled: any order is right.
        let paths = ["a/b/c/n.md", "a/b/c/o.md", "a/b/d/n.md", "a/n.md", "a/x.md", "b/b/b/b/n.md", "b/n.md", "caf\u{E9} x/d/n.md", "n.md"]
        for path in paths { try vault.write(path, path) }
        let root = open(vault.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(root >= 0)
        defer { close(root) }
        var generator = SeededGenerator(seed: 7)
        let trail = FolderTrail(root: root)
        for path in paths + paths.reversed() + paths.shuffled(using: &generator) {
            let location = trail.location(of: path)
            let depth = path.split(separator: "/").count - 1
            #expect(Self.text(at: location, path) == path, "\(path)")
            #expect(location.nameStart == path.utf8.count - path.split(separator: "/").last!.utf8.count, "\(path)")
            #expect((location.folder == root) == (depth == 0), "\(path)")
            // A note at the root leaves the folders open for the next one below them.
            if depth > 0 { #expect(trail.openFolders == depth, "\(path)") }
        }
    }

    @Test func aFolderThatIsNotOneOrTooDeepLeavesTheNoteToTheRoot() throws {
        let vault = try ScratchFolder()
        try vault.write("real/n.md", "real")
        try vault.symlink("link", to: vault.path + "/real")
        try vault.write("file", "not a folder")
        let deep = (0...FolderTrail.maxDepth).map { _ in "d" }.joined(separator: "/") + "/n.md"
        try vault.write(deep, "deep")
        let root = open(vault.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(root >= 0)
        defer { close(root) }
        let trail = FolderTrail(root: root)
        #expect(trail.location(of: "real/n.md").nameStart == 5)
        #expect(trail.openFolders == 1)
        // A doubled slash names what the kernel would open.
        #expect(Self.text(at: trail.location(of: "real//n.md"), "real//n.md") == "real")
        // A symlinked folder is not opened through; nor a file, a missing folder, an empty name.
        for path in ["link/n.md", "file/n.md", "gone/n.md", "/n.md", "real/./x/../n.md", deep] {
            let location = trail.location(of: path)
            #expect(location.folder == root && location.nameStart == 0, "\(path)")
            #expect(trail.openFolders == 0, "\(path)")
        }
        // A path just within the depth opens below its folders.
        let within = (0..<FolderTrail.maxDepth).map { _ in "d" }.joined(separator: "/") + "/m.md"
        try vault.write(within, "within")
        #expect(Self.text(at: trail.location(of: within), within) == "within")
        #expect(trail.openFolders == FolderTrail.maxDepth)
    }
}
