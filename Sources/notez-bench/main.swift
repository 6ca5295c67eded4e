// notez-bench: generates realistic vaults (docs/performance.md) and measures `notez` against ripgrep
// as whole processes. Prints a Markdown table on stdout, progress on stderr.
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var sizes = [10_000, 100_000]
    var runs = 5
    var seed: UInt64 = 20_240_501
    var notez: String?
    var baseFolder = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var generateOnly = false
    /// Only the rows whose name contains this (and the rg rows they are compared with).
    var only: String?
    /// Real vaults (`.tar.gz`) measured with the read rows after the generated ones.
    var corpora: [String] = []
    /// Only the storage comparison (index cache against SQLite), in this process.
    var storage = false
}

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            """
            usage: notez-bench [--sizes 10000,100000] [--runs N] [--quick] [--notez PATH] [--seed N]
                               [--dir FOLDER] [--generate-only] [--only TEXT] [--corpus FILE.tar.gz] [--storage]
              --quick          10,000 notes only, 3 runs
              --notez PATH     the notez binary (default: next to this executable)
              --dir FOLDER     where vaults are generated and cached (default: $TMPDIR or /tmp)
              --only TEXT      only the rows whose name contains TEXT (and the rg rows), e.g. --only capture
              --corpus FILE    also a real vault from FILE.tar.gz (repeatable; read rows only, no .notez/)
              --storage        only compare the index cache with SQLite on the generated vaults, in-process

            """.utf8))
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    func value() -> String {
        guard let next = arguments.popFirst() else { usage() }
        return next
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "--sizes":
            let sizes = value().split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { usage() }
            options.sizes = sizes
        case "--runs":
            guard let runs = Int(value()), runs >= 1 else { usage() }
            options.runs = runs
        case "--quick":
            options.sizes = [10_000]
            options.runs = 3
        case "--notez": options.notez = value()
        case "--seed":
            guard let seed = UInt64(value()) else { usage() }
            options.seed = seed
        case "--dir": options.baseFolder = value()
        case "--generate-only": options.generateOnly = true
        case "--only": options.only = value()
        case "--corpus": options.corpora.append(value())
        case "--storage": options.storage = true
        case "-h", "--help": usage()
        default: usage()
        }
    }
    return options
}

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Reuses the vault in `<dir>/notez-bench-v<version>-<size>` when its marker matches, else regenerates it.
func vaultRoot(size: Int, options: Options) -> String {
    options.baseFolder + "/notez-bench-v\(VaultGenerator.version)-\(size)"
}

func prepareVault(size: Int, options: Options) throws -> VaultFacts {
    let root = vaultRoot(size: size, options: options)
    if let facts = VaultFacts.read(root: root, version: VaultGenerator.version, seed: options.seed, notes: size) {
        log("reusing \(root) (\(size) notes)")
        return facts
    }
    if FileManager.default.fileExists(atPath: root) {
        log("removing stale \(root)")
        try FileManager.default.removeItem(atPath: root)
    }
    log("generating \(size) notes into \(root) ...")
    var generator = VaultGenerator(count: size, seed: options.seed, root: root)
    let facts = try generator.generate()
    // The marker is written last: an interrupted generation is regenerated next time.
    try facts.markerText(version: VaultGenerator.version, seed: options.seed)
        .write(toFile: root + "/" + VaultFacts.markerName, atomically: true, encoding: .utf8)
    log(
        String(
            format: "generated in %.1f s: %.1f MB, %d folders, '%@' in %d notes",
            facts.seconds, Double(facts.bytes) / 1_048_576, facts.folders, facts.word, facts.wordNotes))
    return facts
}

