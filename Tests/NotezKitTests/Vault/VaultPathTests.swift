import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// A path's folder, name, file title and whether it names a note: the byte-wise fast paths give
/// exactly what the Character-wise rules give, on random paths with the characters that make them
/// differ (and whether a path is in a folder, told from the bytes); and joining a folder and a name.
@Suite("vault paths: folder, name, title, note names, joins")
struct VaultPathTests {
    // The rules as Characters, without any fast path.
    private static func folder(_ path: String) -> String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "" }
    private static func name(_ path: String) -> String { path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path }
    private static func fileTitle(_ path: String) -> String {
        let name = name(path)
        for ext in [".md", ".markdown"] where name.lowercased().hasSuffix(ext) && name.count > ext.count {
            return String(name.dropLast(ext.count))
        }
        return name
    }
    private static func isNoteFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return (lower.hasSuffix(".md") && lower.count > 3) || (lower.hasSuffix(".markdown") && lower.count > 9)
    }

    @Test("random paths: the same folder, name, title and note test as the Character rules")
    func sameAsTheCharacterRules() {
        var random = SeededGenerator(seed: 31)
        // A combining mark after `/`, a prepended mark before it, CR LF, the Kelvin sign (lower-cases to `k`).
        let pieces = ["a", "Z", " ", "/", ".", ".md", ".MD", ".Md", ".markdown", ".MARKDOWN", "md", "é", "e\u{301}", "\u{301}", "\u{600}",
            "\r\n", "\r", "İ", ".mar\u{212A}down", "\u{200D}", "🙂", "\u{1F1EB}"]
        for _ in 0..<20_000 {
            let path = (0..<Int.random(in: 0...7, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            expect(Array(VaultPath.folder(of: path).utf8), equals: Array(VaultPathTests.folder(path).utf8), "\(path.debugDescription)")
            expect(Array(VaultPath.name(of: path).utf8), equals: Array(VaultPathTests.name(path).utf8), "\(path.debugDescription)")
            expect(Array(VaultPath.fileTitle(of: path).utf8), equals: Array(VaultPathTests.fileTitle(path).utf8), "\(path.debugDescription)")
            expect(VaultPath.isNoteFile(path), equals: VaultPathTests.isNoteFile(path), "\(path.debugDescription)")
            // Asked with the path's own folder, with that of another path, and with a prefix of its bytes.
            let other = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let prefix = String(decoding: path.utf8.prefix(Int.random(in: 0...path.utf8.count, using: &random)), as: UTF8.self)
            for folder in [VaultPathTests.folder(path), VaultPathTests.folder(other), prefix] {
                let same = Array(VaultPathTests.folder(path).utf8) == Array(folder.utf8)
                expect(VaultPath.isFolder(folder, of: path), equals: same, "\(folder.debugDescription) of \(path.debugDescription)")
            }
        }
        expect(VaultPath.isFolder("a", of: "a/b.md") && VaultPath.isFolder("", of: "b.md") && !VaultPath.isFolder("a", of: "a/b/c.md"))
        expect(!VaultPath.isFolder("a", of: "a/\u{301}b.md") && VaultPath.isFolder("", of: "a/\u{301}b.md"))
        expect(VaultPath.folder(of: "a/\u{301}b.md"), equals: "")
        expect(VaultPath.fileTitle(of: "Work/Plan.MD"), equals: "Plan")
        expect(VaultPath.fileTitle(of: "x.mar\u{212A}down"), equals: "x")
        expect(!VaultPath.isNoteFile(".md"))
    }

    @Test("join gives the bytes of folder + \"/\" + name for any text")
    func joinIsConcatenation() {
        let folders = ["", "a", "Daily Notes", "Ünïcode/Földer", "e\u{301}t\u{e9}", "深い/フォルダ", "🙂/x y", String(repeating: "long/", count: 40) + "end"]
        let names = ["", "n.md", "Note with spaces.md", "cafe\u{301}.md", "日本語.md", "👩‍👩‍👧.md", String(repeating: "x", count: 300) + ".md"]
        for folder in folders {
            for name in names {
                let joined = VaultPath.join(folder, name)
                let expected = folder.isEmpty ? name : folder + "/" + name
                expect(Array(joined.utf8), equals: Array(expected.utf8))
                expect(joined, equals: expected)
            }
        }
    }
}
