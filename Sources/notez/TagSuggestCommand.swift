import ArgumentParser
import NotezKit

/// `notez tag suggest`: proposals to merge near-duplicate tags, each with its evidence and the
/// `notez tag merge` command that carries it out. Reads only.
struct TagSuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Propose merges of near-duplicate tags (separator variants, singular/plural, one letter apart, the same leaf twice).",
        discussion: "Changes nothing: each proposal ends with the 'notez tag merge' command to run. Exit status 1 when there is none.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let suggestions = TagSuggestion.suggestions(for: try vault.loadCollection())
        if output.json {
            Terminal.line(JSONValue.array(suggestions.map(TagSuggestCommand.json)).text())
        } else if suggestions.isEmpty {
            Terminal.line("No near-duplicate tags.")
        } else {
            for suggestion in suggestions {
                let sources = suggestion.sources.map { "\(TerminalText.safe($0.name)) (\($0.count))" }.joined(separator: ", ")
                Terminal.line(
                    Terminal.bold(sources + " → " + TerminalText.safe(suggestion.target.name) + " (\(suggestion.target.count))"))
                Terminal.line("  " + Terminal.dim(TerminalText.safe(suggestion.evidence)))
                Terminal.line("  " + TerminalText.safe(TagSuggestCommand.command(suggestion)))
            }
            Terminal.line()
            let count = suggestions.count
            Terminal.line("\(count) proposal\(count == 1 ? "" : "s"); each command shows its plan and asks before it changes anything.")
        }
        if suggestions.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
    }

    /// The ready command, quoted for a POSIX shell.
    static func command(_ suggestion: TagSuggestion) -> String {
        (["notez"] + suggestion.mergeArguments.map(TagRefactorPlanner.shellQuoted)).joined(separator: " ")
    }

    /// `{"reason", "target": {"name", "count"}, "sources": [...], "sharedNotes", "sharedTags", "evidence", "command", "arguments"}`.
    static func json(_ suggestion: TagSuggestion) -> JSONValue {
        func tag(_ tag: TagSuggestion.Tag) -> JSONValue { .object([("name", .string(tag.name)), ("count", .int(tag.count))]) }
        return .object([
            ("reason", .string(suggestion.reason.rawValue)),
            ("target", tag(suggestion.target)),
            ("sources", .array(suggestion.sources.map(tag))),
            ("sharedNotes", .int(suggestion.sharedNotes)),
            ("sharedTags", .array(suggestion.sharedTags.map(JSONValue.string))),
            ("evidence", .string(suggestion.evidence)),
            ("command", .string(command(suggestion))),
            ("arguments", .array(suggestion.mergeArguments.map(JSONValue.string))),
        ])
    }
}
