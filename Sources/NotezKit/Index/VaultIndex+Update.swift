extension VaultIndex {
    /// This index after the notes at `paths` changed (see `update`).
    func updated(
        changing paths: Set<PathKey>, notes newNotes: [Note], isSymlink: (PathKey) -> Bool,
        folders: [String], trashCount: Int
    ) -> VaultIndex {
        var next = self
        next.update(changing: paths, notes: newNotes, isSymlink: isSymlink, folders: folders, trashCount: trashCount)
        return next
    }

    /// Brings this index up to date after the notes at `paths` changed (added, modified, moved in
    /// or out, removed), with the same settings: `notes` are all notes now, in path order (kept
    /// notes in their old order), `isSymlink` tells whether a path is read through a symlink,
    /// `folders` are every folder now. The result equals a build from scratch; the work is in
    /// proportion to the change, plus one pass over the tag postings when notes were added or
    /// removed (positions shift). In place: nothing is copied when no other copy of this index
    /// is alive (the postings, summaries and tag list of 47,000 tags were copied at every change).
    mutating func update(
        changing paths: Set<PathKey>, notes newNotes: [Note], isSymlink: (PathKey) -> Bool,
        folders: [String], trashCount: Int
    ) {
        let oldNotes = notes
        notes = newNotes
        self.trashCount = trashCount
        var oldPositions: [Int] = []
        var incomingPositions: [Int] = []
        var touched: [TagKey: TagChange] = [:]
        var folderDelta: [PathKey: Int] = [:]
        for key in paths {
            if let old = VaultIndex.position(of: key.path, in: oldNotes) {
                oldPositions.append(old)
                TagChange.record(oldNotes[old], sign: -1, into: &touched)
                folderDelta[PathKey(oldNotes[old].folder), default: 0] -= 1
                symlinkedNotes.remove(key.path)
            }
            if let new = position(of: key.path) {
                incomingPositions.append(new)
                TagChange.record(newNotes[new], sign: 1, into: &touched)
                folderDelta[PathKey(newNotes[new].folder), default: 0] += 1
                if isSymlink(key) { symlinkedNotes.insert(key.path) }
            }
        }
        oldPositions.sort()
        incomingPositions.sort()
        let hadPosting = Set(touched.keys.filter { notesByTag[$0] != nil })

        if oldPositions == incomingPositions && oldNotes.count == newNotes.count {
            // Only modifications: every position stays.
            let changed = Set(oldPositions)
            for key in touched.keys { notesByTag[key]?.removeAll { changed.contains($0) } }
        } else {
            // Where each old note went: the kept notes keep their order and fill the positions
            // the incoming ones leave free.
            var remap = [Int](repeating: -1, count: oldNotes.count)
            var (removal, arriving, target) = (0, 0, 0)
            for position in oldNotes.indices {
                if removal < oldPositions.count && oldPositions[removal] == position {
                    removal += 1
                    continue
                }
                while arriving < incomingPositions.count && incomingPositions[arriving] == target {
                    arriving += 1
                    target += 1
                }
                remap[position] = target
                target += 1
            }
            // Positions before the first change stay; a posting that ends there is kept as is.
            let first = min(oldPositions.first ?? Int.max, incomingPositions.first ?? Int.max)
            for index in notesByTag.values.indices {
                guard let last = notesByTag.values[index].last, last >= first else { continue }
                VaultIndex.move(&notesByTag.values[index], by: remap)
            }
        }
        for position in incomingPositions {
            for key in newNotes[position].tagKeys { notesByTag[key, default: []].append(position) }
        }
        for key in touched.keys where notesByTag[key] != nil {
            notesByTag[key]!.sort()
            if notesByTag[key]!.isEmpty { notesByTag[key] = nil }
        }
        for key in touched.keys where hadPosting.contains(key) != (notesByTag[key] != nil) {
            let at = tagKeyInsertion(key)
            if notesByTag[key] == nil { tagKeysInByteOrder.remove(at: at) } else { tagKeysInByteOrder.insert(key, at: at) }
        }
        updateTags(touched)
        updateTree(folderDelta.filter { $0.value != 0 }, folders: folders)
    }

    /// Moves a posting's positions where `remap` sends them, in place, leaving out removed notes
    /// (-1); `remap` keeps order, so the posting stays sorted.
    private static func move(_ posting: inout [Int], by remap: [Int]) {
        var removed = false
        for at in posting.indices {
            posting[at] = remap[posting[at]]
            if posting[at] < 0 { removed = true }
        }
        if removed { posting.removeAll { $0 < 0 } }
    }

    /// What the changed notes took from and gave to one tag: the net change of the uses of each
    /// spelling, of its front-matter uses and of its inline uses.
    struct TagChange {
        var spellings: [String: Int] = [:]
        var frontMatter = 0
        var inline = 0

        /// Records `note`'s tags as removed (`sign` -1) or added (+1).
        static func record(_ note: Note, sign: Int, into changes: inout [TagKey: TagChange]) {
            for (at, key) in note.tagKeys.enumerated() {
                let origin = note.origin(ofTagAt: at)
                changes[key, default: TagChange()].spellings[note.tags[at], default: 0] += sign
                if origin.contains(.frontMatter) { changes[key]!.frontMatter += sign }
                if origin.contains(.inline) { changes[key]!.inline += sign }
            }
        }
    }

    /// Updates the summaries of the `touched` tags and keeps `tags` sorted. A summary is adjusted
    /// by the change, without reading the tag's notes, when its name is known without them: the
    /// registry names the tag, its spellings' uses are kept (`spellingUses`), or it has one
    /// spelling and the change uses no other. Else it is recomputed from its posting. So a large
    /// tag (`ideas` on 33,000 notes) is not re-read at every change.
    private mutating func updateTags(_ touched: [TagKey: TagChange]) {
        if touched.isEmpty { return }
        let registered = VaultIndex.registeredEntries(registry)
        var changed: [(old: TagSummary?, new: TagSummary?)] = []
        for (key, change) in touched {
            let old = tagByKey[key]
            let entry = registered[key]
            let posting = notesByTag[key] ?? []
            var commonName: String?
            if posting.isEmpty || entry != nil {
                commonName = old?.name
            } else if var uses = spellingUses[key] {
                for (spelling, delta) in change.spellings {
                    let now = uses[spelling, default: 0] + delta
                    uses[spelling] = now == 0 ? nil : now
                }
                spellingUses[key] = uses.count > 1 ? uses : nil
                commonName = uses.isEmpty ? nil : TagSummary.preferredSpelling(uses)
            } else if let old, change.spellings.keys.allSatisfy({ $0 == old.name }) {
                commonName = old.name
            }
            var new: TagSummary?
            if posting.isEmpty && entry == nil {
                new = nil
                spellingUses[key] = nil
            } else if let old, let commonName {
                new = TagSummary(
                    key: key, commonName: commonName, count: posting.count, frontMatterCount: old.frontMatterCount + change.frontMatter,
                    inlineCount: old.inlineCount + change.inline, registered: entry)
            } else {
                let (summary, spellings) = VaultIndex.summary(key, positions: posting, notes: notes, registered: entry)
                new = summary
                spellingUses[key] = spellings.count > 1 && entry == nil ? spellings : nil
            }
            if old != new {
                tagByKey[key] = new
                changed.append((old, new))
            }
        }
        // Many changed tags: one sort is cheaper than many inserts into a large array.
        if changed.count > 64 {
            tags = TagSummary.sortedByName(tagByKey.values)
            return
        }
        for (old, new) in changed {
            if let old, let at = tagIndex(of: old) { tags.remove(at: at) }
            if let new { tags.insert(new, at: tagInsertion(new)) }
        }
    }

    /// Where `summary` goes in `tags` (the first position not before it).
    private func tagInsertion(_ summary: TagSummary) -> Int {
        let key = Ordering.sortKey(summary.name)
        var (low, high) = (0, tags.count)
        while low < high {
            let middle = (low + high) / 2
            let other = Ordering.sortKey(tags[middle].name)
            if other < key || (other == key && tags[middle].name < summary.name) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The position in `tags` of the summary of `summary.key`, found by its name.
    private func tagIndex(of summary: TagSummary) -> Int? {
        var at = tagInsertion(summary)
        while at < tags.count {
            if tags[at].key == summary.key { return at }
            if tags[at].name != summary.name && Ordering.sortKey(tags[at].name) != Ordering.sortKey(summary.name) { break }
            at += 1
        }
        return tags.firstIndex { $0.key == summary.key }
    }

    /// Applies changes of direct note counts to the folder tree: along the ancestor chains when
    /// the folders are the same as before, else by rebuilding the tree from the direct counts.
    private mutating func updateTree(_ delta: [PathKey: Int], folders: [String]) {
        // A listed folder stays in the tree whatever its count; one that is there only for its
        // notes may have to go, which a rebuild decides.
        let sameFolders = folders.count == listedFolders.count
            && zip(folders, listedFolders).allSatisfy { PathKey.sameBytes($0, $1) }
        let listed = sameFolders ? Set(folders.map(PathKey.init)) : []
        if sameFolders && delta.keys.allSatisfy({ $0.path.isEmpty || listed.contains($0) }) {
            for (folder, change) in delta { VaultIndex.adjust(&folderTree, folder: folder.path, by: change) }
            return
        }
        var direct: [PathKey: Int] = [:]
        func collect(_ node: FolderNode) {
            if node.direct != 0 { direct[PathKey(node.path)] = node.direct }
            node.children.forEach(collect)
        }
        collect(folderTree)
        for (folder, change) in delta { direct[folder, default: 0] += change }
        direct = direct.filter { $0.value != 0 }
        listedFolders = folders
        folderTree = VaultIndex.buildTree(direct: direct, folders: folders, colors: folderColors)
    }

    /// Adds `change` to the direct count of `folder` and the recursive counts of it and its ancestors.
    private static func adjust(_ node: inout FolderNode, folder: String, by change: Int) {
        node.count += change
        if PathKey.sameBytes(node.path, folder) {
            node.direct += change
            return
        }
        guard let child = node.children.firstIndex(where: { PathKey.isSelfOrInside(folder, folder: $0.path) }) else { return }
        adjust(&node.children[child], folder: folder, by: change)
    }
}
