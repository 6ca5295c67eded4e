import ArgumentParser
import Foundation
import NotezKit

/// `notez merge-driver BASE OURS THEIRS [PATH]`: a git merge driver for notes (`%O %A %B %P`).
/// Writes the merge into OURS; exits 0 when clean, 1 when conflict markers are left (as git expects).
struct MergeDriverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-driver",
        abstract: "Merge a note three-way for git: front matter key by key (tags as sets), the body by lines.",
        discussion: """
            Installed by 'notez sync --setup' (merge.notez.driver = notez merge-driver --prefer local %O %A %B %P).
            Exit status: 0 merged cleanly, 1 conflict markers left in the body (or the whole file), 3 failure.
            """)

    @Argument(help: "The common ancestor's version (git's %O).")
    var base: String
    @Argument(help: "Our version (git's %A); the result is written here.")
    var ours: String
    @Argument(help: "Their version (git's %B).")
    var theirs: String
    @Argument(help: "The note's path, for messages (git's %P).")
    var path: String?

    @Option(name: .long, help: "Who wins when both sides changed the same key: local, remote or newest (by 'modified').", completion: Completions.preferences)
    var prefer: String = "local"

    func validate() throws {
        if NoteMerge.Policy(rawValue: prefer) == nil { throw ValidationError("--prefer must be local, remote or newest") }
    }

    func run() throws {
        let policy = NoteMerge.Policy(rawValue: prefer) ?? .local
        let localIsOurs = try Self.localIsOurs()
        let labels = localIsOurs ? ("local", "base", "remote") : ("remote", "base", "local")
        let (baseBytes, ourBytes, theirBytes) = (try read(base), try read(ours), try read(theirs))
        let name = TerminalText.safe(path ?? ours)
        // A NUL byte makes the file binary to git: no line merge can be trusted with it, so it is
        // left to git's own conflict handling (OURS untouched, the conflict recorded), and said so.
        if ourBytes != theirBytes, ourBytes != baseBytes, theirBytes != baseBytes,
            [baseBytes, ourBytes, theirBytes].contains(where: { $0.contains(0) })
        {
            Terminal.notice("merge-driver: \(name): holds a NUL byte (binary); not merged, left to git as a conflict without markers")
            throw CLIExit(code: 1, message: "\(name): binary (NUL byte); not merged")
        }
        let result = try NoteMerge.merge(
            base: baseBytes, ours: ourBytes, theirs: theirBytes, policy: policy, localIsOurs: localIsOurs
        ) { b, o, t in try Git.mergeFile(base: b, ours: o, theirs: t, labels: labels) }
        try write(result.bytes, to: ours)
        for note in result.notes { Terminal.notice("merge-driver: \(name): \(TerminalText.safe(note))") }
        if result.conflicted { throw CLIExit(code: 1, message: "\(name): conflicts left as markers") }
    }

    /// During a rebase git replays local commits as "theirs" (%B); `notez sync` says so with
    /// NOTEZ_MERGE_LOCAL, and a rebase the user runs is recognized by git's rebase state folders.
    static func localIsOurs() throws -> Bool {
        switch ProcessInfo.processInfo.environment["NOTEZ_MERGE_LOCAL"] {
        case "ours": return true
        case "theirs": return false
        default: break
        }
        let cwd = FileManager.default.currentDirectoryPath
        for folder in ["rebase-merge", "rebase-apply"] {
            let found = try Git.run(["rev-parse", "--git-path", folder], in: cwd)
            let relative = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard found.ok, !relative.isEmpty else { continue }
            let full = relative.hasPrefix("/") ? relative : cwd + "/" + relative
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue { return false }
        }
        return true
    }

    private func read(_ file: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CLIExit(code: CLIExit.io, message: "cannot read \(file)")
        }
        return Array(data)
    }

    /// Overwrites git's temporary file in place (never through a symlink).
    private func write(_ bytes: [UInt8], to file: String) throws {
        let fd = open(file, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw NotezError.io(path: file, errno: errno) }
        defer { close(fd) }
        if let code = SystemIO.writeAll(fd, bytes) { throw NotezError.io(path: file, errno: code) }
    }
}
