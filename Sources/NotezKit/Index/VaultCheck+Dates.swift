extension VaultCheck {
    /// Values of `created:`, `date:` and `modified:`/`updated:`/`lastmod:` that are not a date notez
    /// can read (the file time is used instead), in path order; reads every note's front matter.
    public static func dateFindings(_ index: VaultIndex) -> [Finding] {
        bodyFindings(index).dates
    }

    /// `dateFindings`, and each note's first conflict-marker line (`ConflictMarkers`; for
    /// `SyncConflicts.issues`), from one read of every note on all cores. Symlinked notes and notes
    /// over the size limit are not read; dates only of notes without a problem.
    /// A note the index cache recorded as it is now is not read: its facts were recorded when it
    /// was read for the index (`BodyFacts`).
    public static func bodyFindings(_ index: VaultIndex) -> (dates: [Finding], markers: [Int?]) {
        bodyFindings(index, cached: CachedCheckData(index: index))
    }

    /// `bodyFindings` with the cache's data (nil: every note is read).
    static func bodyFindings(_ index: VaultIndex, cached: CachedCheckData?) -> (dates: [Finding], markers: [Int?]) {
        let notes = index.notes
        let symlinked = index.symlinkedNotes
        let slots = ResultSlots<([Finding], Int?)>(count: notes.count)
        Parallel.forEach(notes.count) { position in
            let note = notes[position]
            guard !symlinked.contains(note.path), note.stamp.size <= Int64(NoteReader.maxNoteSize) else {
                slots.set(position, ([], nil))
                return
            }
            if let facts = cached?.facts[position] {
                let dates = note.problem == nil
                    ? facts.dates.map { Finding(path: note.path, line: $0.line, column: $0.column, message: $0.message) } : []
                slots.set(position, (dates, facts.markerLine))
                return
            }
            guard let contents = try? NoteReader.readAll(index.root + "/" + note.path) else {
                slots.set(position, ([], nil))
                return
            }
            let dates = note.problem == nil ? unreadableDates(contents.bytes, path: note.path) : []
            slots.set(position, (dates, ConflictMarkers.firstLine(contents.bytes)))
        }
        let found = slots.values()
        return (found.flatMap(\.0), found.map(\.1))
    }

    /// The findings of one file's front matter.
    static func unreadableDates(_ bytes: [UInt8], path: String) -> [Finding] {
        guard case .block(let block) = FrontMatterBlock.scan(bytes),
            case .success(let document) = FrontMatterDocument.parse(Array(bytes[block.yaml]), sliceStart: block.yaml.lowerBound)
        else { return [] }
        var findings: [Finding] = []
        for entry in document.entries {
            let key = entry.key.lowercased()
            guard FrontMatterKeys.created.contains(key) || FrontMatterKeys.createdFallback.contains(key) || FrontMatterKeys.modified.contains(key)
            else { continue }
            let event = document.events[entry.keyEvent]
            let value: String
            if let scalar = NoteMetadata.singleScalar(document.valueEvents(of: entry)) {
                let text = scalar.value.trimmingCharacters(in: .whitespaces)
                // An empty or null value says "no date": nothing to report.
                if text.isEmpty || (scalar.style == .plain && FrontMatterDocument.isNullLiteral(text)) { continue }
                if NoteDate.parse(scalar.value) != nil { continue }
                value = "'" + (text.count > 60 ? String(text.prefix(59)) + "…" : text) + "'"
            } else {
                value = "a list or mapping"
            }
            findings.append(
                Finding(
                    path: path, line: event.line + 2, column: event.column + 1,
                    message: "\(entry.key): \(value) is not a date notez can read; the file's time is used"))
        }
        return findings
    }
}
