import ArgumentParser
import NotezKit

/// "Did you mean" for words the parser could not place: an unknown subcommand (`notez serach`,
/// `notez tag lst`) and a query word that looks like an option (`notez search tag:x -x`).
enum CommandSuggestion {
    /// The error message for an unknown subcommand in `arguments` (the vault flags already taken),
    /// or nil when every word before the first option names a command.
    static func unknownCommand(_ arguments: [String]) -> String? {
        var level: ParsableCommand.Type = Notez.self
        var path = ["notez"]
        for token in arguments {
            let subcommands = level.configuration.subcommands
            guard !subcommands.isEmpty, !token.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { $0._commandName == token || $0.configuration.aliases.contains(token) }) {
                level = next
                path.append(token)
                continue
            }
            let command = path.joined(separator: " ")
            // A key path to a static member of an existential metatype crashes this compiler: a closure.
            let guess = nearest(token, among: subcommands.map { $0._commandName })
            let hint = guess.map { "; did you mean '\(command) \($0)'?" } ?? ""
            return "unknown command '\(TerminalText.safe(token))' for '\(command)'\(hint) (see '\(command) --help')"
        }
        return nil
    }

    /// The error for a query word that looks like an option: `-n` and `--anything`, but not a
    /// negated term such as `-draft` or `-folder:Archive`; nil when there is none.
    /// `options` is asked only for a word that looks like one: listing them renders the command's help.
    static func optionLikeQueryWord(_ words: [String], options: () -> [String]) -> String? {
        for word in words where word.count > 1 && (word.hasPrefix("--") || word.count == 2) && word.hasPrefix("-") {
            // A one-letter slip (`-x`) is one edit from every short option: no guess for those.
            let guess = word.count > 2 ? nearest(word, among: options()).map { " (did you mean '\($0)'?)" } ?? "" : ""
            return "'\(TerminalText.safe(word))' is not an option of notez search\(guess); "
                + "to search for it, write it after '--' ('notez search -- \(TerminalText.safe(word))') or inside a quoted query"
        }
        return nil
    }

    /// The closest name, when it is close enough to be what was meant: at most a third of its
    /// letters (and at least one) edited, or the word is a prefix of exactly one name.
    static func nearest(_ word: String, among names: [String]) -> String? {
        let scored = names.map { ($0, EditDistance.between(word.lowercased(), $0.lowercased())) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if let best = scored.first, best.1 <= max(1, best.0.count / 3) { return best.0 }
        let prefixed = names.filter { $0.hasPrefix(word) && !word.isEmpty }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}
