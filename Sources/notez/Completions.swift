import ArgumentParser
import NotezKit

/// Dynamic shell completion of note titles, folders and tags, from the vault's index (its cache
/// makes this fast). The vault is the one the command line names with `--vault`, else the usual.
enum Completions {
    /// Note titles (the path when a title is not unique).
    static let notes: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix, noteNames)
    }

    /// Folder paths, and the names of folders that are the only one so named (every command takes
    /// a unique folder name at any depth: `Alpha` for `Work/Projects/Alpha`).
    static let folders: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix, folderNames)
    }

    /// Notes, then folders (`mv NOTE... FOLDER`).
    static let notesAndFolders: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix) { index in noteNames(index) + folderNames(index) }
    }

    /// Template names of `.notez/templates/`.
    static let templates: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix, needsNotes: false) { index in (try? TemplateStore.names(root: index.root)) ?? [] }
    }

    /// Trashed notes by the title `trash list` shows (the id when titles repeat).
    static let trashItems: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix, needsNotes: false) { index in
            let items = TrashStore(root: index.root).read().items
            let titles = TrashListCommand.titles(items, index: index)
            var seen: [String: Int] = [:]
            for item in items { seen[(titles[item.id] ?? "").lowercased(), default: 0] += 1 }
            return items.map { item in
                guard let title = titles[item.id], !title.isEmpty, seen[title.lowercased()] == 1 else { return item.id }
                return title
            }
        }
    }

    /// The color presets and `none`.
    static let colors: CompletionKind = .list(ColorName.presets.keys.sorted() + ["none"])

    /// The color presets (for a new tag or folder).
    static let newColors: CompletionKind = .list(ColorName.presets.keys.sorted())

    /// `--prefer` of `sync` and `merge-driver`.
    static let preferences: CompletionKind = .list(["local", "remote", "newest"])

    private static func noteNames(_ index: VaultIndex) -> [String] {
        var seen: [String: Int] = [:]
        for note in index.notes { seen[note.title.lowercased(), default: 0] += 1 }
        return index.notes.map { seen[$0.title.lowercased()] == 1 ? $0.title : $0.path }
    }

    private static func folderNames(_ index: VaultIndex) -> [String] {
        let paths = index.folderTree.descendants.map(\.path)
        var names: [String: Int] = [:]
        for path in paths { names[String(path.split(separator: "/").last ?? ""), default: 0] += 1 }
        let bare = names.filter { $0.value == 1 && !paths.contains($0.key) }.map(\.key)
        return paths + bare
    }

    /// Tag names in their display spelling.
    static let tags: CompletionKind = .custom { words, _, prefix in
        candidates(words, prefix) { index in index.tags.map(\.name) }
    }

    /// The candidates that start with `prefix` (case-insensitively), sorted; none when the vault cannot be read.
    private static func candidates(
        _ words: [String], _ prefix: String, needsNotes: Bool = true, _ pick: (VaultIndex) -> [String]
    ) -> [String] {
        guard let session = try? Vault.locate(explicit: vault(in: words)),
            let index = needsNotes ? try? session.index() : session.settingsIndex()
        else {
            return []
        }
        let lower = prefix.lowercased()
        // Control characters (a newline, an escape sequence) never reach the shell's command line.
        return pick(index).filter { $0.lowercased().hasPrefix(lower) && TerminalText.safe($0) == $0 }.sorted()
    }

    /// The value of `--vault` among the words typed so far, or the folder of a vault named with
    /// `-V NAME` / `--vault-name NAME` in the user settings (an unknown name names none).
    private static func vault(in words: [String]) -> String? {
        var found: String?
        for (position, word) in words.enumerated() {
            let next = position + 1 < words.count ? words[position + 1] : nil
            if word == "--vault", let next { found = next }
            if word.hasPrefix("--vault=") { found = String(word.dropFirst("--vault=".count)) }
            if word == "-V" || word == "--vault-name", let next { found = UserSettings.current.vaults[next] ?? found }
            if word.hasPrefix("--vault-name=") { found = UserSettings.current.vaults[String(word.dropFirst("--vault-name=".count))] ?? found }
        }
        return found
    }
}
