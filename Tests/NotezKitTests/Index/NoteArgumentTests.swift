import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// `NoteArgument`'s byte comparison of file names against the rule it stands for.
@Suite("NOTE arguments")
struct NoteArgumentTests {
    static let paths = [
        "Notes/Bench Link Target.md", "bench link target.MD", "a/b/BENCH LINK TARGET.markdown", "Bench Link Target.txt",
        "x/.md", "x/..md", "x/.markdown", "x/a.markdown.md", "x/Ab.Markdown", "Bench Link Target", "x/",
        "Kelvin \u{212A}.md", "Kelvin k.md", "caf\u{E9}.md", "CAF\u{C9}.md", "x/\r\n.md", "x/a\r\nb.md", "\u{130}stanbul.md",
        "\u{E9}t\u{E9}/Bench Link Target.md", "x/a;b.md", "x/a\u{37E}b.md",
    ]
    static let arguments = [
        "Bench Link Target", "bench link target", "BENCH LINK TARGET", "", ".md", ".", "a.markdown", "ab", "Kelvin k",
        "Kelvin \u{212A}", "caf\u{E9}", "CAF\u{C9}", "\r\n", "a\r\nb", "istanbul", "i\u{307}stanbul", "Bench Link Target.txt",
        "a;b", "a\u{37E}b",
    ]

    @Test func theByteComparisonOfFileNamesIsTheRule() {
        for argument in NoteArgumentTests.arguments {
            let wanted = argument.lowercased()
            let ascii = wanted.utf8.allSatisfy { $0 < 0x80 } ? Array(wanted.utf8) : nil
            for path in NoteArgumentTests.paths {
                expect(
                    NoteArgument.fileTitle(of: path, is: wanted, ascii: ascii), equals: (VaultPath.fileTitle(of: path).lowercased() == wanted),
                    "\(path) / \(argument)")
            }
        }
        // The comparison matches at all: by file name whatever the case and extension.
        let wanted = "bench link target"
        expect(NoteArgumentTests.paths.filter { NoteArgument.fileTitle(of: $0, is: wanted, ascii: Array(wanted.utf8)) }.count, equals: 5)
    }

    /// A daemon's index finds a NOTE given by name through the link table's lookup of names: the
    /// same note, or the same error, as the pass over every note, on names that collide by case,
    /// Unicode form, folder, title and alias.
    @Test func theLookupOfNamesFindsWhatThePassFinds() throws {
        let vault = try ScratchFolder()
        let names = ["Alpha", "alpha", "Beta Note", "caf\u{E9}", "cafe\u{301}", "Kelvin \u{212A}", "Kelvin k", "a;b", "x.md", "dup", "Dup"]
        let folders = ["", "a", "a/b", "\u{E9}t\u{E9}"]
        var random = SeededGenerator(seed: 7)
        for (number, name) in (names + names).enumerated() {
            let folder = folders.randomElement(using: &random)!
            var front = ""
            switch number % 4 {
            case 0: front = "---\ntitle: \(names.randomElement(using: &random)!)\n---\n"
            case 1: front = "---\naliases: [\"\(names.randomElement(using: &random)!)\"]\n---\n"
            default: break
            }
            let path = VaultPath.join(folder, name + (number % 5 == 0 ? ".markdown" : ".md"))
            if !FileManager.default.fileExists(atPath: vault.path + "/" + path) {
                _ = try vault.write(path, front + "[[\(name)]]\n", modified: Date(timeIntervalSinceNow: -3600))
            }
        }
        let index = try IndexBuilder.build(root: vault.path)
        let table = try #require(index.linkTable)
        expect(index.positions(calledBy: "alpha") == nil)
        _ = table.lookups(notes: index.notes)
        expect(index.positions(calledBy: "alpha")?.isEmpty == false)
        let arguments = names + names.map { $0.uppercased() } + names.map { $0.lowercased() } + ["a\u{37E}b", "Nothing", "x", "X.MD", "Beta note"]
        for argument in arguments {
            let byPass = Result { () throws(NotezError) -> Note in
                try NoteArgument.resolve(
                    argument, root: index.root, count: index.notes.count, position: { index.position(of: $0) },
                    path: { index.notes[$0].path }, title: { index.notes[$0].title }, note: { index.notes[$0] })
            }
            let byLookup = Result { () throws(NotezError) -> Note in try index.resolve(argument) }
            expect(String(describing: byLookup.map(\.path)), equals: String(describing: byPass.map(\.path)), "\(argument)")
        }
    }
}
