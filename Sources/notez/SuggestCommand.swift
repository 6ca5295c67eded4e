import ArgumentParser
import Foundation
import NotezKit

/// `notez suggest [TEXT]`: where a new note probably belongs, ranked, with reasons; and similar tags.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest", abstract: "Suggest folders (and tags) for a new note, with the reason for each.")

    @Argument(help: "The new note's text (title and body); default: stdin when it is not a terminal.")
    var text: [String] = []

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        var input = text.joined(separator: " ")
        if text.isEmpty, !Terminal.stdinIsTerminal {
            input = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let index = try vault.loadIndex()
        let time = CaptureClock.now
        let similarity = TextSimilarity.rank(input + "\n", index: index)
        let folders = CaptureRouter.suggestions(title: input, body: "", time: time, index: index, similarity: similarity)
        let tags = similarity.tags
        if output.json {
            Terminal.line(
                JSONValue.object([
                    (
                        "folders",
                        .array(
                            folders.map { suggestion in
                                .object([
                                    ("folder", .string(suggestion.folder)), ("rule", .string(suggestion.kind.rawValue)),
                                    ("reason", .string(suggestion.reason)),
                                    ("score", .int(Int((suggestion.score * 1000).rounded()))),
                                ])
                            })
                    ),
                    (
                        "tags",
                        .array(
                            tags.map { tag in
                                .object([("tag", .string(tag.folder)), ("notes", .int(tag.notes)), ("examples", .array(tag.examples.map(JSONValue.string)))])
                            })
                    ),
                ]).text())
            return
        }
        for suggestion in folders {
            Terminal.line(TerminalText.safe("→ \(suggestion.folder.isEmpty ? "Unsorted" : suggestion.folder) (\(suggestion.reason))"))
        }
        if !tags.isEmpty {
            Terminal.line(TerminalText.safe("tags: " + tags.map { "#\($0.folder)" }.joined(separator: " ")))
        }
    }
}
