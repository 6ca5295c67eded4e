import ArgumentParser
import Foundation
import NotezKit

/// `notez _move-focus --to=FOLDER -- NOTE...` (hidden): answered only by a running `notez watch`, for an
/// `mv` that plans with its help (docs/warm-path.md): prints, as JSON, the notes the move needs
/// (`FocusSet`) from the watch's live index, and the destinations in FOLDER it proves free. Run
/// cold it refuses: it would build the whole index.
struct MoveFocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: MoveFocusCommand.name, abstract: "The notes a move needs, from a running watch (internal).", shouldDisplay: false)

    /// The command's name.
    static let name = "_move-focus"

    @Argument var notes: [String]
    @Option(name: .long) var to: String?
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try WarmFocus.answer(vault, command: Self.name, needs: "the move needs the whole index") { index, session in
            try MovePlanner.focusSet(notes: notes, into: to, index: index, provesFree: session.provesFree)
        }
    }
}

extension MoveFocusCommand: WarmServable {}
