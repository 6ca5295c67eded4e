import Foundation

/// What a merge or a sync tool left behind, for `notez check`: notes with conflict markers and
/// conflict copies made by sync tools (Dropbox, Syncthing, Nextcloud/ownCloud, iCloud-like ` 2`
/// copies are not guessed: an ordinary name can end in a number).
public enum SyncConflicts {
    /// One issue per note: a conflict copy (by its name) or conflict markers (by a line that starts
    /// with `<<<<<<< ` followed later by `=======` and a `>>>>>>> ` line), with the marker's line.
    public static func issues(index: VaultIndex) -> [FileIssue] {
        let files = DiskVaultFiles(root: index.root)
        let notes = index.notes
        let symlinked = index.symlinkedNotes
        // Every note is read (markers may be anywhere), on all cores; most have no `<<<<<<<` at all.
        let markers = Parallel.map(notes.count) { position -> Int? in
            let note = notes[position]
            guard !symlinked.contains(note.path), note.stamp.size <= Int64(NoteReader.maxNoteSize),
                let contents = try? files.read(note.path), contents.bytes.count >= 7
            else { return nil }
            return markerLine(contents.bytes)
        }
        var issues: [FileIssue] = []
        for (note, marker) in zip(notes, markers) {
            if let tool = conflictCopy(VaultPath.name(of: note.path)) {
                issues.append(FileIssue(path: note.path, reason: "a conflict copy made by \(tool); compare it with the original and delete it"))
            }
            if let line = marker {
                issues.append(FileIssue(path: note.path, reason: "conflict markers from a merge at line \(line) (<<<<<<< ... >>>>>>>); resolve them"))
            }
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
        bytes.withUnsafeBufferPointer { text in
            // A marker line starts with seven `<`: without a `<<<<<<<` at a line start there is none.
            guard let first = lineStart(of: 0x3C, in: text, from: 0) else { return nil }
            var line = 1 + text[..<first].lazy.filter { $0 == 0x0A }.count
            var open: Int?
            var separated = false
            var start = first
            while start < text.count {
                var end = start
                while end < text.count, text[end] != 0x0A { end += 1 }
                let count = end - start
                if isMarker(text, start, count, 0x3C) {
                    open = open ?? line
                    separated = false
                } else if open != nil, count <= 8, isRun(text, start, 0x3D, 7) {
                    separated = true
                } else if let first = open, separated, isMarker(text, start, count, 0x3E) {
                    return first
                }
                line += 1
                start = end + 1
            }
            return nil
        }
    }

    /// Whether the line at `start` (of `count` bytes) is seven `byte`s alone or followed by a space.
    private static func isMarker(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, _ byte: UInt8) -> Bool {
        (count == 7 || (count > 7 && text[start + 7] == 0x20)) && isRun(text, start, byte, 7)
    }

    private static func isRun(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ byte: UInt8, _ length: Int) -> Bool {
        guard start + length <= text.count else { return false }
        for index in start..<start + length where text[index] != byte { return false }
        return true
    }

    /// The first line start at or after `from` where seven `byte`s begin.
    private static func lineStart(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var at = from
        while at + 7 <= text.count {
            if (at == 0 || text[at - 1] == 0x0A) && isRun(text, at, byte, 7) { return at }
            // To the next line: memchr is far faster than a loop over bytes.
            guard let next = memchr(text.baseAddress! + at, 0x0A, text.count - at) else { return nil }
            at = text.baseAddress!.distance(to: next.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return nil
    }
}
