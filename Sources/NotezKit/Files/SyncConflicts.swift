/// What a merge or a sync tool left behind, for `notez check`: notes with conflict markers and
/// conflict copies made by sync tools (Dropbox, Syncthing, Nextcloud/ownCloud, iCloud-like ` 2`
/// copies are not guessed: an ordinary name can end in a number).
public enum SyncConflicts {
    /// One issue per note: a conflict copy (by its name) or conflict markers (by a line that starts
    /// with `<<<<<<< ` followed later by `=======` and a `>>>>>>> ` line), with the marker's line.
    public static func issues(index: VaultIndex) -> [FileIssue] {
        let files = DiskVaultFiles(root: index.root)
        var issues: [FileIssue] = []
        for note in index.notes {
            if let tool = conflictCopy(VaultPath.name(of: note.path)) {
                issues.append(FileIssue(path: note.path, reason: "a conflict copy made by \(tool); compare it with the original and delete it"))
            }
            guard !index.symlinkedNotes.contains(note.path), note.stamp.size <= Int64(NoteReader.maxNoteSize),
                let contents = try? files.read(note.path), let line = markerLine(contents.bytes)
            else { continue }
            issues.append(FileIssue(path: note.path, reason: "conflict markers from a merge at line \(line) (<<<<<<< ... >>>>>>>); resolve them"))
        }
        return issues
    }

    /// The sync tool whose conflict-copy pattern the file name has, or nil.
    static func conflictCopy(_ name: String) -> String? {
        let lower = name.lowercased()
        if lower.contains(".sync-conflict-") { return "Syncthing" }
        if lower.contains("conflicted copy") { return "Dropbox or a similar sync tool" }
        if lower.contains("_conflict-") || lower.contains(" (conflict ") || lower.contains("(conflicted)") { return "a sync tool" }
        return nil
    }

    /// The 1-based line of the first `<<<<<<< ` that has a `=======` and a `>>>>>>> ` after it.
    static func markerLine(_ bytes: [UInt8]) -> Int? {
        var line = 1
        var open: Int?
        var separated = false
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let text = bytes[start..<end]
            if text.starts(with: Array("<<<<<<< ".utf8)) || text.elementsEqual(Array("<<<<<<<".utf8)) {
                open = open ?? line
                separated = false
            } else if open != nil, text.starts(with: Array("=======".utf8)), text.count <= 8 {
                separated = true
            } else if let first = open, separated, text.starts(with: Array(">>>>>>> ".utf8)) || text.elementsEqual(Array(">>>>>>>".utf8)) {
                return first
            }
            line += 1
            start = end + 1
        }
        return nil
    }
}
