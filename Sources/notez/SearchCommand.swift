import ArgumentParser
import NotezKit

/// `notez search [QUERY]`: the query language, plus filter flags that build the simple subset of it.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find notes with the query language or filter flags.",
        discussion: """
            QUERY terms: tag:T folder:F title:T is:pinned pinned:true|false in:unsorted \
            created:/modified: with >DATE >=DATE <DATE <=DATE DATE DATE..DATE or 7d 2w 3m 1y, \
            prop:KEY, prop:KEY=VALUE, prop:KEY>N (>=, <, <=; a number or a date; typed by the \
            folder's schema, see docs/query.md), words and "quoted phrases" (full text). Join with AND \
            (or just a space), OR, NOT or a leading '-'; group with ( ). Filter flags are ANDed with \
            the QUERY. A word that looks like an option (-x, --x) must follow '--'.

            Exit status: 0 found, 1 nothing matched, 2 query or usage error, 3 vault unreadable.
            """)

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The query; several arguments are joined with spaces. Quote it for the shell: 'tag:work -folder:Archive'.",
            valueName: "query"))
    var query: [String] = []

    // `.unconditionalSingleValue`: a value may start with `-` (`--tag -x`, `--not-folder -old`).
    @Option(
        name: .long, parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Only notes with this tag or its children (repeatable; all must match).", valueName: "tag"),
        completion: Completions.tags)
    var tag: [String] = []

    @Flag(name: .long, help: "Match any of the --tag tags instead of all of them.")
    var any = false

    @Option(
        name: .customLong("any-tag"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Same as --tag T together with --any.", valueName: "tag"))
    var anyTag: [String] = []

    @Option(
        name: .long, parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Only notes in this folder (a name at any depth or a path), with subfolders (repeatable; any).", valueName: "folder"),
        completion: Completions.folders)
    var folder: [String] = []

    @Option(
        name: .customLong("not-folder"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Leave out notes in this folder and its subfolders (repeatable).", valueName: "folder"))
    var notFolder: [String] = []

    @Flag(name: .long, help: "Only pinned notes.")
    var pinned = false

    @Option(
        name: .long, parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Full text that must occur in the title or body (repeatable).", valueName: "text"))
    var text: [String] = []

    @Option(
        name: .customLong("links-to"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Only notes that link to this note, as links-to:NOTE (repeatable; all must match).", valueName: "note"),
        completion: Completions.notes)
    var linksTo: [String] = []

    @Option(
        name: .customLong("linked-by"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Only notes this note links to, as linked-by:NOTE (repeatable; all must match).", valueName: "note"),
        completion: Completions.notes)
    var linkedBy: [String] = []

    @Flag(name: .long, help: "Only notes with no link to or from another note (is:orphan).")
    var orphan = false

    @Flag(name: .long, help: "Only the most linked-to notes (is:hub).")
    var hub = false

    @Option(name: [.customShort("n"), .long], help: "Show at most N notes.")
    var limit: Int?

    @Flag(name: .long, help: "Print only the number of matching notes.")
    var count = false

    @Option(help: "Follow link terms written without ~N (links-to:, linked-by:) through up to N links (1-99).")
    var depth: Int?

    @Flag(name: .customLong("ignore-accents"), help: "Ignore accents in words and titles: 'cafe' finds 'café'.")
    var ignoreAccents = false

    @OptionGroup var list: ListOptions

    @Flag(name: .customLong("show-query"), help: "Print the canonical text of the whole query and stop.")
    var showQuery = false

    @Flag(name: .long, help: "Print the parsed query tree, and whether it fits the filter flags, and stop.")
    var explain = false

    @OptionGroup var snippetOptions: SnippetOptions
    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if list.conflicts(json: output.json) || (count && (output.json || list.pathsOnly || list.formatOptions.format != nil)) {
            throw ValidationError("--json, --count, --paths, --print0 and --format cannot be combined")
        }
        // `.allUnrecognized` would take a mistyped option (`--lmit`, `-x`) as query text; after `--` it is query text.
        if let message = CommandSuggestion.optionLikeQueryWord(Array(query.prefix { $0 != "--" }), options: { Self.optionNames }) {
            throw ValidationError(message)
        }
    }

    /// The filters the flags describe.
    var filters: SearchFilters {
        SearchFilters(
            tags: tag + anyTag, anyTag: any || !anyTag.isEmpty, folders: folder, excludedFolders: notFolder,
            pinned: pinned, words: text, linksTo: linksTo, linkedBy: linkedBy, orphan: orphan, hub: hub)
    }

    /// The query words as typed: a first `--` only ends the options (`notez search -- -n`).
    var queryWords: [String] {
        guard let terminator = query.firstIndex(of: "--") else { return query }
        return Array(query[..<terminator] + query[(terminator + 1)...])
    }

    /// The options of this command, read from its help, for "did you mean".
    static var optionNames: [String] {
        let words = helpMessage().split { $0 == " " || $0 == "," || $0 == "\n" || $0 == "(" || $0 == "<" }
        let names = words.filter { word in
            guard word.hasPrefix("-"), let second = word.dropFirst().first else { return false }
            return second.isLetter || (second == "-" && word.count > 2)
        }
        return Set(names.map(String.init)).sorted()
    }

    func run() throws {
        let format = try list.rowFormat()
        let node = try buildQuery()
        if showQuery || explain {
            if showQuery {
                // Exact when piped, so `notez search "$(notez search ... --show-query)"` means the
                // same; control characters are escaped only on a terminal.
                let canonical = QuerySerializer.serialize(node)
                let shown = Terminal.stdoutIsTerminal ? TerminalText.safe(canonical) : canonical
                Terminal.line(shown)
                if shown != canonical { Terminal.notice("control characters are shown escaped; pipe the output for the exact query") }
            }
            if explain { Terminal.line(TerminalText.safe(QueryExplainer.explain(node), keepNewlines: true)) }
            return
        }
        // Words rank by relevance unless another order is asked for (docs/query.md, "Ranking").
        let hasWords = !MatchSnippets.terms(of: node).isEmpty
        let byRelevance = hasWords && !count && (list.sort == nil || list.sort?.key == .relevance)
        // A count, or paths alone, print no snippet: a first run then makes none.
        let printsSnippets = !(count || (list.pathsOnly && !output.json && format == nil))
        let inListOrder = list.sort == nil && !list.reverse
        let pathsInOrder = list.pathsOnly && inListOrder
        // Paths or a count show nothing of the other notes: a first run need not parse them.
        let result = try vault.search(
            node, ignoringAccents: ignoreAccents, ranked: byRelevance, snippets: printsSnippets, onlyMatches: count || pathsInOrder)
        if byRelevance, let ranking = result.ranking {
            return try printRanked(result, ranking: ranking, node: node, format: format)
        }
        let index = result.collection
        let positions = result.positions
        // --count needs no note; in list order --paths none at all, and rows build each note only
        // to print it (a search matching 30,000 notes never holds them all).
        let shown: [Note]
        let rowsInOrder = inListOrder && !list.pathsOnly && !output.json && format == nil
        if count || pathsInOrder || rowsInOrder {
            shown = []
        } else if inListOrder {
            shown = index.notesInListOrder(positions, limit: limit)
        } else {
            let all = list.ordered(index.notesInListOrder(positions, limit: nil), root: index.root)
            shown = limit.map { Array(all.prefix($0)) } ?? all
        }
        if count {
            Terminal.line(String(limit.map { min($0, positions.count) } ?? positions.count))
        } else if output.json {
            // `[]` when nothing matched, so a script can always parse stdout.
            Terminal.line(JSONValue.array(shown.map { NoteJSON.object($0, in: index) }).text())
        } else if let format {
            // `[]` for json and a header for csv/tsv when nothing matched, like --json.
            ListOptions.print(shown, index: index, format: format)
        } else if !positions.isEmpty {
            if pathsInOrder {
                list.printPaths(positions: RowMemo.listOrder(positions, limit: limit, index: index), index: index)
            } else if list.pathsOnly {
                list.printPaths(shown)
            } else if rowsInOrder {
                NoteRows.print(
                    positions: RowMemo.listOrder(positions, limit: limit, index: index), index: index,
                    snippets: snippetOptions.enabled(index.config), showFolder: true)
            } else {
                NoteRows.print(shown, index: index, snippets: snippetOptions.enabled(index.config), showFolder: true)
            }
        }
        if positions.isEmpty {
            // Like grep: nothing on stdout (except --count's 0), a short note on stderr, status 1.
            if !count && !output.json && format == nil { Terminal.notice("no notes match \(TerminalText.safe(QuerySerializer.serialize(node)))") }
            throw CLIExit(code: CLIExit.noMatchOrProblems)
        }
    }

    /// The output of a search ranked by relevance: best first (`relevance+` or `--reverse` turn
    /// it around), with scores and marked passages in JSON and the best passage under each row.
    func printRanked(_ result: SearchResult, ranking: [RankedResult], node: QueryNode, format: ListFormat?) throws {
        let index = result.collection
        var ordered = ranking
        if list.sort?.descending == false { ordered.reverse() }
        if list.reverse { ordered.reverse() }
        if let limit { ordered = Array(ordered.prefix(limit)) }
        if count {
            Terminal.line(String(ordered.count))
        } else if output.json {
            let notes = ordered.map { ranked -> JSONValue in
                let note = index.note(atPosition: ranked.position)
                return .object(
                    NoteJSON.fields(note, in: index)
                        + NoteJSON.rankedFields(score: ranked.score, passages: result.passages(at: ranked.position, limit: MatchPassage.perResult)))
            }
            Terminal.line(JSONValue.array(notes).text())
        } else if let format {
            ListOptions.print(ordered.map { index.note(atPosition: $0.position) }, index: index, format: format)
        } else if list.pathsOnly {
            list.printPaths(ordered.map { index.path(at: $0.position) })
        } else {
            NoteRows.print(
                positions: ordered.map(\.position), index: index, snippets: snippetOptions.enabled(index.config), showFolder: true,
                passage: { result.passages(at: $0, limit: 1).first })
        }
        if ranking.isEmpty {
            if !count && !output.json && format == nil { Terminal.notice("no notes match \(TerminalText.safe(QuerySerializer.serialize(node)))") }
            throw CLIExit(code: CLIExit.noMatchOrProblems)
        }
    }

    /// The QUERY argument and the filter flags, joined by AND; exits with status 2 on an error.
    func buildQuery() throws -> QueryNode {
        if let problem = filters.problem { throw CLIExit(code: CLIExit.usage, message: "filter flags: \(problem)") }
        // `@name` saved searches are expanded by `QueryArgument`, as for every command.
        let text = queryWords.joined(separator: " ")
        var parts: [QueryNode] = []
        if !text.allSatisfy(\.isWhitespace) {
            parts.append(try QueryArgument.parse(text))
        }
        if let flags = filters.query { parts.append(flags) }
        guard let node = QueryNode.allOf(parts) else {
            throw CLIExit(
                code: CLIExit.usage,
                message: "nothing to search for: give a QUERY or a filter flag such as --tag (see 'notez search --help')")
        }
        guard let depth else { return node }
        guard (1...NoteGraph.maxDepth).contains(depth) else {
            throw CLIExit(code: CLIExit.usage, message: "--depth must be from 1 to \(NoteGraph.maxDepth)")
        }
        return node.withLinkDepth(depth)
    }
}
