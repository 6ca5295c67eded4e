/// The findings of `notez check`: file problems, folder name clashes, tag spelling variants.
public struct VaultCheck: Sendable {
    /// One finding, with a file position when known.
    public struct Finding: Sendable, Equatable {
        /// Vault-relative path the finding is about (`""` for vault-wide findings).
        public var path: String
        /// 1-based line, when known.
        public var line: Int?
        /// 1-based column, when known.
        public var column: Int?
        /// What is wrong.
        public var message: String

        /// A finding.
        public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }

        /// `path:line:col: message`, or `path: message`.
        public var text: String {
            var location = path
            if let line { location += ":\(line):\(column ?? 1)" }
            return location.isEmpty ? message : "\(location): \(message)"
        }
    }

    /// Every finding, files first (by path), then folders, then tags.
    public var findings: [Finding]

    /// Examines an index; `extra` adds findings from rooms above the index (the journal).
    public init(index: VaultIndex, extra: [FileIssue] = []) {
        var findings: [Finding] = []
        // notez's own files first: bad settings, and state this machine did not write.
        for issue in index.stateProblems + extra {
            findings.append(Finding(path: issue.path, message: issue.reason))
        }
        for note in index.notes {
            if let problem = note.problem {
                findings.append(Finding(path: note.path, line: problem.line, column: problem.column, message: problem.message))
            }
            if note.stamp.size > Int64(NoteReader.maxNoteSize) {
                findings.append(Finding(path: note.path, message: VaultCheck.oversizedMessage(note.stamp.size)))
            }
        }
        for (path, problem) in index.walkProblems {
            findings.append(Finding(path: path, line: problem.line, column: problem.column, message: problem.message))
        }
        findings.sort { $0.path < $1.path }
        findings += VaultCheck.folderClashes(index.folderTree)
        findings += VaultCheck.tagVariants(index)
        self.findings = findings
    }

    /// A link's text as a finding shows it: at most 120 characters (119 and `…`). Counting
    /// characters is only needed past 120 bytes (a character is at least one byte).
    static func shown(_ text: String) -> String {
        text.utf8.count <= 120 || text.count <= 120 ? text : String(text.prefix(119)) + "…"
    }

    /// The finding for a note over `NoteReader.maxNoteSize`.
    static func oversizedMessage(_ size: Int64) -> String {
        "note is larger than the 32 MiB limit (\(size) bytes): full text search skips its body and notez does not edit it"
    }

    /// Sibling folders whose names differ only in case.
    static func folderClashes(_ node: FolderNode) -> [Finding] {
        var findings: [Finding] = []
        let groups = Dictionary(grouping: node.children, by: { $0.name.lowercased() })
        for (_, group) in groups where group.count > 1 {
            let names = group.map(\.path).sorted()
            // `café` in NFC and in NFD group together too (String compares canonically): say which.
            let caseOnly = Set(group.map { PathKey($0.name.lowercased()) }).count == 1
            let how = caseOnly ? "case" : "case or Unicode normalization (NFC/NFD)"
            findings.append(Finding(path: node.path, message: "folders differ only in \(how): " + names.joined(separator: ", ")))
        }
        findings.sort { $0.message < $1.message }
        for child in node.children { findings += folderClashes(child) }
        return findings
    }

    /// Tags written in several ways: case only (one tag, several spellings) or separators (`Open Science` / `open-science`).
    /// The spellings' uses come from the index (`spellingUses`, kept for every tag outside the
    /// registry written more than one way; a note carries a tag once), a registered tag's from
    /// its notes: no pass over every note's tags (6% of `check` at 100,000 notes).
    static func tagVariants(_ index: VaultIndex) -> [Finding] {
        let registered = VaultIndex.registeredEntries(index.registry)
        var several: [[String: Int]] = []
        for (key, uses) in index.spellingUses where uses.count > 1 && registered[key] == nil { several.append(uses) }
        for key in registered.keys {
            var uses: [String: Int] = [:]
            for position in index.notesByTag[key] ?? [] {
                guard let at = index.notes[position].tagKeys.firstIndex(of: key) else { continue }
                uses[index.notes[position].tags[at], default: 0] += 1
            }
            if uses.count > 1 { several.append(uses) }
        }
        return tagVariants(several, keys: index.tagKeysInByteOrder) { index.displayName(of: $0) }
    }

    /// `tagVariants` from a pass over every note's tags: the definition, the oracle of the tests.
    static func tagVariantsByScanning(_ index: VaultIndex) -> [Finding] {
        var byKey: [TagKey: SpellingUses] = [:]
        for note in index.notes {
            for (tag, key) in zip(note.tags, note.tagKeys) { byKey[key, default: SpellingUses(first: tag)].add(tag) }
        }
        let several = byKey.values.filter { !$0.others.isEmpty }.map { spelled in
            var uses = spelled.others
            uses[spelled.first] = spelled.firstCount
            return uses
        }
        return tagVariants(several, keys: Array(byKey.keys)) { index.displayName(of: $0) }
    }

    /// The findings of the tags spelled in several ways (`several`: each one's uses per spelling)
    /// and of the tags among `keys` (every tag some note carries) that differ only in separators,
    /// named by `displayName`.
    static func tagVariants(_ several: [[String: Int]], keys: [TagKey], displayName: (TagKey) -> String?) -> [Finding] {
        var findings: [Finding] = []
        for uses in several {
            let list = uses.sorted { Ordering.nameLess($0.key, $1.key) }.map { "'\($0.key)' (\($0.value))" }
            findings.append(
                Finding(path: "", message: "tag spelled in \(uses.count) ways (same tag, case differs): " + list.joined(separator: ", ")))
        }
        // Each key's first position under its name without ` `, `-` and `_` (the UTF-8 without those
        // bytes: they are never part of a longer character's bytes); the keys of a name met again.
        var first: [String: Int] = [:]
        first.reserveCapacity(keys.count)
        var more: [String: Set<TagKey>] = [:]
        for (position, key) in keys.enumerated() {
            var raw = key.rawValue
            let squashed = raw.withUTF8 { bytes in
                String(decoding: bytes.filter { $0 != 0x20 && $0 != 0x2D && $0 != 0x5F }, as: UTF8.self)
            }
            if let earlier = first[squashed] {
                more[squashed, default: [keys[earlier]]].insert(key)
            } else {
                first[squashed] = position
            }
        }
        for (_, keys) in more where keys.count > 1 {
            let names = keys.sorted().map { key in "'\(displayName(key) ?? key.rawValue)'" }
            findings.append(Finding(path: "", message: "tags differ only in separators: " + names.joined(separator: ", ")))
        }
        return findings.sorted { $0.message < $1.message }
    }

    /// The uses of one tag's spellings (`tagVariants`): the first spelling seen and its count, the
    /// others (equal as `String`s compare, as a dictionary of spellings would group them).
    struct SpellingUses {
        let first: String
        var firstCount = 0
        var others: [String: Int] = [:]

        init(first: String) { self.first = first }

        mutating func add(_ spelling: String) {
            if spelling == first { firstCount += 1 } else { others[spelling, default: 0] += 1 }
        }
    }
}
