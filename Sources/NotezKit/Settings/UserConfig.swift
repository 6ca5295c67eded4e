import Foundation

/// The user's own settings, `$XDG_CONFIG_HOME/notez/config.yaml` (else `~/.config/notez/config.yaml`;
/// `NOTEZ_CONFIG` names another file): a default vault, named vaults, saved searches, command
/// aliases and an editor. Read like the vault's own files: at most `YAMLValue.maxSize` bytes, by
/// libyaml, never blocking on a FIFO (a symlinked file, as dotfile managers make, is followed to
/// its target, which is then read without following links).
///
/// ```yaml
/// vault: ~/notes                    # the default vault
/// vaults: {work: ~/work-notes}      # notez -V work ...
/// searches: {inbox: "folder:Inbox -tag:done"}   # notez search @inbox
/// aliases: {todo: "search tag:todo --sort modified"}  # notez todo (may hide a command: zk's rule)
/// editor: nvim
/// ```
///
/// Precedence, most specific first: a flag, then the environment, then this file, then the vault's
/// `.notez/config.yaml`. For the vault: `--vault` / `-V NAME`, then `NOTEZ_VAULT`, then the vault
/// the current folder is in (a folder with `.notez/` above it), then `vault:` here, then the current
/// folder. For the editor: `NOTEZ_EDITOR`, then `editor:` here, then `VISUAL`, then `EDITOR`, then `vi`.
public struct UserConfig: Sendable, Equatable {
    /// The default vault, `~` expanded; nil when not set.
    public var vault: String?
    /// Named vaults (`-V NAME`), `~` expanded.
    public var vaults: [String: String] = [:]
    /// Saved searches, usable as `@name` in a query.
    public var searches: [String: String] = [:]
    /// Command aliases: a name and the words it stands for.
    public var aliases: [String: [String]] = [:]
    /// The editor command line.
    public var editor: String?

    /// No settings.
    public init() {}

