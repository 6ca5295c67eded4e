import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

struct VaultWalkerTests {
    @Test func nonRegularNoteFilesAreReportedNotListed() throws {
        let scratch = try ScratchFolder()
        try scratch.write("a.md", "text")
        expect(mkfifo(scratch.path + "/pipe.md", 0o644), equals: 0)
        expect(mkfifo(scratch.path + "/pipe.txt", 0o644), equals: 0)
        try scratch.symlink("link.md", to: "pipe.md")
        let listing = VaultWalker(root: scratch.path).walk()
        expect(listing.notes, equals: ["a.md"])
        let reported = listing.problems.map(\.path).sorted()
        expect(reported, equals: ["link.md", "pipe.md"])
        expect(listing.problems.allSatisfy { $0.problem.kind == .notRegularFile })
        expect(listing.problems.first { $0.path == "pipe.md" }?.problem.message.contains("a FIFO") == true)
    }

    /// The whole-vault walk (folders in parallel, level by level) lists what the one-folder walk
    /// lists, sorted, and each stamp is what `stat` (following a symlinked note) gives.
    @Test func parallelWalkMatchesTheRecursiveWalkWithStamps() throws {
        let scratch = try ScratchFolder()
        for number in 0..<60 {
            let folder = ["", "A", "A/B", "A/B/C", "Ärger", "z z/y", "A/b"][number % 7]
            try scratch.write(VaultPath.join(folder, "note \(number).md"), String(repeating: "x", count: number))
        }
        try scratch.mkdir("Empty/Deeper")
        try scratch.mkdir(".hidden")
        try scratch.write(".hidden/secret.md", "no")
        try scratch.symlink("A/linked.md", to: "../note 0.md")
        try scratch.symlink("Linked folder", to: "A")
        expect(mkfifo(scratch.path + "/A/B/pipe.md", 0o644), equals: 0)
        let walker = VaultWalker(root: scratch.path)
        let listing = walker.walk()
        var recursive = VaultWalker.Listing()
        walker.walk(folder: "", into: &recursive)
        expect(listing.notes, equals: recursive.notes.sorted())
        expect(listing.folders, equals: recursive.folders.sorted())
        expect(listing.symlinkedNotes, equals: recursive.symlinkedNotes)
        expect(listing.problems.map(\.path), equals: recursive.problems.map(\.path).sorted())
        expect(listing.notes.count, equals: 61)
        expect(listing.folders, equals: ["A", "A/B", "A/B/C", "A/b", "Empty", "Empty/Deeper", "z z", "z z/y", "Ärger"])
        expect(listing.stamps.count, equals: listing.notes.count)
        for (path, stamp) in zip(listing.notes, listing.stamps) {
            expect(stamp, equals: IndexBuilder.stamp(scratch.path + "/" + path), "\(path)")
        }
        expect(walker.walk(stamps: false).stamps.isEmpty)
    }

    @Test("path order: many paths, sorted in two halves and merged, are in String order; NFD twins fall back to it")
    func pathOrderOfManyPaths() {
        var random = SeededGenerator(seed: 31)
        let ascii = ["a", "b", "Z", "e", " ", "-", "/", "0", "ab", "a b"]
        // ASCII paths are taken in byte order with no String check: the merge alone must be right.
        for (count, twins, pieces) in [(20_000, false, ascii), (20_000, false, ascii + ["é", "日"]), (9_000, true, ascii + ["é"]), (300, false, ascii)] {
            var seen: Set<[UInt8]> = []
            var paths: [String] = []
            while paths.count < count {
                var path = (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() + ".md"
                if twins && Bool.random(using: &random) { path = path.decomposedStringWithCanonicalMapping }
                if seen.insert(Array(path.utf8)).inserted { paths.append(path) }
            }
            let order = StringOrder.positions(of: paths)
            expect(order.sorted(), equals: Array(paths.indices), "a permutation of \(count)")
            expect(zip(order, order.dropFirst()).allSatisfy { !(paths[$0.1] < paths[$0.0]) }, "String order of \(count)")
            if !twins {
                // NFC paths: String order is byte order, so the order is the one byte sort.
                let bytes = Array(paths.indices).sorted { paths[$0].utf8.lexicographicallyPrecedes(paths[$1].utf8) }
                expect(order, equals: bytes, "byte order of \(count)")
            }
        }
    }
}
