import ArgumentParser
import NotezKit

/// Dynamic shell completion of note titles, folders and tags, from the vault's index (its cache
/// makes this fast). The vault is the one the command line names with `--vault`, else the usual.
enum Completions {
    /// Note titles (the path when a title is not unique).
    static let notes: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix) { index in
            var seen: [String: Int] = [:]
            for note in index.notes { seen[note.title.lowercased(), default: 0] += 1 }
            return index.notes.map { seen[$0.title.lowercased()] == 1 ? $0.title : $0.path }
        }
    }

    /// Folder paths.
    static let folders: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix) { index in index.folderTree.descendants.map(\.path) }
    }

    /// Tag names in their display spelling.
    static let tags: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix) { index in index.tags.map(\.name) }
    }

    /// The candidates that start with `prefix` (case-insensitively), sorted; none when the vault cannot be read.
    private static func candidates(_ words: [String], _ prefix: String, _ pick: (VaultIndex) -> [String]) -> [String] {
        guard let root = try? VaultLocator.root(explicit: vault(in: words)), let index = try? IndexBuilder.build(root: root) else {
            return []
        }
        let lower = prefix.lowercased()
        // Control characters (a newline, an escape sequence) never reach the shell's command line.
        return pick(index).filter { $0.lowercased().hasPrefix(lower) && TerminalText.safe($0) == $0 }.sorted()
    }

    /// The value of `--vault` among the words typed so far.
    private static func vault(in words: [String]) -> String? {
        var found: String?
        for (position, word) in words.enumerated() {
            if word == "--vault", position + 1 < words.count { found = words[position + 1] }
            if word.hasPrefix("--vault=") { found = String(word.dropFirst("--vault=".count)) }
        }
        return found
    }
}
