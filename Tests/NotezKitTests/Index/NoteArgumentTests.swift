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
    ]
    static let arguments = [
        "Bench Link Target", "bench link target", "BENCH LINK TARGET", "", ".md", ".", "a.markdown", "ab", "Kelvin k",
        "Kelvin \u{212A}", "caf\u{E9}", "CAF\u{C9}", "\r\n", "a\r\nb", "istanbul", "i\u{307}stanbul", "Bench Link Target.txt",
    ]

    @Test func theByteComparisonOfFileNamesIsTheRule() {
        for argument in NoteArgumentTests.arguments {
            let wanted = argument.lowercased()
            let ascii = wanted.utf8.allSatisfy { $0 < 0x80 } ? Array(wanted.utf8) : nil
            for path in NoteArgumentTests.paths {
                #expect(
                    NoteArgument.fileTitle(of: path, is: wanted, ascii: ascii) == (VaultPath.fileTitle(of: path).lowercased() == wanted),
                    "\(path) / \(argument)")
            }
        }
        // The comparison matches at all: by file name whatever the case and extension.
        let wanted = "bench link target"
        #expect(NoteArgumentTests.paths.filter { NoteArgument.fileTitle(of: $0, is: wanted, ascii: Array(wanted.utf8)) }.count == 4)
    }
}
