import Foundation

/// What a merge or a sync tool left behind, for `notez check`: notes with conflict markers and
/// conflict copies made by sync tools (Dropbox, Syncthing, Nextcloud/ownCloud, iCloud-like ` 2`
/// copies are not guessed: an ordinary name can end in a number).
public enum SyncConflicts {
    /// One issue per note: a conflict copy (by its name) or conflict markers (by a line that starts
    /// with `<<<<<<< ` followed later by `=======` and a `>>>>>>> ` line), with the marker's line.
    /// `markers`: each note's first marker line when the caller read the notes already
    /// (`VaultCheck.bodyFindings`); else every note is read here.
    public static func issues(index: VaultIndex, markers given: [Int?]? = nil) -> [FileIssue] {
        let files = DiskVaultFiles(root: index.root)
        let notes = index.notes
        let symlinked = index.symlinkedNotes
        // Every note is read (markers may be anywhere), on all cores; most have no `<<<<<<<` at all.
        let markers = given ?? Parallel.map(notes.count) { position -> Int? in
            let note = notes[position]
            guard !symlinked.contains(note.path), note.stamp.size <= Int64(NoteReader.maxNoteSize),
                let contents = try? files.read(note.path)
            else { return nil }
            return ConflictMarkers.firstLine(contents.bytes)
        }
        return issues(paths: notes.map(\.path), markers: markers)
    }

    /// `issues(index:markers:)` of any view of the notes (`check` from the cached view), with each
    /// note's first marker line already known.
    public static func issues(notes: any NoteCollection, markers: [Int?]) -> [FileIssue] {
        issues(paths: (0..<notes.noteCount).map { notes.path(at: $0) }, markers: markers)
    }

    private static func issues(paths: [String], markers: [Int?]) -> [FileIssue] {
        var issues: [FileIssue] = []
        for (path, marker) in zip(paths, markers) {
            // A name without `conflict` is no copy: most paths are ruled out before their name is cut.
            if mentionsConflict(path), let tool = conflictCopy(VaultPath.name(of: path)) {
                issues.append(FileIssue(path: path, reason: "a conflict copy made by \(tool); compare it with the original and delete it"))
            }
            if let line = marker {
                issues.append(FileIssue(path: path, reason: "conflict markers from a merge at line \(line) (<<<<<<< ... >>>>>>>); resolve them"))
            }
        }
        return issues
    }

    /// The sync tool whose conflict-copy pattern the file name has, or nil.
    static func conflictCopy(_ name: String) -> String? {
        // Every pattern below has `conflict` in it: most names are ruled out without a lower-cased copy.
        guard mentionsConflict(name) else { return nil }
        let lower = name.lowercased()
        if lower.contains(".sync-conflict-") { return "Syncthing" }
        if lower.contains("conflicted copy") { return "Dropbox or a similar sync tool" }
        if lower.contains("_conflict-") || lower.contains(" (conflict ") || lower.contains("(conflicted)") { return "a sync tool" }
        return nil
    }

    /// Whether `conflict` appears in the name in any ASCII case.
    private static func mentionsConflict(_ name: String) -> Bool {
        let word = Array("conflict".utf8)
        let bytes = Array(name.utf8)
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where bytes[start] | 0x20 == word[0] {
            if (1..<word.count).allSatisfy({ bytes[start + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }

    /// The 1-based line of the first `<<<<<<< ` that has a `=======` and a `>>>>>>> ` after it.
    static func markerLine(_ bytes: [UInt8]) -> Int? { ConflictMarkers.firstLine(bytes) }
}
