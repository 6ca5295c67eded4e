/// The number of words in a note, zk's `word-count`: runs of characters between ASCII whitespace
/// (space, tab, line breaks, vertical tab, form feed) in the body after the front matter. The index
/// does not keep it: `--sort word-count` reads the notes it orders, and only then.
public enum WordCount {
    /// The words of `bytes`.
    public static func of(_ bytes: ArraySlice<UInt8>) -> Int {
        var words = 0
        var inWord = false
        for byte in bytes {
            let space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            if !space && !inWord { words += 1 }
            inWord = !space
        }
        return words
    }

    /// The words of each note's body, read from `root` on all cores: 0 for a note that cannot be
    /// read or is larger than `NoteReader.maxNoteSize` (a symlinked note is never read).
    public static func counts(of notes: [Note], root: String) -> [Int] {
        let paths = notes.map(\.path)
        let sizes = notes.map(\.stamp.size)
        return Parallel.map(paths.count, minimumChunk: 16) { index in
            if sizes[index] > Int64(NoteReader.maxNoteSize) { return 0 }
            guard let contents = try? NoteReader.read(root + "/" + paths[index], limit: NoteReader.maxNoteSize + 1),
                contents.isComplete, contents.bytes.count <= NoteReader.maxNoteSize
            else { return 0 }
            let bytes = contents.bytes
            return WordCount.of(bytes[FrontMatterBlock.bodyStart(bytes)...])
        }
    }
}
