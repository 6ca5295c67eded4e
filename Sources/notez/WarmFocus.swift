import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The notes a `rename` or `mv` needs, named by a running `notez watch` from its live index
/// (`FocusSet`; docs/warm-path.md): the client asks with a hidden command after it took the vault
/// lock, so the cookie proves the answer includes every write before the lock; the daemon answers
/// with the set as JSON.
enum WarmFocus {
    /// The set the hidden command `arguments` (`_rename-focus -- NOTE TITLE`, `_move-focus
    /// --to=FOLDER -- NOTE...`: the user's words after `--`, so that a note named `-draft` is a
    /// note) answers for the vault at `root`. Nil when no watch answers or `NOTEZ_WARM=off`; with
    /// `NOTEZ_WARM=require` that is an error (status 6).
    static func ask(_ arguments: [String], root: String) throws -> FocusSet? {
        let mode = getenv("NOTEZ_WARM").map { String(cString: $0) } ?? "auto"
        if mode == "off" { return nil }
        var set: FocusSet?
        var reason = "no daemon answered"
        if let directory = WarmPath.currentDirectory() {
            let request = WarmRequest(
                cookie: "", root: root, currentDirectory: directory,
                arguments: arguments.prefix(1) + ["--vault", root] + arguments.dropFirst(), environment: WarmPath.environment(), terminals: [])
            switch WarmClient.ask(request) {
            case .answer(0, let stdout, _):
                set = try? JSONDecoder().decode(FocusSet.self, from: Data(stdout))
                if set == nil { reason = "a malformed answer" }
            case .answer(_, _, let stderr):
                let said = String(decoding: stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                reason = said.hasPrefix("notez: error: ") ? String(said.dropFirst("notez: error: ".count)) : said
            case .fallback(let why): reason = why
            case .captured, nil: break
            }
        }
        if set == nil, mode == "require" { throw CLIExit(code: WarmPath.notAnswered, message: "NOTEZ_WARM=require, but the warm path did not answer: \(reason)") }
        return set
    }

    /// The daemon's side: prints the set `make` gives from the live index as JSON. Refused when not
    /// run by a watch (cold it would build the whole index), and when the set is too big (`needs`
    /// says what the command then needs).
    static func answer(_ vault: VaultOptions, command: String, needs: String, _ make: (VaultIndex, Vault) throws -> FocusSet?) throws {
        let session = try vault.session()
        guard session.isWarm else { throw CLIExit(code: CLIExit.usage, message: "\(command) is answered only by a running notez watch") }
        guard let set = try make(try session.index(), session) else { throw CLIExit(code: CLIExit.noMatchOrProblems, message: needs) }
        Terminal.line(String(decoding: try JSONEncoder().encode(set), as: UTF8.self))
    }
}
