/// One row of the benchmark: which tool, which arguments, and whether the index cache is cleared first.
///
/// This is the one place that knows the command lines; change them here when the CLI changes.
struct BenchMeasure {
    enum Tool: String {
        case notez, ripgrep = "rg -l -i WORD", git = "git status", sed = "sed -i"
        /// The link rows' references (`LinkScenario`).
        case ripgrepName = "rg -l -i NAME", sedLinks = "sed -i (50 files)"
    }

    var name: String
    var tool: Tool
    /// Deletes the vault's index cache (under `$XDG_CACHE_HOME/notez/`) before every run, to measure a cold process without the index cache.
    var clearsCache = false
    /// The tool whose row (same vault) is this row's ratio denominator.
    var reference: Tool = .ripgrep
    /// Runs before every run, untimed (a fresh copy of the vault for rows that change it).
    var setUp: ((VaultFacts) throws -> Void)?
    var arguments: (VaultFacts) -> [String]
    /// Answered by a running `notez watch` (`NOTEZ_WARM=require`), not by the process alone.
    var warm = false
    /// Text piped to the command's standard input (`echo TEXT | notez ...`), nil for none.
    var stdin: String?

    init(
        name: String, tool: Tool, clearsCache: Bool = false, reference: Tool = .ripgrep, warm: Bool = false,
        stdin: String? = nil, setUp: ((VaultFacts) throws -> Void)? = nil, arguments: @escaping (VaultFacts) -> [String]
    ) {
        self.warm = warm
        self.stdin = stdin
        self.name = name
        self.tool = tool
        self.clearsCache = clearsCache
        self.reference = reference
        self.setUp = setUp
        self.arguments = arguments
    }

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

    /// What the capture rows pipe in.
    static let captureText = "a captured thought about the quokka budget\n"

    static func tagQuery(_ facts: VaultFacts) -> String { "tag:" + value(facts.topTags[0]) }
    static func folderQuery(_ facts: VaultFacts) -> String { "folder:" + value(facts.bigFolder) }
    static func booleanQuery(_ facts: VaultFacts) -> String {
        "tag:\(value(facts.topTags[1])) (folder:\(value(facts.midFolder)) OR is:pinned) -tag:\(value(facts.topTags[2]))"
    }

