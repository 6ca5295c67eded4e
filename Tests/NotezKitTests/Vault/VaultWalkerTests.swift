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
        #expect(mkfifo(scratch.path + "/pipe.md", 0o644) == 0)
        #expect(mkfifo(scratch.path + "/pipe.txt", 0o644) == 0)
        try scratch.symlink("link.md", to: "pipe.md")
        let listing = VaultWalker(root: scratch.path).walk()
        #expect(listing.notes == ["a.md"])
        let reported = listing.problems.map(\.path).sorted()
        #expect(reported == ["link.md", "pipe.md"])
        #expect(listing.problems.allSatisfy { $0.problem.kind == .notRegularFile })
        #expect(listing.problems.first { $0.path == "pipe.md" }?.problem.message.contains("a FIFO") == true)
    }
}
