/// `notez help exit-codes`: the exit status table of docs/exit-status.md, for scripts.
enum ExitCodes {
    /// The table, one status a line.
    static let text = """
        notez exit codes (the same for every command; see docs/exit-status.md):

          0  success
          1  search matched nothing (as grep), check found problems, or a confirmation was
             answered no (nothing changed)
          2  usage error: unknown option, bad value, a note or folder that matches nothing or
             several, a query error (the message says what to give instead)
          3  the vault could not be read, a system call failed, or an operation was partial
             (skipped files are listed on stderr with the reason)
          4  refused for safety: a path outside the vault, into a dot-folder or through a
             symlink, a file that changed under the operation, an undo out of order, a
             destructive command without a terminal and without --yes
          5  another notez process is changing the vault (try again when it has finished)
        """

    /// Whether the arguments ask for this page (`notez help exit-codes`, `notez exit-codes --help`).
    static func isRequested(_ arguments: [String]) -> Bool {
        arguments == ["help", "exit-codes"] || arguments == ["exit-codes", "--help"]
    }
}
