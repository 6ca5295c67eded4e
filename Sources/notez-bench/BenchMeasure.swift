/// One row of the benchmark: which tool, which arguments, and whether the index cache is cleared first.
///
/// This is the one place that knows the command lines; change them here when the CLI changes.
struct BenchMeasure {
    enum Tool { case notez, ripgrep }

    var name: String
    var tool: Tool
    /// Deletes the vault's index cache (under `$XDG_CACHE_HOME/notez/`) before every run, to measure a cold process without the index cache.
    var clearsCache = false
    var arguments: (VaultFacts) -> [String]

    /// `notez search QUERY --vault PATH --paths` (exit 1 when nothing matches).
    static func search(_ query: String, vault: String) -> [String] {
        ["search", query, "--vault", vault, "--paths"]
    }

    /// A query value, quoted when it is not a bare word of the query language.
    static func value(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            !(scalar == " " || scalar == "\"" || scalar == "(" || scalar == ")" || scalar == ":" || scalar == "\\")
        }
        if plain && !text.isEmpty { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func tagQuery(_ facts: VaultFacts) -> String { "tag:" + value(facts.topTags[0]) }
    static func folderQuery(_ facts: VaultFacts) -> String { "folder:" + value(facts.bigFolder) }
    static func booleanQuery(_ facts: VaultFacts) -> String {
        "tag:\(value(facts.topTags[1])) (folder:\(value(facts.midFolder)) OR is:pinned) -tag:\(value(facts.topTags[2]))"
    }

    /// The rows, in order. `withSearch` false measures only `overview` (before `notez search` exists).
    static func all(withSearch: Bool) -> [BenchMeasure] {
        var rows = [
            BenchMeasure(name: "`notez overview --json`", tool: .notez) { ["overview", "--vault", $0.root, "--json"] }
        ]
        if withSearch {
            rows += [
                BenchMeasure(name: "search tag (`tag:TOP`)", tool: .notez) { search(tagQuery($0), vault: $0.root) },
                BenchMeasure(name: "search folder (`folder:BIG`)", tool: .notez) { search(folderQuery($0), vault: $0.root) },
                BenchMeasure(name: "search boolean", tool: .notez) { search(booleanQuery($0), vault: $0.root) },
                BenchMeasure(name: "search full text (`WORD`)", tool: .notez) { search($0.word, vault: $0.root) },
                BenchMeasure(name: "search tag, no index cache", tool: .notez, clearsCache: true) {
                    search(tagQuery($0), vault: $0.root)
                },
            ]
        }
        rows.append(BenchMeasure(name: "`rg -l -i WORD`", tool: .ripgrep) { ["-l", "-i", $0.word, $0.root] })
        return rows
    }
}