struct Row {
    var measure: String
    var notes: Int
    var tool: BenchMeasure.Tool
    var reference: BenchMeasure.Tool = .ripgrep
    var medianMs: Double?
    var minMs = 0.0
    var maxMs = 0.0
    var maxRSSMB = 0.0
    var hits = 0
    var failure: String?
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func clearCache(_ facts: VaultFacts) {
    // The cache lives outside the vault (see IndexCache); the bench's notez runs share its environment.
    // A refresh a first run started in the background would write it back: it ends first.
    BackgroundRefreshes.waitForAll(roots: [facts.root])
    IndexBuilder.waitForRefresh(root: facts.root)
    if let folder = IndexCache.folderPath(root: facts.root) { try? FileManager.default.removeItem(atPath: folder) }
}

func measure(_ item: BenchMeasure, facts: VaultFacts, executable: String, runs: Int) -> Row {
    var row = Row(measure: item.name, notes: facts.notes, tool: item.tool, reference: item.reference)
    let arguments = item.arguments(facts)
    var times: [Double] = []
    var rss = 0
    // The text piped to the command, from a file (so the child reads it at once, as after `echo`).
    var stdinFile: String?
    if let text = item.stdin {
        let file = NSTemporaryDirectory() + "/notez-bench-stdin-\(getpid()).txt"
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        stdinFile = file
    }
    defer { if let stdinFile { unlink(stdinFile) } }
    // One warm-up run (page cache, index cache), then the measured runs.
    for run in 0...runs {
        // No run shares the cores with a refresh an earlier first run left in the background: in
        // the vault, or in the copies the rows that change files run on (a `tag rename` on a fresh
        // copy is a first run there, and its refresh read 100,000 notes through the warm rows).
        let roots = [facts.root, MutationCopy.root(facts), CaptureCopy.root(facts)]
        BackgroundRefreshes.waitForAll(roots: roots)
        for root in roots { IndexBuilder.waitForRefresh(root: root) }
        if item.clearsCache { clearCache(facts) }
        if let setUp = item.setUp {
            do {
                try setUp(facts)
            } catch {
                row.failure = "\(error)"
                return row
            }
        }
        let result: RunResult
        do {
            result = try ProcessRunner.run(executable, arguments, stdin: stdinFile)
        } catch {
            row.failure = "\(error)"
            return row
        }
        guard result.exitCode == 0 || result.exitCode == 1 else {
            let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            row.failure = "exit \(result.exitCode): \(firstLine)"
            return row
        }
        if run == 0 {
            row.hits = result.outputLines
            continue
        }
        times.append(result.milliseconds)
        rss = max(rss, result.maxRSSKiB)
    }
    row.medianMs = median(times)
    row.minMs = times.min() ?? 0
    row.maxMs = times.max() ?? 0
    row.maxRSSMB = Double(rss) / 1024
    log(String(format: "  %@ @ %d: median %.0f ms, %d hits", item.name, facts.notes, row.medianMs ?? 0, row.hits))
    return row
}

func machineDescription() -> String {
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    var memory = "unknown memory"
    var model = "unknown CPU"
    if let info = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
        let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
    {
        memory = String(format: "%.1f GiB RAM", kib / 1_048_576)
    }
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
        let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
        let colon = line.firstIndex(of: ":")
    {
        model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return "\(cores) cores (\(model)), \(memory)"
}

func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

func notezPath(_ options: Options) -> String {
    if let path = options.notez { return path }
    let me = CommandLine.arguments[0]
    let folder = me.contains("/") ? String(me[..<me.lastIndex(of: "/")!]) : "."
    return folder + "/notez"
}

// MARK: - Main

let options = parseOptions()
let notez = notezPath(options)
if !options.generateOnly, !options.storage, access(notez, X_OK) != 0 {
    log("notez-bench: cannot find the notez binary at \(notez) (build it, or pass --notez PATH)")
    exit(3)
}
let ripgrep = ProcessRunner.which("rg")
MutationCopy.notezBinary = notez
/// The executable of each reference tool (nil: not installed, its rows are skipped).
let referenceTools: [BenchMeasure.Tool: String?] = [
    .ripgrep: ripgrep, .git: ProcessRunner.which("git"), .sed: ProcessRunner.which("xargs"),
]
var rows: [Row] = []
var vaults: [VaultFacts] = []
let loadBefore = loadAverage()
let started = Date()
do {
    for size in options.sizes {
        if options.generateOnly {
            vaults.append(try prepareVault(size: size, options: options))
            continue
        }
        if let facts = VaultFacts.read(
            root: vaultRoot(size: size, options: options), version: VaultGenerator.version,
            seed: options.seed, notes: size)
        {
            log("reusing \(facts.root) (\(size) notes)")
            vaults.append(facts)
            continue
        }
        // Generate in a child process: Linux charges the parent's resident set at exec time to
        // every child's ru_maxrss, so the measuring process must stay small.
        let result = try ProcessRunner.run(
            "/proc/self/exe",
            [
                "--generate-only", "--sizes", String(size), "--seed", String(options.seed), "--dir", options.baseFolder,
            ])
        FileHandle.standardError.write(Data(result.stderr.utf8))
        guard result.exitCode == 0,
            let facts = VaultFacts.read(
                root: vaultRoot(size: size, options: options), version: VaultGenerator.version, seed: options.seed, notes: size)
        else { throw BenchError("generating \(size) notes failed (exit \(result.exitCode))") }
        vaults.append(facts)
    }
    if !options.generateOnly {
        for archive in options.corpora {
            log("unpacking and measuring \(archive) ...")
            var facts = try CorpusVault.prepare(archive: archive, baseFolder: options.baseFolder, notez: notez)
            facts.corpus = (archive as NSString).lastPathComponent
            vaults.append(facts)
        }
    }
} catch {
    log("notez-bench: \(error)")
    exit(3)
}
if options.generateOnly { exit(0) }
if options.storage {
    do {
        for facts in vaults where facts.corpus == nil {
            print(try StorageComparison.run(facts: facts, runs: options.runs))
        }
    } catch {
        log("notez-bench: \(error)")
        exit(3)
    }
    exit(0)
}
var selfUsage = rusage()
getrusage(RUSAGE_SELF.rawValue, &selfUsage)
let floorMB = Double(selfUsage.ru_maxrss) / 1024

// The help text names the command only when it exists (an unknown subcommand exits 64).
let searchHelp = try? ProcessRunner.run(notez, ["search", "--help"], capture: true)
let hasSearch = searchHelp?.exitCode == 0 && (searchHelp?.stdout ?? "").lowercased().contains("query")
if !hasSearch { log("this notez has no `search` command yet: measuring `overview` only") }
var ripgrepVersion = "not installed"
if let ripgrep, let result = try? ProcessRunner.run(ripgrep, ["--version"], capture: true) {
    ripgrepVersion = result.stdout.split(separator: "\n").first.map(String.init) ?? "?"
}

/// `git status` needs the vault in a repository: made once, committed, reused with the vault.
func ensureRepository(_ facts: VaultFacts) {
    guard !FileManager.default.fileExists(atPath: facts.root + "/.git") else { return }
    log("making \(facts.root) a git repository (once) ...")
    let script = "cd '\(facts.root)' && git init -q && git add -A && git -c user.name=bench -c user.email=bench@localhost commit -qm vault"
    _ = try? ProcessRunner.run("/bin/sh", ["-c", script])
}

for facts in vaults {
    clearCache(facts)  // the first warm-up run writes it with this notez
    if referenceTools[.git] != nil, options.only == nil { ensureRepository(facts) }
    var daemon: WarmDaemon?
    // A real vault gets the read rows only, cold and warm: nothing is copied or changed, and its
    // watch (which writes only in the cache folder) is stopped after the warm rows.
    for item in BenchMeasure.all(withSearch: hasSearch)
    where (options.only.map({ item.name.contains($0) || item.tool == .ripgrep }) ?? true)
        && (facts.corpus == nil || (item.setUp == nil && item.tool != .sed)) {
        if item.warm, daemon == nil {
            do {
                let started = try WarmDaemon.start(notez: notez, root: facts.root)
                daemon = started
                var row = Row(measure: "`notez watch` until it answers", notes: facts.notes, tool: .notez, medianMs: started.readyMs)
                row.minMs = started.readyMs
                row.maxMs = started.readyMs
                rows.append(row)
            } catch {
                rows.append(Row(measure: "`notez watch`", notes: facts.notes, tool: .notez, failure: "\(error)"))
                continue
            }
        } else if !item.warm, let running = daemon {
            rows.append(stopDaemon(running, facts: facts))
            daemon = nil
        }
        if item.warm, daemon == nil { continue }
        setenv("NOTEZ_WARM", item.warm ? "require" : "off", 1)
        if item.tool == .notez {
            rows.append(measure(item, facts: facts, executable: notez, runs: options.runs))
        } else if let executable = referenceTools[item.tool] ?? nil {
            rows.append(measure(item, facts: facts, executable: executable, runs: options.runs))
        } else {
            rows.append(
                Row(
                    measure: item.name, notes: facts.notes, tool: item.tool, medianMs: nil,
                    failure: "skipped: \(item.tool.rawValue) is not installed"))
        }
    }
    if let running = daemon { rows.append(stopDaemon(running, facts: facts)) }
    // The link rows on a copy with a note that 50 others link to.
    if options.only.map({ $0.contains("links") }) ?? true {
        rows += LinkScenario(notez: notez, facts: facts, runs: options.runs).rows()
    }
    // The language server on the vault itself (it writes nothing: buffers are never saved).
    if facts.corpus == nil, options.only.map({ $0.contains("lsp") }) ?? true {
        rows += LspScenario(notez: notez, facts: facts, runs: options.runs).rows()
    }
    // The web UI's pages on a copy (its files are changed), of a generated vault and of a corpus.
    if options.only.map({ $0.contains("serve") }) ?? true {
        rows += ServeScenario(notez: notez, facts: facts).rows()
    }
    try? FileManager.default.removeItem(atPath: MutationCopy.root(facts))
    CaptureCopy.remove(facts)
}

/// Stops the daemon and records its peak memory as a row of its own.
func stopDaemon(_ daemon: WarmDaemon, facts: VaultFacts) -> Row {
    var row = Row(measure: "`notez watch` peak RSS after the warm rows", notes: facts.notes, tool: .notez, medianMs: 0)
    row.maxRSSMB = daemon.peakRSSMB()
    daemon.stop()
    return row
}

// MARK: - Report

let today = ISO8601DateFormatter().string(from: started)
print("notez-bench \(today) — \(machineDescription()); load average \(loadBefore) before, \(loadAverage()) after")
print(
    "notez: \(notez); ripgrep: \(ripgrepVersion); \(options.runs) runs after 1 warm-up, medians; "
        + "whole processes, warm page cache")
print("")
print("| measure | notes | median ms | min–max ms | ratio | against | max RSS MB | hits |")
print("|---|---:|---:|---:|---:|---|---:|---:|")
for row in rows {
    let reference = row.reference
    let denominator = rows.first { $0.notes == row.notes && $0.tool == reference && $0.reference == reference }?.medianMs
    if let failure = row.failure {
        print("| \(row.measure) | \(row.notes) | – | – | – | – | – | \(failure) |")
        continue
    }
    let medianMs = row.medianMs ?? 0
    let ratio = denominator.map { String(format: "%.2f", medianMs / $0) } ?? "–"
    let rssText = row.tool == .notez ? String(format: "%.1f", row.maxRSSMB) : String(format: "(%.1f)", row.maxRSSMB)
    print(
        String(
            format: "| %@ | %d | %.0f | %.0f–%.0f | %@ | %@ | %@ | %d |", row.measure, row.notes, medianMs,
            row.minMs, row.maxMs, ratio, reference.rawValue, rssText, row.hits))
}
print("")
for facts in vaults {
    if let corpus = facts.corpus {
        print(
            String(
                format: "- %d notes: the real vault `%@` (no `.notez/`), %.1f MB in %d folders; TOP = `%@`, BIG = `%@`, WORD = `%@` in %d notes",
                facts.notes, corpus, Double(facts.bytes) / 1_048_576, facts.folders, facts.topTags[0], facts.bigFolder, facts.word,
                facts.wordNotes))
        continue
    }
    print(
        String(
            format: "- %d notes: %.1f MB in %d folders; TOP = `%@`, BIG = `%@` (20%% of notes), WORD = `%@` in %d notes; "
                + "boolean = `%@`", facts.notes, Double(facts.bytes) / 1_048_576, facts.folders, facts.topTags[0],
            facts.bigFolder, facts.word, facts.wordNotes, BenchMeasure.booleanQuery(facts)))
}
// nDCG@10 of the hand-judged queries on their corpus (issue 32), list order against ranked.
for facts in vaults where options.only.map({ $0.contains("rank") }) ?? true {
    if let section = RankingQuality.report(facts) { print(section) }
}
if ripgrep == nil { print("- ripgrep is not installed: the ratio column is empty (`apt-get install ripgrep`).") }
if !hasSearch { print("- this notez has no `search` command: only `overview` was measured.") }
print("- max RSS of rg in parentheses; \"hits\" counts output lines (paths for search and rg), for the `serve:` rows the page's bytes.")
print(
    "- `serve:` rows: `notez serve` on a copy of the vault, one HTTP/1.1 GET each on loopback (connect to last byte); "
        + "after a change on disk the page is asked for 0.6 s later; its peak RSS is read from /proc after the warm rows.")
print(
    String(
        format: "- max RSS is `ru_maxrss` from `wait4`; Linux charges the spawning process's resident set "
            + "(%.1f MB here) to the child at exec, so values near that are a floor, not the child's use.", floorMB))
