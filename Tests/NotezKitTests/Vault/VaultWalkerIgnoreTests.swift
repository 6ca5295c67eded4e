import Testing

@testable import NotezKit
import NotezTestSupport

struct VaultWalkerIgnoreTests {
    @Test func isSkippedLooksAtEveryFolderOnThePath() {
        let walker = VaultWalker(root: "/nowhere", ignore: ["Templates/*", "*.tmp.md", "drafts"])
        expect(walker.isSkipped("Templates/x.md"))
        expect(walker.isSkipped("Templates"))
        expect(walker.isSkipped("Work/a.tmp.md"))
        expect(walker.isSkipped("Work/drafts/deep/x.md"))
        expect(!walker.isSkipped("Work/x.md"))
        expect(!walker.isSkipped("TemplatesX/x.md"))
    }
}
