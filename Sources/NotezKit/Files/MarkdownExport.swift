/// The `markdown` export: the exported notes, byte for byte, at their vault paths in a new folder,
/// so relative links between exported notes keep working.
public enum MarkdownExport {
    /// Creates the destination folder and copies the notes into it; returns the paths written and
    /// the notes left out with the reason (symlinked notes, unreadable files).
    public static func write(notes: [Note], index: VaultIndex, to destination: ExportDestination) throws(NotezError)
        -> (written: [String], issues: [FileIssue])
    {
        let files = DiskVaultFiles(root: index.root)
        try destination.createFolder()
        var written: [String] = []
        var issues: [FileIssue] = []
        for note in notes {
            if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
                issues.append(FileIssue(path: note.path, reason: "symlinked note; not exported"))
                continue
            }
            do {
                guard let contents = try files.read(note.path) else {
                    issues.append(FileIssue(path: note.path, reason: "the file no longer exists"))
                    continue
                }
                try destination.write(contents.bytes, to: note.path)
                written.append(note.path)
            } catch {
                issues.append(FileIssue(path: note.path, reason: error.description, failed: true))
            }
        }
        return (written, issues)
    }
}
