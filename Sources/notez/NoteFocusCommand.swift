import ArgumentParser
import Foundation
import NotezKit

/// `notez _note-focus NOTE...` (hidden): answered only by a running `notez watch`, for an edit of
/// only the notes it names (`pin`, `unpin`, `tag remove`, `set`; docs/warm-path.md): prints, as
/// JSON, those notes (`FocusSet`) as the watch's live index resolves them. Run cold it refuses: it
/// would build the whole index.
struct NoteFocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: NoteFocusCommand.name, abstract: "The notes an edit names, from a running watch (internal).", shouldDisplay: false)

    /// The command's name.
    static let name = "_note-focus"

    @Argument var notes: [String]
    @OptionGroup var vault: VaultOptions

    func run() throws {
        try WarmFocus.answer(vault, command: Self.name, needs: "the edit needs the whole index") { index, _ in
            try NotePlanner.focusSet(notes: notes, index: index)
        }
    }
}

extension NoteFocusCommand: WarmServable {}
