/// What a first run whose answer is only the matches' paths or their count needs of each note
/// (docs/performance.md): a test on a note's folder and bytes that every note the query matches
/// passes, so the other notes are read but not parsed, and a note whose folder alone rules it out
/// is not opened; and the tags the query names, the only ones such an answer keeps of a note.
/// Made from a query in Query (`init(_:)`); the index only applies it.
///
/// The test never rules out a note the query matches. `tag:T` needs T's key in the note's bytes,
/// its ASCII letters in either case: a tag's key is its name lowercased and NFC-normalized, and
/// only three scalars beyond ASCII give ASCII that way (`foldingIntoASCII`); a YAML escape (`\x69`)
/// may spell any letter, so a note with a backslash passes. Folder terms are the evaluator's own
/// rule. Anything else (NOT, titles, dates, words, properties, links) passes every note.
struct NoteScreen: Sendable {
    /// A test on a note.
    indirect enum Test: Sendable, Equatable {
        /// Every note passes.
        case all
        /// Notes whose bytes may hold a tag with this key (ASCII, lowercased) or one of its children.
        case tagText([UInt8])
        /// Notes in the folder `folder:VALUE` names.
        case folder(String)
        /// Notes directly at the vault root.
        case root
        /// Notes every operand passes.
        case and([Test])
        /// Notes some operand passes.
        case or([Test])
    }

    /// The test of the query.
    let test: Test
    /// The keys of every `tag:` term, under NOT too: a note's other tags change no answer.
    let tagKeys: [TagKey]
    /// Whether a note in `folder` is in the folder a `folder:VALUE` term names (value, folder):
    /// the evaluator's rule, given by Query.
    let folderRule: @Sendable (String, String) -> Bool

    /// The scalars beyond ASCII whose tag key holds ASCII (`TagKey`: NFC, then lowercased), as
    /// UTF-8, with the ASCII byte each gives: K KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA.
    /// (LATIN CAPITAL I WITH DOT, U+0130, gives `i` and a combining dot, which no ASCII key holds.)
    /// A test compares this list with every scalar's key.
    static let foldingIntoASCII: [(utf8: [UInt8], ascii: UInt8)] = [
        ([0xE2, 0x84, 0xAA], UInt8(ascii: "k")), ([0xCD, 0xBE], UInt8(ascii: ";")), ([0xE1, 0xBF, 0xAF], UInt8(ascii: "`")),
    ]

    /// What the bytes of a note in `folder` must pass: nil when the folder rules the note out (it
    /// need not be opened), `.all` when nothing. Asked once per folder, not per note.
    func test(forFolder folder: String) -> Test? { specialized(test, folder: folder) }

    /// Whether a note's whole file `bytes` passes `test` (a test for its folder).
    static func admits(_ bytes: [UInt8], _ test: Test) -> Bool {
        switch test {
        case .all, .folder, .root: return true
        case .tagText(let key): return mayHold(key, in: bytes)
        case .and(let tests): return tests.allSatisfy { admits(bytes, $0) }
        case .or(let tests): return tests.contains { admits(bytes, $0) }
        }
    }

    /// `note` with only the tags the query names (or their children), for an index that answers it.
    func keepingQueryTags(_ note: Note) -> Note {
        let keys = note.tagKeys
        let kept = keys.indices.filter { at in tagKeys.contains { keys[at].isSelfOrDescendant(of: $0) } }
        if kept.count == keys.count { return note }
        var pruned = note
        let tags = note.tags
        let origins = note.tagOrigins
        pruned.tags = kept.map { tags[$0] }
        pruned.tagKeys = kept.map { keys[$0] }
        pruned.tagOrigins = origins.isEmpty ? [] : kept.map { origins[$0] }
        return pruned
    }

    /// `test` with its folder terms decided for `folder`; nil when they rule the note out.
    private func specialized(_ test: Test, folder: String) -> Test? {
        switch test {
        case .all, .tagText: return test
        case .folder(let value): return folderRule(value, folder) ? .all : nil
        case .root: return folder.isEmpty ? .all : nil
        case .and(let tests):
            var kept: [Test] = []
            for test in tests {
                guard let decided = specialized(test, folder: folder) else { return nil }
                if decided != .all { kept.append(decided) }
            }
            return kept.isEmpty ? .all : kept.count == 1 ? kept[0] : .and(kept)
        case .or(let tests):
            let kept = tests.compactMap { specialized($0, folder: folder) }
            if kept.isEmpty { return nil }
            return kept.contains(.all) ? .all : kept.count == 1 ? kept[0] : .or(kept)
        }
    }

    /// Whether `bytes` may hold a tag whose key starts with `key`.
    static func mayHold(_ key: [UInt8], in bytes: [UInt8]) -> Bool {
        if ByteSearch.containsIgnoringASCIICase(bytes, key) { return true }
        if ByteSearch.contains(UInt8(ascii: "\\"), in: bytes) { return true }
        return foldingIntoASCII.contains { scalar in
            key.contains(scalar.ascii) && !ByteSearch.occurrences(of: scalar.utf8, in: bytes, limit: 1).isEmpty
        }
    }
}
