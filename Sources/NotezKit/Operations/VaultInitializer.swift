/// Creates `.notez/` with `config.yaml` and `.gitignore`; never overwrites existing files.
public enum VaultInitializer {
    /// The `.gitignore` of `.notez/`: machine-local state stays out of git.
    static var gitignoreText: String { StateIgnore.text }

    /// Returns true when something was created, false when the vault was already initialized.
    /// Everything is created through the vault's writer (no symlinks followed, nothing replaced).
    public static func initialize(root: String) throws(NotezError) -> Bool {
        let writer = try AtomicWriter(root: root)
        if let problem = writer.directory.stateFolderProblem(".notez") { throw .refused(problem) }
        var createdAny = false
        if writer.directory.kind(".notez") == nil {
            try writer.createFolder(".notez")
            createdAny = true
        }
        if writer.directory.kind(StateIgnore.path) == nil {
            try writer.write(Array(gitignoreText.utf8), to: StateIgnore.path, mustNotExist: true)
            createdAny = true
        }
        if writer.directory.kind(".notez/config.yaml") == nil {
            try writer.write(Array(VaultConfig.initialText.utf8), to: ".notez/config.yaml", mustNotExist: true)
            createdAny = true
        }
        return createdAny
    }
}
