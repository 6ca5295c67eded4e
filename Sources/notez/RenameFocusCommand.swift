import ArgumentParser
import Foundation
import NotezKit

/// `notez _rename-focus NOTE TITLE` (hidden): answered only by a running `notez watch`, for a
/// `rename` that plans with its help (docs/warm-path.md): prints, as JSON, the notes the rename
/// needs (`FocusSet`) from the watch's live index. Run cold it refuses: it would build the whole index.
struct RenameFocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: RenameFocusCommand.name, abstract: "The notes a rename needs, from a running watch (internal).", shouldDisplay: false)

    /// The command's name.
    static let name = "_rename-focus"

    @Argument var note: String
    @Argument var title: String
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let session = try vault.session()
        guard session.isWarm else { throw CLIExit(code: CLIExit.usage, message: "\(RenameFocusCommand.name) is answered only by a running notez watch") }
        guard let set = try RenamePlanner.focusSet(note: note, to: title, index: try session.index(), provesFree: session.provesFree) else {
            throw CLIExit(code: CLIExit.noMatchOrProblems, message: "the rename needs the whole index")
        }
        Terminal.line(String(decoding: try JSONEncoder().encode(set), as: UTF8.self))
    }
}

extension RenameFocusCommand: WarmServable {}