    /// The file read for `environment`, nil when neither a config folder nor a home is known.
    public static func path(environment: [String: String]) -> String? {
        if let explicit = environment["NOTEZ_CONFIG"], !explicit.isEmpty { return explicit }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/notez/config.yaml" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/notez/config.yaml" }
        return nil
    }

    /// The settings of `environment`'s file: none when it does not exist; an error naming the file,
    /// the line and the problem when it cannot be read or is malformed.
    public static func load(environment: [String: String]) throws(NotezError) -> UserConfig {
        guard let path = path(environment: environment) else { return UserConfig() }
        // The target of a symlinked file, then read without following links from its folder. No
        // file (the usual case) is no settings: `realpath` tells in a few calls, where Foundation's
        // resolution of the path took 4.8% of a warm client's CPU, at every command.
        let real: String
        if let resolved = realpath(path, nil) {
            real = String(cString: resolved)
            free(resolved)
        } else if errno == ENOENT || errno == ENOTDIR {
            return UserConfig()
        } else {
            real = path
        }
        let folder = (real as NSString).deletingLastPathComponent
        let name = (real as NSString).lastPathComponent
        let bytes: [UInt8]?
        do {
            bytes = try VaultDirectory(root: folder.isEmpty ? "/" : folder).readFile(name, limit: YAMLValue.maxSize)
        } catch .io(_, let code) where code == ENOENT || code == ENOTDIR {
            return UserConfig()
        }
        guard let bytes else { return UserConfig() }
        switch YAMLValue.parse(bytes) {
        case .failure(let error):
            throw .unreadable(path: "\(path):\(error.line + 1):\(error.column + 1)", reason: error.message)
        case .success(.null):
            return UserConfig()
        case .success(let value):
            return try read(value, path: path, home: environment["HOME"])
        }
    }

    private static func read(_ value: YAMLValue, path: String, home: String?) throws(NotezError) -> UserConfig {
        guard case .mapping = value else { throw .unreadable(path: path, reason: "expected a mapping of settings") }
        func expanded(_ text: String) -> String {
            guard let home, !home.isEmpty, text == "~" || text.hasPrefix("~/") else { return text }
            return home + text.dropFirst()
        }
        func mapping(_ key: String) throws(NotezError) -> [(key: String, value: YAMLValue)] {
            guard let found = value[key] else { return [] }
            if case .null = found { return [] }
            guard case .mapping(let pairs) = found else { throw .unreadable(path: path, reason: "\(key) must be a mapping of names") }
            return pairs
        }
        var config = UserConfig()
        config.vault = value["vault"]?.string.map(expanded)
        for (name, target) in try mapping("vaults") {
            guard let text = target.string, !text.isEmpty else { throw .unreadable(path: path, reason: "vaults: '\(name)' must be a folder path") }
            config.vaults[name] = expanded(text)
        }
        for (name, query) in try mapping("searches") {
            guard isName(name) else { throw .unreadable(path: path, reason: "searches: '\(name)' is not a name (letters, digits, - and _)") }
            guard let text = query.string else { throw .unreadable(path: path, reason: "searches: '\(name)' must be a query") }
            config.searches[name] = text
        }
        for (name, words) in try mapping("aliases") {
            let list: [String]
            if case .sequence = words { list = words.strings } else if let text = words.string { list = try splitWords(text, path: path) } else { list = [] }
            guard isName(name), !list.isEmpty else { throw .unreadable(path: path, reason: "aliases: '\(name)' must name a command line") }
            config.aliases[name] = list
        }
        config.editor = value["editor"]?.string.flatMap { $0.isEmpty ? nil : $0 }
        return config
    }

    /// Letters, digits, `-` and `_`.
    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// An alias's words: split at spaces, `'...'` and `"..."` keep spaces (no other shell syntax).
    static func splitWords(_ text: String, path: String) throws(NotezError) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw .unreadable(path: path, reason: "an alias has an unclosed quote: \(text)") }
        if inWord { words.append(current) }
        return words
    }

    /// The vault `vault:` names when nothing more specific does: no `--vault` (`explicit`), no
    /// `NOTEZ_VAULT`, and the current folder in no vault; nil otherwise.
    public func defaultVault(explicit: String?, environment: [String: String], currentDirectory: String) -> String? {
        guard let vault, explicit == nil else { return nil }
        if let variable = environment["NOTEZ_VAULT"], !variable.isEmpty { return nil }
        if VaultLocator.nearestMarked(from: currentDirectory) != nil { return nil }
        return vault
    }

    /// `arguments` with an alias in the command's place replaced by its words, once: an alias's own
    /// words are not looked up again. As in zk, an alias may have a command's name and hide it, so
    /// `ls: "ls --sort modified"` gives `notez ls` new defaults (its first word is notez's `ls`).
    public func expandingAlias(_ arguments: [String]) -> [String] {
        guard let at = arguments.firstIndex(where: { !$0.hasPrefix("-") }) else { return arguments }
        // A word after an option that takes a value is that value, not the command: only the
        // first word of all, or one after flags, is looked at.
        guard arguments[..<at].allSatisfy({ $0 == "--no-pager" }) else { return arguments }
        let word = arguments[at]
        guard let expansion = aliases[word] else { return arguments }
        return Array(arguments[..<at]) + expansion + Array(arguments[(at + 1)...])
    }

    /// `query` with each `@name` (at the start of a word, outside quotes) replaced by its saved
    /// search in parentheses; an unknown name is an error that lists the saved ones. Saved searches
    /// are not expanded within each other.
    public func expandingSavedSearches(_ query: String) throws(NotezError) -> String {
        var out = ""
        var quoted = false
        var index = query.startIndex
        var previous: Character = " "
        while index < query.endIndex {
            let character = query[index]
            if character == "\"" { quoted.toggle() }
            if character == "@", !quoted, previous == " " || previous == "(" || previous == "-" || previous == "\t" {
                var end = query.index(after: index)
                while end < query.endIndex, query[end].isLetter || query[end].isNumber || query[end] == "-" || query[end] == "_" {
                    end = query.index(after: end)
                }
                let name = String(query[query.index(after: index)..<end])
                if !name.isEmpty {
                    guard let saved = searches[name] else {
                        let known = searches.keys.sorted().map { "@" + $0 }.joined(separator: ", ")
                        throw .usage("no saved search '@\(name)'" + (known.isEmpty ? " (none are saved in \(UserConfig.fileDescription))" : "; saved: \(known)"))
                    }
                    out += "(" + saved + ")"
                    previous = ")"
                    index = end
                    continue
                }
            }
            out.append(character)
            previous = character
            index = query.index(after: index)
        }
        return out
    }

    /// How messages name the file.
    public static let fileDescription = "~/.config/notez/config.yaml"
}
