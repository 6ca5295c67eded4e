import Foundation

/// Creates `.notez/` with `config.yaml` and `.gitignore`; never overwrites existing files.
public enum VaultInitializer {
    /// The `.gitignore` of `.notez/`: derived files stay out of git.
    public static let gitignoreText = "# Derived and rebuildable: not worth versioning.\ncache/\n*.sock\n"

    /// Returns true when something was created, false when the vault was already initialized.
    public static func initialize(root: String) throws(NotezError) -> Bool {
        let folder = root + "/.notez"
        let manager = FileManager.default
        var createdAny = false
        do {
            if !manager.fileExists(atPath: folder) {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
                createdAny = true
            }
            for (name, text) in [("config.yaml", VaultConfig.initialText), (".gitignore", gitignoreText)] {
                let path = folder + "/" + name
                if !manager.fileExists(atPath: path) {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                    createdAny = true
                }
            }
        } catch {
            throw .writeFailed(path: folder, reason: error.localizedDescription)
        }
        return createdAny
    }
}
