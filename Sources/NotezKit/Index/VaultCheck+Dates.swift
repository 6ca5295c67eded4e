extension VaultCheck {
    /// Values of `created:`, `date:` and `modified:`/`updated:`/`lastmod:` that are not a date notez
    /// can read (the file time is used instead), in path order; reads every note's front matter.
    public static func dateFindings(_ index: VaultIndex) -> [Finding] {
        let notes = index.notes
        let slots = ResultSlots<[Finding]>(count: notes.count)
        Parallel.forEach(notes.count) { position in
            let note = notes[position]
            guard note.problem == nil, let contents = try? NoteReader.readAll(index.root + "/" + note.path) else {
                slots.set(position, [])
                return
            }
            slots.set(position, unreadableDates(contents.bytes, path: note.path))
        }
        return slots.values().flatMap { $0 }
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
