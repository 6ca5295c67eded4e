import ArgumentParser
import NotezKit

/// Asking before destructive operations: on a terminal, a y/N question; `--yes` skips it; without
/// a terminal and without `--yes`, refuse (exit 4) and say how to confirm.
enum Confirmation {
    /// Returns when confirmed; throws `CLIExit` otherwise: status 1 when the user answers no,
    /// 4 when there is no terminal to ask on.
    static func confirm(_ question: String, yes: Bool) throws {
        if yes { return }
        guard Terminal.stdinIsTerminal else {
            throw CLIExit(code: CLIExit.refused, message: "\(question) Not confirmed: stdin is not a terminal; pass --yes to confirm.")
        }
        Terminal.flush()
        FileHandleOutput.stderr(question + " [y/N] ")
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            // The user's own answer is no error and no safety refusal: status 1, as for "nothing done".
            Terminal.notice("cancelled; nothing changed")
            throw CLIExit(code: CLIExit.noMatchOrProblems, message: nil)
        }
    }
}

/// `--yes`, for destructive commands.
struct ConfirmOptions: ParsableArguments {
    @Flag(name: [.customShort("y"), .long], help: "Do not ask for confirmation.")
    var yes = false
}
