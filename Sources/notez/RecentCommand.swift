import ArgumentParser
import Foundation
import NotezKit

/// `notez recent`: the notes changed lately, by git when the vault is in a work tree.
struct RecentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent", abstract: "List the notes changed lately: by git in a git vault, else by modification time.",
        discussion: """
            In a git work tree: notes changed since the last commit first, then each note at its newest commit \
            (the last \(GitHistory.maxCommits) commits are read). Elsewhere, or with --by modified: by front matter \
            'modified:', else the file's time. Exit status 0 found, 1 none, 2 usage error (--by git outside git), 3 git failed.
            """)

    enum Basis: String, ExpressibleByArgument, CaseIterable {
        case git, modified
    }

    @Option(help: "git or modified (default: git when the vault is in a git work tree).")
    var by: Basis?

    @Option(name: [.customShort("n"), .long], help: "Show at most N notes (default 20).")
    var limit = RecentChanges.defaultLimit

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        // The full index: only it knows which notes are symlinks (never listed: their titles may
        // come from outside the vault).
        let notes = try vault.loadIndex()
        let asked = limit + notes.symlinkedNotes.count
        let inGit = by != .modified && (try? GitRead.prefix(notes.root)) != nil
        if by == .git && !inGit {
            throw CLIExit(code: CLIExit.usage, message: "--by git: the vault is not in a git work tree (or git is not installed)")
        }
        var entries: [RecentChanges.Entry]
        if inGit {
            let prefix = try GitRead.prefix(notes.root) ?? ""
            let status = try GitRead.run(GitHistory.statusArguments, in: notes.root)
            // Status paths are relative to the work tree's top: those in the vault's folder, made vault-relative.
            let uncommitted = GitHistory.parseStatus(status).compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil }
            let commits = GitHistory.parseLog(try GitRead.run(GitHistory.recentArguments(), in: notes.root))
            entries = RecentChanges.byGit(notes, uncommitted: uncommitted, commits: commits, limit: asked)
        } else {
            entries = RecentChanges.byModified(notes, limit: asked)
        }
        entries = Array(entries.filter { notes.isExposed(notes.path(at: $0.position)) }.prefix(limit))
        if output.json {
            Terminal.line(JSONValue.array(entries.map { RecentCommand.json($0, notes) }).text())
        } else {
            for entry in entries {
                let when: String
                switch entry.source {
                case "uncommitted": when = "uncommitted"
                case "commit": when = String(entry.commit?.date.prefix(10) ?? "")
                default: when = NoteDate.day(notes.modified(at: entry.position))
                }
                let what = entry.commit.map { "  " + String($0.hash.prefix(8)) + " " + TerminalText.cut($0.subject, 80) } ?? ""
                Terminal.line(TerminalText.safe(when.padding(toLength: 11, withPad: " ", startingAt: 0) + " " + notes.path(at: entry.position) + what))
            }
        }
        if entries.isEmpty { throw CLIExit(code: CLIExit.noMatchOrProblems) }
    }

    static func json(_ entry: RecentChanges.Entry, _ notes: any NoteCollection) -> JSONValue {
        .object([
            ("path", .string(notes.path(at: entry.position))),
            ("title", .string(notes.title(at: entry.position))),
            ("source", .string(entry.source)),
            ("modified", .string(NoteDate.iso8601(notes.modified(at: entry.position)))),
            ("commit", entry.commit.map(LogCommand.commitJSON) ?? .null),
        ])
    }
}

/// `notez log NOTE`: the note's git history, renames followed.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Show a note's git history, newest first, following renames.",
        discussion: """
            Needs the vault in a git work tree (exit 2 otherwise). git runs without pager, hooks or \
            file-system monitor, and the note's path is passed after '--' as a literal pathspec. \
            Exit status 0 found, 1 never committed, 2 usage error, 3 git failed.
            """)

    @Argument(help: "A vault-relative path (with or without .md), a title, a file name or an alias.", completion: Completions.notes)
    var note: String

    @Option(name: [.customShort("n"), .long], help: "Show at most N commits (default and most \(GitHistory.maxCommits)).")
    var limit = GitHistory.maxCommits

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let notes = try vault.loadIndex()
        let found = try notes.resolve(note)
        guard (try? GitRead.prefix(notes.root)) != nil else {
            throw CLIExit(code: CLIExit.usage, message: "the vault is not in a git work tree (or git is not installed): no history to show")
        }
        let commits = GitHistory.parseLog(try GitRead.run(GitHistory.logArguments(path: found.path, limit: limit), in: notes.root))
        if output.json {
            Terminal.line(JSONValue.array(commits.map(LogCommand.commitJSON)).text())
        } else {
            for commit in commits {
                let change = commit.changes.first
                let renamed = change?.from.map { "  (\(change?.status == "C" ? "copied" : "renamed") from \($0))" } ?? ""
                Terminal.line(TerminalText.safe("\(commit.hash.prefix(8))  \(commit.date.prefix(10))  \(commit.author): \(TerminalText.cut(commit.subject, 100))\(renamed)"))
            }
        }
        if commits.isEmpty {
            if !output.json { Terminal.notice("\(TerminalText.safe(found.path)) has no commits") }
            throw CLIExit(code: CLIExit.noMatchOrProblems)
        }
    }

    static func commitJSON(_ commit: GitHistory.Commit) -> JSONValue {
        .object([
            ("hash", .string(commit.hash)),
            ("date", .string(commit.date)),
            ("author", .string(commit.author)),
            ("subject", .string(commit.subject)),
            ("changes", .array(commit.changes.map { change in
                .object([("status", .string(change.status)), ("path", .string(change.path)), ("from", change.from.map(JSONValue.string) ?? .null)])
            })),
        ])
    }
}

/// Running the reads of `GitHistory` (its safety options, environment and bounds) for a command.
enum GitRead {
    /// The vault folder's place in its work tree, nil when it is in none.
    static func prefix(_ root: String) throws -> String? { GitHistory.prefix(root: root) }

    /// git's standard output; a failure is exit 3 with git's message.
    static func run(_ arguments: [String], in root: String) throws -> [UInt8] {
        switch try GitHistory.run(arguments, in: root) {
        case .output(let bytes): return bytes
        case .failed(_, let message): throw CLIExit(code: CLIExit.io, message: "git failed: \(TerminalText.safe(message))")
        }
    }
}
