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
        try WarmFocus.answer(vault, command: Self.name, needs: "the rename needs the whole index") { index, session in
            try RenamePlanner.focusSet(note: note, to: title, index: index, provesFree: session.provesFree)
        }
    }
}

extension RenameFocusCommand: WarmServable {}
