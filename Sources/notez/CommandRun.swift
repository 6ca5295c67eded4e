import Foundation
import NotezKit

/// What one run of a command works with, handed down by `Notez.execute` as a task-local value
/// rather than process globals: the `--vault` written before the subcommand, the daemon's session
/// when a daemon answers a warm request, and the session the command opened (whose vault lock
/// lives as long as the run).
final class CommandRun: @unchecked Sendable {
    /// The run of the current task or thread; nil outside `Notez.execute` (tests that call a command directly).
    @TaskLocal static var current: CommandRun?

    /// A `--vault` given before the subcommand (`notez --vault V ls`), which the parser would reject.
    let leadingVault: String?
    /// A daemon's session on its live index: reads answer from it instead of the disk.
    let warm: Vault?
    /// The session the command opened (the first `VaultOptions.session()`).
    var opened: Vault?
    /// Locks taken outside a session (a capture's admission), held until the run ends.
    var held: [VaultLock] = []
    /// Whether the process exits when this run ends (`notez` itself, not a daemon or a test): its
    /// sessions then keep what they build for the kernel to free (`Vault.keepsBuiltIndexes`).
    let endsProcess: Bool

    /// The run of `notez`'s own `main`, never released: the process exits with it alive.
    nonisolated(unsafe) static var processRun: CommandRun?

    init(leadingVault: String?, warm: Vault? = nil, endsProcess: Bool = false) {
        self.leadingVault = leadingVault
        self.warm = warm
        self.endsProcess = endsProcess
    }

    /// The session of this run for `root`: the warm one, the one already opened, else a new one.
    func session(root: String) -> Vault {
        if let warm, warm.root == root { return warm }
        if let opened, opened.root == root { return opened }
        let made = Vault(root: root)
        // The CLI refreshes the cache in the background after the answer (`BackgroundIndex`).
        made.defersCacheWrites = true
        made.keepsBuiltIndexes = endsProcess
        if opened == nil { opened = made }
        return made
    }

    /// The session of the current run for `root` (a new disk session outside a run).
    static func session(root: String) -> Vault { current?.session(root: root) ?? Vault(root: root) }
}
