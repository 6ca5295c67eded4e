/// The attachments that only some notes use (docs/attachments.md): the files those notes link to
/// that exist and that no other note links to. `rm` takes them into the trash, `mv` moves them
/// with their note.
enum SoleAttachments {
    /// For each of `notes`, the files it links to that no note outside `notes` links to, each file
    /// listed once (with the first note that links to it). None when some note cannot be read: its
    /// links are unknown, so no file is taken away from it (`messages` says so).
    static func of(
        _ notes: [Note], scan: AttachmentScan, index: VaultIndex, files: any VaultFiles, messages: inout [String]
    ) -> [String: [String]] {
        guard !notes.isEmpty else { return [:] }
        let resolver = LinkResolver(index: index)
        var own: [String: [String]] = [:]
        for note in notes {
            guard let contents = try? files.read(note.path) else { continue }
            let paths = scan.references(ofFile: contents.bytes, source: note.path, resolver: resolver).compactMap { $0.exists ? $0.path : nil }
            if !paths.isEmpty { own[note.path] = paths }
        }
        guard !own.isEmpty else { return [:] }
        let (all, unread) = scan.allReferences(index: index, resolver: resolver)
        if !unread.isEmpty {
            messages.append("attachments were left in place: \(unread.count) note(s) could not be read, so their links are unknown")
            return [:]
        }
        let chosen = Set(notes.map { PathKey($0.path) })
        let usedElsewhere = Set(all.filter { !chosen.contains(PathKey($0.source)) }.compactMap { $0.exists ? $0.path.map(LinkResolver.fold) : nil })
        var taken: Set<String> = []
        var result: [String: [String]] = [:]
        for note in notes {
            for path in own[note.path] ?? [] where !usedElsewhere.contains(LinkResolver.fold(path)) {
                if taken.insert(LinkResolver.fold(path)).inserted { result[note.path, default: []].append(path) }
            }
        }
        return result
    }
}