    /// The rows, in order. `withSearch` false measures only `overview` (before `notez search` exists).
    static func all(withSearch: Bool) -> [BenchMeasure] {
        var rows = [
            BenchMeasure(name: "`notez --version`", tool: .notez) { _ in ["--version"] },
            BenchMeasure(name: "`notez overview --json`", tool: .notez) { ["overview", "--vault", $0.root, "--json"] },
        ]
        if withSearch {
            rows += [
                BenchMeasure(name: "`ls -r` (every row)", tool: .notez) { ["ls", "-r", "--vault", $0.root] },
                BenchMeasure(name: "search tag (`tag:TOP`)", tool: .notez) { search(tagQuery($0), vault: $0.root) },
                BenchMeasure(name: "search tag, rows (no `--paths`)", tool: .notez) {
                    ["search", tagQuery($0), "--vault", $0.root]
                },
                BenchMeasure(name: "search tag, vs `git status`", tool: .notez, reference: .git) {
                    search(tagQuery($0), vault: $0.root)
                },
                BenchMeasure(name: "search folder (`folder:BIG`)", tool: .notez) { search(folderQuery($0), vault: $0.root) },
                BenchMeasure(name: "search boolean", tool: .notez) { search(booleanQuery($0), vault: $0.root) },
                BenchMeasure(name: "search pinned (`is:pinned`)", tool: .notez) { search("is:pinned", vault: $0.root) },
                BenchMeasure(name: "search date (`modified:>=2024-01-01`)", tool: .notez) {
                    search("modified:>=2024-01-01", vault: $0.root)
                },
                BenchMeasure(name: "`ls BIG` (one folder's rows)", tool: .notez) { ["ls", $0.bigFolder, "--vault", $0.root] },
                BenchMeasure(name: "search full text (`WORD`)", tool: .notez) { search($0.word, vault: $0.root) },
                BenchMeasure(name: "search full text and tag (`tag:TOP WORD`)", tool: .notez) {
                    search(tagQuery($0) + " " + $0.word, vault: $0.root)
                },
                BenchMeasure(name: "search full text `--count`", tool: .notez) { ["search", $0.word, "--vault", $0.root, "--count"] },
                // Words rank by relevance by default; `--sort modified` is the unranked order.
                BenchMeasure(name: "search full text, not ranked (`--sort modified`)", tool: .notez) {
                    ["search", $0.word, "--vault", $0.root, "--paths", "--sort", "modified"]
                },
                BenchMeasure(name: "search ranked, top 20 rows (`WORD -n 20`)", tool: .notez) {
                    ["search", $0.word, "-n", "20", "--vault", $0.root]
                },
                BenchMeasure(name: "search ranked, two words, top 20 rows (`WORD WORD2 -n 20`)", tool: .notez) {
                    ["search", $0.twoWords, "-n", "20", "--vault", $0.root]
                },
                BenchMeasure(name: "search full text, rows (no `--paths`)", tool: .notez) {
                    ["search", $0.word, "--vault", $0.root]
                },
                BenchMeasure(name: "search tag, no index cache", tool: .notez, clearsCache: true) {
                    search(tagQuery($0), vault: $0.root)
                },
                // Rows show every match's tags in the vault's spelling: this first run parses every note.
                BenchMeasure(name: "search tag, rows, no index cache", tool: .notez, clearsCache: true) {
                    ["search", tagQuery($0), "--vault", $0.root]
                },
                BenchMeasure(
                    name: "`tag rename TOP` (fresh copy each run)", tool: .notez, reference: .sed, setUp: MutationCopy.make
                ) { ["tag", "rename", $0.topTags[0], $0.topTags[0] + "-renamed", "--yes", "--vault", MutationCopy.root($0)] },
                BenchMeasure(name: "warm: `overview --json`", tool: .notez, warm: true) { ["overview", "--vault", $0.root, "--json"] },
                BenchMeasure(name: "warm: search tag (`tag:TOP`)", tool: .notez, warm: true) { search(tagQuery($0), vault: $0.root) },
                BenchMeasure(name: "warm: search tag `--count`", tool: .notez, warm: true) {
                    ["search", tagQuery($0), "--vault", $0.root, "--count"]
                },
                BenchMeasure(name: "warm: search boolean", tool: .notez, warm: true) { search(booleanQuery($0), vault: $0.root) },
                BenchMeasure(name: "warm: search full text (`WORD`)", tool: .notez, warm: true) { search($0.word, vault: $0.root) },
                BenchMeasure(name: "warm: search ranked, top 20 rows (`WORD -n 20`)", tool: .notez, warm: true) {
                    ["search", $0.word, "-n", "20", "--vault", $0.root]
                },
                BenchMeasure(name: "warm: search ranked, two words, top 20 rows (`WORD WORD2 -n 20`)", tool: .notez, warm: true) {
                    ["search", $0.twoWords, "-n", "20", "--vault", $0.root]
                },
                BenchMeasure(name: "warm: `ls -r` (every row)", tool: .notez, warm: true) { ["ls", "-r", "--vault", $0.root] },
                BenchMeasure(
                    name: "warm: `ls -r`, the first after an edit (one note edited untimed)", tool: .notez, warm: true,
                    setUp: NoteEdit.toggle
                ) { ["ls", "-r", "--vault", $0.root] },
                BenchMeasure(
                    name: "warm: `overview --json`, the first after an edit", tool: .notez, warm: true, setUp: NoteEdit.toggle
                ) { ["overview", "--vault", $0.root, "--json"] },
                BenchMeasure(name: "`sed -i` on the same files (fresh copy)", tool: .sed, reference: .sed, setUp: MutationCopy.make) {
                    ["-a", MutationCopy.fileList($0), "-d", "\n", "sed", "-i", "s/\(MutationCopy.sedPattern($0.topTags[0]))/&-renamed/"]
                },
                BenchMeasure(
                    name: "capture: `echo TEXT \\| new TITLE --route`", tool: .notez, stdin: captureText, setUp: CaptureCopy.make
                ) { ["new", "Quokka meeting notes", "--route", "--vault", CaptureCopy.root($0)] },
                BenchMeasure(
                    name: "capture: `... --route --template T --prop K=V`", tool: .notez, stdin: captureText, setUp: CaptureCopy.make
                ) {
                    ["new", "Quokka meeting notes", "--route", "--template", "capture", "--prop", "status=inbox", "--vault", CaptureCopy.root($0)]
                },
                BenchMeasure(
                    name: "capture: `--route`, first on this machine (no index cache)", tool: .notez, stdin: captureText,
                    setUp: CaptureCopy.makeCold
                ) { ["new", "Quokka meeting notes", "--route", "--vault", CaptureCopy.root($0)] },
            ]
        }
        rows.append(BenchMeasure(name: "`git status --porcelain`", tool: .git, reference: .git) { ["-C", $0.root, "status", "--porcelain"] })
        rows.append(BenchMeasure(name: "`rg -l -i WORD`", tool: .ripgrep) { ["-l", "-i", $0.word, $0.root] })
        return rows
    }
}
