import ArgumentParser
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// `notez index`: brings the index cache up to date now, as `zk index` does. notez keeps the cache
/// by itself; this is for a vault that just arrived (a clone, a sync) or a script that wants the
/// next query fast.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index", abstract: "Bring the index cache up to date now (notez also does it by itself).",
        discussion: """
            Reads the notes that changed since the cache was written and writes it (outside the vault, \
            in $XDG_CACHE_HOME/notez/). Waits for a refresh that is already running. A read that \
            finds many changed notes answers first and runs this in the background.
            """)

    @OptionGroup var vault: VaultOptions

    /// Started by notez after an answer: gives way to a refresh already running, at a low priority.
    @Flag(help: .hidden) var background = false

    func run() throws {
        _ = try vault.loadSettings()
        if background { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
        guard let refresh = try vault.session().refreshCache(skipIfBusy: background) else {
            if background { return }
            throw CLIExit(code: CLIExit.io, message: "no cache folder: set XDG_CACHE_HOME or HOME to a folder of your own")
        }
        if background { return }
        Terminal.line("indexed \(refresh.notes) notes (\(refresh.read) read, \(refresh.notes - refresh.read) unchanged)")
    }
}
