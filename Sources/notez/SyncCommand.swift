import ArgumentParser
import Foundation
import NotezKit

/// `notez sync`: commit the vault's changes (notez's own operations with messages that say what
/// they did), pull with rebase through the notez merge driver, push, and report what arrived.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Commit, pull --rebase and push a vault kept in git; notes merge with the notez merge driver.",
        discussion: """
            --setup installs the merge driver: '*.md merge=notez' in the vault's .gitattributes and \
            merge.notez.driver in the repository's git config (run it once in every clone).

            Exit status: 0 done, 2 not a git repository, 3 conflicts left to resolve or git failed, \
            4 a rebase or merge is already in progress.
            """)

    @Flag(name: .long, help: "Install the notez merge driver in this clone (and .gitattributes) and stop.")
    var setup = false

    @Option(name: .long, help: "With --setup: who wins when both sides changed the same key: local, remote or newest.", completion: Completions.preferences)
    var prefer: String = "local"

    @Flag(name: .customLong("no-push"), help: "Commit and pull, but do not push.")
    var noPush = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if NoteMerge.Policy(rawValue: prefer) == nil { throw ValidationError("--prefer must be local, remote or newest") }
    }

    func run() throws {
        let root = try vault.root()
        let inside = try Git.run(["rev-parse", "--show-prefix"], in: root)
        guard inside.ok else { throw CLIExit(code: CLIExit.usage, message: "\(root) is not in a git repository (git init, or clone one)") }
        let prefix = inside.stdout.trimmingCharacters(in: .newlines)
        if setup { return try runSetup(root: root) }
        if try recoverKilledPull(root: root) {
            Terminal.notice("the last sync was stopped during its pull; its unfinished rebase was undone (git rebase --abort) and the pull runs again")
        }
        if let state = try inProgress(root) {
            throw CLIExit(
                code: CLIExit.refused,
                message: "a \(state) is in progress; resolve the conflicts and run 'git \(state) --continue' (or '--abort'), then sync again")
        }
        if mutation.dryRun { return try dryRun(root: root, prefix: prefix) }
        let index = try vault.openForChange()
        try commitChanges(root: root, prefix: prefix)
        guard try Git.run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}"], in: root).ok else {
            // A first sync of a new branch: with exactly one remote, publish the branch there.
            let remotes = try Git.run(["remote"], in: root).stdout.split(separator: "\n").map(String.init)
            guard remotes.count == 1, !noPush else {
                Terminal.notice("the branch has no upstream; nothing pulled or pushed (git push -u REMOTE BRANCH once)")
                return
            }
            let pushed = try Git.run(["push", "-q", "-u", remotes[0], "HEAD"], in: root)
            guard pushed.ok else { throw CLIExit(code: CLIExit.io, message: "git push failed: \(pushed.stderr.trimmingCharacters(in: .whitespacesAndNewlines))") }
            Terminal.line(TerminalText.safe("pushed: the branch to \(remotes[0]) (it has no upstream yet; now it does)"))
            return
        }
        _ = index
        try pull(root: root, prefix: prefix)
        if !noPush { try push(root: root) }
    }

    // MARK: - Setup

    private func runSetup(root: String) throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try SyncPlanner.setupPlan(index: index, files: DiskVaultFiles(root: index.root))
        let driver = "\(Self.shellQuoted(Self.executable())) merge-driver --prefer \(prefer) %O %A %B %P"
        if mutation.dryRun {
            try PlanExecution.execute(plan, root: index.root, options: mutation)
            Terminal.line("git config merge.notez.driver \(driver)")
            return
        }
        if !plan.isEmpty { try PlanExecution.execute(plan, root: index.root, options: mutation) }
        for (key, value) in [("merge.notez.name", "notez: front matter key by key, tags as sets, body by lines"), ("merge.notez.driver", driver)] {
            let set = try Git.run(["config", "--local", key, value], in: root)
            if !set.ok { throw CLIExit(code: CLIExit.io, message: "git config \(key) failed: \(set.stderr)") }
        }
        Terminal.line("merge driver installed: .gitattributes routes *.md and *.markdown to 'notez'; git config merge.notez.driver = \(driver)")
    }

    /// The running binary, so the driver works without notez on PATH.
    static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: - Commit

    /// Changed paths under the vault (repository-relative), from `git status -z`.
    private func changedPaths(root: String) throws -> [String] {
        let status = try Git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", "."], in: root)
        guard status.ok else { throw CLIExit(code: CLIExit.io, message: "git status failed: \(status.stderr)") }
        var paths: [String] = []
        var fields = status.stdout.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)[...]
        while let field = fields.popFirst() {
            guard field.count > 3 else { continue }
            let code = field.prefix(2)
            paths.append(String(field.dropFirst(3)))
            // A rename or copy is followed by its source path.
            if code.contains("R") || code.contains("C"), let source = fields.popFirst() { paths.append(source) }
        }
        return paths
    }

    private func commitChanges(root: String, prefix: String) throws {
        let top = try Git.run(["rev-parse", "--show-toplevel"], in: root).stdout.trimmingCharacters(in: .newlines)
        let changed = try changedPaths(root: root)
        guard !changed.isEmpty else { return }
        let vaultRelative = Set(changed.compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
        let records = Journal(writer: try AtomicWriter(root: root)).records()
        if let notez = SyncPlanner.commitMessage(records: records, changed: vaultRelative) {
            try commit(paths: notez.paths.map { prefix + $0 }, message: notez.message, top: top)
        }
        let rest = try changedPaths(root: root)
        if !rest.isEmpty {
            let message = "notez sync: \(rest.count) changed file\(rest.count == 1 ? "" : "s")\n\n" + rest.sorted().joined(separator: "\n")
            try commit(paths: rest, message: message, top: top)
        }
    }

    private func commit(paths: [String], message: String, top: String) throws {
        let add = try Git.run(["add", "-A", "--"] + paths.map { ":(literal)" + $0 }, in: top)
        guard add.ok else { throw CLIExit(code: CLIExit.io, message: "git add failed: \(add.stderr)") }
        let commit = try Git.run(["commit", "-q", "-m", message, "--"] + paths.map { ":(literal)" + $0 }, in: top)
        guard commit.ok else { throw CLIExit(code: CLIExit.io, message: "git commit failed: \(commit.stderr)\(commit.stdout)") }
        Terminal.line(TerminalText.safe("committed: " + (message.split(separator: "\n").first.map(String.init) ?? message)))
    }

    // MARK: - Pull and push

    private func inProgress(_ root: String) throws -> String? {
        for (folder, name) in [("rebase-merge", "rebase"), ("rebase-apply", "rebase"), ("MERGE_HEAD", "merge")] {
            let path = try Git.run(["rev-parse", "--git-path", folder], in: root).stdout.trimmingCharacters(in: .newlines)
            let full = path.hasPrefix("/") ? path : root + "/" + path
            if FileManager.default.fileExists(atPath: full) { return name }
        }
        return nil
    }

    /// `.notez/sync-pull.lock` (ignored by git, as `*.lock` in `.notez/` is) exists only while
    /// `notez sync` runs `git pull --rebase`: found at the start of a sync, the last one was
    /// killed during its pull, and a rebase it left is its own, not the user's.
    static let pullMarker = ".notez/sync-pull.lock"

    /// Undoes the rebase a killed sync left (a kill can leave one that `git rebase --continue`
    /// cannot finish); the local commits are as before the pull. True when one was undone.
    private func recoverKilledPull(root: String) throws -> Bool {
        guard Self.isRealFolder(root + "/.notez"), FileManager.default.fileExists(atPath: root + "/" + Self.pullMarker) else { return false }
        var undone = false
        let top = try Git.run(["rev-parse", "--show-toplevel"], in: root).stdout.trimmingCharacters(in: .newlines)
        if try inProgress(root) == "rebase" {
            // A kill of the whole session leaves git's index lock; it is stale when no git runs
            // in this repository any more (checked through /proc), and only then removed.
            let lockPath = try Git.run(["rev-parse", "--git-path", "index.lock"], in: root).stdout.trimmingCharacters(in: .newlines)
            let lock = lockPath.hasPrefix("/") ? lockPath : root + "/" + lockPath
            if FileManager.default.fileExists(atPath: lock), !Self.gitRuns(in: top) { unlink(lock) }
            let aborted = try Git.run(["rebase", "--abort"], in: root)
            guard aborted.ok else {
                throw CLIExit(
                    code: CLIExit.refused,
                    message: "the last sync was stopped during its pull and its rebase cannot be undone: "
                        + "\(aborted.stderr.trimmingCharacters(in: .whitespacesAndNewlines)); run 'git rebase --abort' yourself, then sync again")
            }
            undone = true
            // git's own temporary files of the merge it was running (`.merge_file_XXXXXX` at the
            // top of the work tree, untracked): never committed by the sync that follows.
            let untracked = try Git.run(["ls-files", "-z", "--others", "--exclude-standard", "--", ":(glob).merge_file_*"], in: top)
            for name in untracked.stdout.split(separator: "\0").map(String.init)
            where name.hasPrefix(".merge_file_") && !name.contains("/") && name.count == ".merge_file_".count + 6 {
                unlink(top + "/" + name)
            }
        }
        unlink(root + "/" + Self.pullMarker)
        return undone
    }

    /// Whether a git process runs with its working folder in `top` (/proc, this user's processes).
    static func gitRuns(in top: String) -> Bool {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return true }
        for entry in entries where entry.allSatisfy(\.isNumber) {
            guard let name = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
                name.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("git"),
                let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/cwd")
            else { continue }
            if cwd == top || cwd.hasPrefix(top + "/") { return true }
        }
        return false
    }

    static func isRealFolder(_ path: String) -> Bool {
        guard let info = SystemIO.lstat(path) else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }

    private func pull(root: String, prefix: String) throws {
        // Marks the pull as running until git returns, so a sync killed meanwhile is recognized.
        let marked = Self.isRealFolder(root + "/.notez")
        if marked { try AtomicWriter(root: root).write(text: "pid \(getpid())\n", to: Self.pullMarker) }
        defer { if marked { unlink(root + "/" + Self.pullMarker) } }
        let before = try Git.run(["rev-parse", "HEAD"], in: root).stdout.trimmingCharacters(in: .newlines)
        // The driver must know that a rebase replays local commits as "theirs".
        let environment = ["NOTEZ_MERGE_LOCAL": "theirs"]
        var pulled = try Git.run(["pull", "--rebase", "--no-autostash", "-q"], in: root, environment: environment)
        forward(pulled.stderr)
        var kept: [String] = []
        // A note deleted on one side and changed on the other: keep the changed note (a
        // concurrent edit is never lost), then let the rebase go on.
        while !pulled.ok, try inProgress(root) != nil {
            let unmerged = try Git.run(["status", "--porcelain=v1", "-z"], in: root).stdout
                .split(separator: "\0").map(String.init).filter { ["DU", "UD"].contains($0.prefix(2)) || ["UU", "AA", "DD", "AU", "UA"].contains($0.prefix(2)) }
            let modifyDelete = unmerged.filter { ["DU", "UD"].contains($0.prefix(2)) }
            guard !modifyDelete.isEmpty, modifyDelete.count == unmerged.count else { break }
            for entry in modifyDelete {
                let path = String(entry.dropFirst(3))
                try Git.run(["add", "--", ":(literal)" + path], in: root)
                kept.append(path)
            }
            pulled = try Git.run(["rebase", "--continue"], in: root, environment: environment)
            forward(pulled.stderr)
        }
        for path in kept {
            Terminal.notice(TerminalText.safe("\(path): deleted on one side and changed on the other; the changed note was kept"))
        }
        if !pulled.ok {
            let conflicts = try Git.run(["diff", "--name-only", "--diff-filter=U"], in: root).stdout
                .split(separator: "\n").map(String.init)
            let top = try Git.run(["rev-parse", "--show-toplevel"], in: root).stdout.trimmingCharacters(in: .newlines)
            // A binary file (a NUL byte) has no markers: git kept the upstream bytes, and the local
            // version lives only in the rebase; say where, so no local edit is dropped unknowingly.
            let binary = conflicts.filter { path in
                ["2", "3"].contains { stage in
                    (try? Git.run(["cat-file", "-p", ":\(stage):\(path)"], in: top))?.stdout.utf8.contains(0) == true
                } || FileManager.default.contents(atPath: top + "/" + path)?.contains(0) == true
            }
            for path in conflicts {
                Terminal.line(TerminalText.safe("conflict: \(path)" + (binary.contains(path) ? " (binary: holds a NUL byte; no markers)" : "")))
            }
            for path in binary {
                Terminal.notice(
                    TerminalText.safe(
                        "\(path) holds a NUL byte, so git cannot merge it by lines; the file now has the upstream version and your "
                            + "local version is only in the rebase: take yours with 'git checkout --theirs -- \(Self.shellQuoted(path))' (in a "
                            + "rebase 'theirs' is your commit) or merge the two by hand; continuing with the file as it is drops your edit"))
            }
            let marked = conflicts.count - binary.count
            var message = "git pull --rebase failed: \(pulled.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
            if !conflicts.isEmpty {
                message =
                    (marked > 0 ? "\(marked) note\(marked == 1 ? " has" : "s have") conflicts left as markers in the body; " : "")
                    + (binary.isEmpty ? "" : "\(binary.count) binary file\(binary.count == 1 ? "" : "s") (NUL bytes) not merged, see above; ")
                    + "resolve, 'git add' them and run 'git rebase --continue' (or 'git rebase --abort' to undo the pull), then notez sync"
            }
            throw CLIExit(code: CLIExit.io, message: message)
        }
        let after = try Git.run(["rev-parse", "HEAD"], in: root).stdout.trimmingCharacters(in: .newlines)
        guard before != after else {
            Terminal.line("pulled: nothing new")
            return
        }
        // What arrived: the difference between our old HEAD and the rebased one, in the vault.
        let diff = try Git.run(["diff", "--name-status", "-M", "-z", before, after, "--", "."], in: root)
        var fields = diff.stdout.split(separator: "\0").map(String.init)[...]
        var lines: [String] = []
        while let code = fields.popFirst() {
            let path = fields.popFirst() ?? ""
            let shown = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            switch code.first {
            case "A": lines.append("+ \(shown)")
            case "D": lines.append("- \(shown)")
            case "R", "C":
                let target = fields.popFirst() ?? ""
                lines.append("> \(shown) -> \(target.hasPrefix(prefix) ? String(target.dropFirst(prefix.count)) : target)")
            default: lines.append("~ \(shown)")
            }
        }
        Terminal.line("pulled: \(lines.count) change\(lines.count == 1 ? "" : "s") in the vault")
        for line in lines { Terminal.line(TerminalText.safe(line)) }
    }

    private func push(root: String) throws {
        let ahead = try Git.run(["rev-list", "--count", "@{u}..HEAD"], in: root).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let count = Int(ahead), count > 0 else { return }
        let pushed = try Git.run(["push", "-q"], in: root)
        guard pushed.ok else { throw CLIExit(code: CLIExit.io, message: "git push failed: \(pushed.stderr.trimmingCharacters(in: .whitespacesAndNewlines))") }
        Terminal.line("pushed: \(count) commit\(count == 1 ? "" : "s")")
    }

    /// The merge driver's notices (on git's stderr) are passed on.
    private func forward(_ stderr: String) {
        for line in stderr.split(separator: "\n") where line.contains("merge-driver:") {
            Terminal.notice(TerminalText.safe(String(line.drop(while: { $0 != "m" }))))
        }
    }

    private func dryRun(root: String, prefix: String) throws {
        let changed = try changedPaths(root: root)
        let vaultRelative = Set(changed.compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
        let records = Journal(writer: try AtomicWriter(root: root)).records()
        if let notez = SyncPlanner.commitMessage(records: records, changed: vaultRelative) {
            Terminal.line(TerminalText.safe("would commit: " + notez.message.replacingOccurrences(of: "\n\n", with: "\n  ").replacingOccurrences(of: "\n", with: "\n  ")))
        }
        Terminal.line("would commit \(changed.count) changed file\(changed.count == 1 ? "" : "s"), then pull --rebase and push")
    }
}
