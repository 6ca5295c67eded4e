import Testing

@testable import NotezKit

@Suite("VaultPath")
struct VaultPathTests {
    @Test("join gives the bytes of folder + \"/\" + name for any text")
    func joinIsConcatenation() {
        let folders = ["", "a", "Daily Notes", "Ünïcode/Földer", "e\u{301}t\u{e9}", "深い/フォルダ", "🙂/x y", String(repeating: "long/", count: 40) + "end"]
        let names = ["", "n.md", "Note with spaces.md", "cafe\u{301}.md", "日本語.md", "👩‍👩‍👧.md", String(repeating: "x", count: 300) + ".md"]
        for folder in folders {
            for name in names {
                let joined = VaultPath.join(folder, name)
                let expected = folder.isEmpty ? name : folder + "/" + name
                #expect(Array(joined.utf8) == Array(expected.utf8))
                #expect(joined == expected)
            }
        }
    }
}
