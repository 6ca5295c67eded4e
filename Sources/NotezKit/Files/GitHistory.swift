import Foundation

/// What `notez log` and `notez recent` ask git, how git is run for them, and how its answer is
/// read. Every argument that comes from the vault follows `--` and git reads pathspecs literally,
/// so a file name never becomes an option or a glob; git's output is bounded.
public enum GitHistory {
    /// One commit that touched a file.
    public struct Commit: Sendable, Equatable {
        /// The full hash.
        public var hash: String
        /// The author date, ISO 8601 with its offset.
        public var date: String
        /// The author's name.
        public var author: String
        /// The first line of the message.
        public var subject: String
        /// The files it changed: status letter (`A`, `M`, `D`, `R`, `C`, …), the path, and for a
        /// rename or copy the path before (paths as git gives them: relative to where it ran).
        public var changes: [Change]
    }

    /// One changed file of a commit.
    public struct Change: Sendable, Equatable {
        /// `A`, `M`, `D`, `R`, `C`, `T` (the score of a rename is dropped).
        public var status: String
        /// The path after the change.
        public var path: String
        /// The path before a rename or copy.
        public var from: String?
    }

    /// The most commits `log` lists and `recent` reads.
    public static let maxCommits = 1000

    /// Options before the command: no pager, no hooks, no file-system monitor (the vault's own
    /// `.git/config` is vault content), pathspecs literal.
    public static let safety = [
        "--no-pager", "--literal-pathspecs", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null",
        "-c", "log.showSignature=false", "-c", "diff.renames=true",
    ]

    /// The environment git runs with: no prompt, no pager, no optional locks (a read never writes `.git/index`).
    public static let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "PAGER": "cat", "GIT_OPTIONAL_LOCKS": "0"]

    /// The fields of each commit: record separator, then hash, date, author, subject separated by unit separators.
    static let format = "--format=%x1e%H%x1f%aI%x1f%an%x1f%s"

    /// `git log` of one file (run in the vault root), renames followed, newest first.
    public static func logArguments(path: String, limit: Int = maxCommits) -> [String] {
        safety + [
            "log", "--follow", "--relative", "--no-color", "--no-ext-diff", "--no-textconv", "-z", "--name-status", format,
            "--max-count=\(max(1, min(limit, maxCommits)))", "--", path,
        ]
    }

    /// `git log` of the vault's folder (run in the vault root): its recent commits, paths relative to the vault.
    public static func recentArguments(limit: Int = maxCommits) -> [String] {
        safety + [
            "log", "--relative", "--no-color", "--no-ext-diff", "--no-textconv", "-z", "--name-status", format,
            "--max-count=\(max(1, min(limit, maxCommits)))", "--", ".",
        ]
    }

    /// `git status` of the vault's folder: what changed since the last commit (untracked files too).
    public static let statusArguments = safety + ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames", "--", "."]

    /// `git rev-parse --show-prefix`: whether the folder is in a work tree, and where.
    public static let prefixArguments = safety + ["rev-parse", "--show-prefix"]

    /// What running git gave.
    public enum Outcome: Sendable, Equatable {
        /// Exit status 0: its standard output.
        case output([UInt8])
        /// Another status: its standard error's first 4 KiB.
        case failed(status: Int32, message: String)
    }

    /// Runs `git ARGUMENTS` in `directory` with `environment` added to this process's own; throws
    /// when git cannot be started or says more than `GitProcess.maxOutput`.
    public static func run(_ arguments: [String], in directory: String) throws(NotezError) -> Outcome {
        let run = try GitProcess.run(arguments, in: directory, environment: environment)
        guard run.status == 0 else {
            let message = String(decoding: run.errors.prefix(4096), as: UTF8.self)
            return .failed(status: run.status, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return .output(run.output)
    }

    /// The vault folder's place in its work tree (`""` at the top); nil when it is in none or git
    /// is not installed.
    public static func prefix(root: String) -> String? {
        guard case .output(let bytes)? = try? run(prefixArguments, in: root) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// The commits of `git log -z --name-status` output made with `format`.
    public static func parseLog(_ output: [UInt8]) -> [Commit] {
        var commits: [Commit] = []
        for record in output.split(separator: 0x1E, omittingEmptySubsequences: true) {
            let fields = record.split(separator: 0x00, omittingEmptySubsequences: false)
            guard let header = fields.first else { continue }
            let parts = header.split(separator: 0x1F, maxSplits: 3, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard parts.count == 4 else { continue }
            var commit = Commit(hash: parts[0], date: parts[1], author: parts[2], subject: parts[3], changes: [])
            var tokens = fields.dropFirst().map { String(decoding: $0, as: UTF8.self) }[...]
            while let first = tokens.popFirst() {
                let status = first.trimmingCharacters(in: .newlines)
                guard let letter = status.first, letter.isLetter else { continue }
                if letter == "R" || letter == "C" {
                    guard let from = tokens.popFirst(), let to = tokens.popFirst() else { break }
                    commit.changes.append(Change(status: String(letter), path: to, from: from))
                } else {
                    guard let path = tokens.popFirst() else { break }
                    commit.changes.append(Change(status: String(letter), path: path, from: nil))
                }
            }
            commits.append(commit)
        }
        return commits
    }

    /// The paths of `git status --porcelain=v1 -z` output (without renames: one path each).
    public static func parseStatus(_ output: [UInt8]) -> [String] {
        output.split(separator: 0x00).compactMap { entry in
            entry.count > 3 ? String(decoding: entry.dropFirst(3), as: UTF8.self) : nil
        }
    }
}
