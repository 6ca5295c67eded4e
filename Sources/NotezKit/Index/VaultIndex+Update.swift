extension VaultIndex {
    /// Brings this index up to date after the notes at `paths` changed (added, modified, moved in
    /// or out, removed), with the same settings: `notes` are all notes now, in path order (kept
    /// notes in their old order), `isSymlink` tells whether a path is read through a symlink,
    /// `folders` are every folder now (nil: the same as before), `links` every note's stored links
    /// now (nil: the links are not kept, and link commands read the bodies). The result equals a build from
    /// scratch; the work is in proportion to the change, plus one pass over the tag postings when
    /// notes were added or removed (positions shift). In place: nothing is copied when no other
    /// copy of this index is alive (the postings, summaries and tag list of 47,000 tags were
    /// copied at every change). A few changed notes are changed in this index's own note and link
    /// arrays rather than taking the given ones: had it shared them, the live index would copy
    /// both (100,000 references, each a cache miss) at its next change. Returns the note array it
    /// replaced whole, if it did, for the caller to free away from a request.
    @discardableResult
    mutating func update(
        changing paths: Set<PathKey>, notes newNotes: [Note], links newLinks: [[UInt8]]? = nil, isSymlink: (PathKey) -> Bool,
        folders: [String]?, trashCount: Int
    ) -> [Note]? {
        // Taken out so that, when this index held the only reference, its lookups change in place.
        var oldLinks = linkTable
        linkTable = nil
        self.trashCount = trashCount
        var oldPositions: [Int] = []
        var incomingPositions: [Int] = []
        var touched: [TagKey: TagChange] = [:]
        var folderDelta: [PathKey: Int] = [:]
        for key in paths {
            if let old = position(of: key.path) {
                oldPositions.append(old)
                TagChange.record(notes[old], sign: -1, into: &touched)
                if notes[old].modified.isNaN { notesWithoutTime -= 1 }
                folderDelta[PathKey(notes[old].folder), default: 0] -= 1
                symlinkedNotes.remove(key.path)
            }
            if let new = VaultIndex.position(of: key.path, in: newNotes) {
                incomingPositions.append(new)
                TagChange.record(newNotes[new], sign: 1, into: &touched)
                if newNotes[new].modified.isNaN { notesWithoutTime += 1 }
                folderDelta[PathKey(newNotes[new].folder), default: 0] += 1
                if isSymlink(key) { symlinkedNotes.insert(key.path) }
            }
        }
        oldPositions.sort()
        incomingPositions.sort()
        let oldCount = notes.count
        var replaced: [Note]?
        if !VaultIndex.change(&notes, to: newNotes, leaving: oldPositions, arriving: incomingPositions) {
            replaced = notes
            notes = newNotes
        }
        let hadPosting = Set(touched.keys.filter { notesByTag[$0] != nil })

        // A bitmap, not a set: postings and list orders of 100,000 notes are tested entry by entry.
        var leaving = [Bool](repeating: false, count: oldCount)
        for position in oldPositions { leaving[position] = true }
        var remap: [Int]?
        if oldPositions == incomingPositions && oldCount == newNotes.count {
            // Only modifications: every position stays.
            for key in touched.keys { notesByTag[key]?.removeAll { leaving[$0] } }
        } else {
            let moves = VaultIndex.moves(count: oldCount, leaving: oldPositions, arriving: incomingPositions)
            remap = moves
            // Positions before the first change stay; a posting that ends there is kept as is.
            let first = min(oldPositions.first ?? Int.max, incomingPositions.first ?? Int.max)
            // Walked by index, not `values.indices`: that collection keeps a reference to the
            // table, and the first move would then copy all 47,000 postings.
            var at = notesByTag.values.startIndex
            while at != notesByTag.values.endIndex {
                if let last = notesByTag.values[at].last, last >= first { VaultIndex.move(&notesByTag.values[at], by: moves) }
                notesByTag.values.formIndex(after: &at)
            }
        }
        for position in incomingPositions {
            for key in newNotes[position].tagKeys { notesByTag[key, default: []].append(position) }
        }
        if let newLinks {
            let change = LinkTable.Change(newNotes: newNotes, leaving: oldPositions, remap: remap, arriving: incomingPositions)
            if var table = oldLinks {
                oldLinks = nil
                let unique = isKnownUniquelyReferenced(&table)
                linkTable = table.updated(stored: newLinks, change, inPlace: unique)
            } else {
                linkTable = LinkTable(stored: newLinks)
            }
        }
        for key in touched.keys where notesByTag[key] != nil {
            notesByTag[key]!.sort()
            if notesByTag[key]!.isEmpty { notesByTag[key] = nil }
        }
        for key in touched.keys where hadPosting.contains(key) != (notesByTag[key] != nil) {
            let at = tagKeyInsertion(key)
            if notesByTag[key] == nil { tagKeysInByteOrder.remove(at: at) } else { tagKeysInByteOrder.insert(key, at: at) }
        }
        let (renamed, retold) = updateTags(touched)
        rowChanges.record(leaving: oldPositions, arriving: incomingPositions, oldCount: oldCount, renamed: renamed, retold: retold)
        updateTree(folderDelta.filter { $0.value != 0 }, folders: folders)
        VaultIndex.reorder(&pinnedOrder, leaving: leaving, remap: remap, arriving: incomingPositions.filter { newNotes[$0].pinned }, in: newNotes)
        VaultIndex.reorder(
            &unsortedOrder, leaving: leaving, remap: remap, arriving: incomingPositions.filter { newNotes[$0].isUnsorted }, in: newNotes)
        return replaced
    }

    /// Where each of `count` old positions goes when the notes at the old positions `leaving`
    /// leave and others arrive at the new positions `arriving` (both ascending): the kept notes
    /// keep their order and fill the positions the arriving ones leave free; -1 for a note that left.
    static func moves(count: Int, leaving: [Int], arriving: [Int]) -> [Int] {
        var moves = [Int](repeating: -1, count: count)
        var (removal, arrival, target) = (0, 0, 0)
        for position in 0..<count {
            if removal < leaving.count && leaving[removal] == position {
                removal += 1
                continue
            }
            while arrival < arriving.count && arriving[arrival] == target {
                arrival += 1
                target += 1
            }
            moves[position] = target
            target += 1
        }
        return moves
    }

    /// Notes added or removed at most (a note replaced in its place does not count), above which
    /// the arrays are taken whole (each insertion or removal moves the array's elements).
    static let inPlaceLimit = 64

    /// Makes `elements` equal `new` by taking out the old positions `leaving` and putting in the
    /// elements of `new` at the new positions `arriving` (both ascending; every other element
    /// kept, in order, as `new` has it): in place, where `elements` is not shared, without
    /// retaining the elements that stay. A leaving and an arriving position between the same two
    /// kept elements are one element replaced where it is, so an edit of many notes moves
    /// nothing. False (nothing changed) when more than `inPlaceLimit` are added or removed.
    static func change<Element>(_ elements: inout [Element], to new: [Element], leaving: [Int], arriving: [Int]) -> Bool {
        // An edit of 52 notes counted 104 and took `new` whole: the live index, which shares it,
        // then copied its 100,000 notes at its next change.
        var replaced: [(old: Int, new: Int)] = []
        var removed: [Int] = []
        var inserted: [Int] = []
        var (l, a) = (0, 0)
        while l < leaving.count || a < arriving.count {
            // The kept elements before a position: its gap.
            let leavingGap = l < leaving.count ? leaving[l] - l : Int.max
            let arrivingGap = a < arriving.count ? arriving[a] - a : Int.max
            if leavingGap == arrivingGap {
                replaced.append((leaving[l], arriving[a]))
                l += 1
                a += 1
            } else if leavingGap < arrivingGap {
                removed.append(leaving[l])
                l += 1
            } else {
                inserted.append(arriving[a])
                a += 1
            }
        }
        guard removed.count + inserted.count <= inPlaceLimit else { return false }
        for (old, position) in replaced { elements[old] = new[position] }
        for position in removed.reversed() { elements.remove(at: position) }
        // Ascending: everything before each new position is already in its place.
        for position in inserted { elements.insert(new[position], at: position) }
        return true
    }

    /// Brings positions in list order up to date: the changed notes' old positions leave, the
    /// others move where `remap` sends them (which keeps their order: ties are broken by path, and
    /// positions are in path order), and the `arriving` positions are inserted in order.
    private static func reorder(_ order: inout [Int], leaving: [Bool], remap: [Int]?, arriving: [Int], in notes: [Note]) {
        if leaving.contains(true) { order.removeAll { leaving[$0] } }
        if let remap {
            for at in order.indices { order[at] = remap[order[at]] }
        }
        for position in arriving {
            var (low, high) = (0, order.count)
            while low < high {
                let middle = (low + high) / 2
                if Ordering.noteLess(notes[order[middle]], notes[position]) { low = middle + 1 } else { high = middle }
            }
            order.insert(position, at: low)
        }
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
    /// tag (`ideas` on 33,000 notes) is not re-read at every change. Returns the tags whose name
    /// in a list row changed: the summary's name, or whether it has more than one spelling
    /// (`rowTagName` names a tag of one ASCII spelling by the note's own spelling).
    private mutating func updateTags(_ touched: [TagKey: TagChange]) -> (renamed: [TagKey], retold: [TagKey]?) {
        if touched.isEmpty { return ([], []) }
        var renamed: [TagKey] = []
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
            let hadSpellings = spellingUses[key] != nil
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
                spellingUses[key] = entry == nil ? spellings : nil
            }
            if old?.name != new?.name || hadSpellings != (spellingUses[key] != nil) { renamed.append(key) }
            if old != new {
                tagByKey[key] = new
                changed.append((old, new))
            }
        }
        // Summaries that kept their names kept their places (`tags` is in name order).
        let inPlace = changed.allSatisfy { $0.old != nil && $0.new != nil && $0.old?.name == $0.new?.name }
        let retold = inPlace ? changed.compactMap { $0.new?.key } : nil
        // Many changed tags: one sort is cheaper than many inserts into a large array.
        if changed.count > 64 {
            tags = TagSummary.sortedByName(tagByKey.values)
            return (renamed, retold)
        }
        for (old, new) in changed {
            if let old, let at = tagIndex(of: old) { tags.remove(at: at) }
            if let new { tags.insert(new, at: tagInsertion(new)) }
        }
        return (renamed, retold)
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
    func tagIndex(of summary: TagSummary) -> Int? {
        var at = tagInsertion(summary)
        while at < tags.count {
            if tags[at].key == summary.key { return at }
            if tags[at].name != summary.name && Ordering.sortKey(tags[at].name) != Ordering.sortKey(summary.name) { break }
            at += 1
        }
        return tags.firstIndex { $0.key == summary.key }
    }

    /// Applies changes of direct note counts to the folder tree: along the ancestor chains when
    /// the folders are the same as before (`folders` nil says so) and no folder is emptied, else by
    /// rebuilding the tree from the direct counts (a listed folder stays whatever its count; one
    /// that is there only for its notes goes when it has none).
    private mutating func updateTree(_ delta: [PathKey: Int], folders: [String]?) {
        let sameFolders = folders.map { folders in
            folders.count == listedFolders.count && zip(folders, listedFolders).allSatisfy { PathKey.sameBytes($0, $1) }
        } ?? true
        if sameFolders {
            var tree = folderTree
            if delta.allSatisfy({ VaultIndex.adjust(&tree, folder: $0.key.path, by: $0.value) }) {
                folderTree = tree
                return
            }
        }
        var direct: [PathKey: Int] = [:]
        func collect(_ node: FolderNode) {
            if node.direct != 0 { direct[PathKey(node.path)] = node.direct }
            node.children.forEach(collect)
        }
        collect(folderTree)
        for (folder, change) in delta { direct[folder, default: 0] += change }
        direct = direct.filter { $0.value != 0 }
        if let folders { listedFolders = folders }
        folderTree = VaultIndex.buildTree(direct: direct, folders: listedFolders, colors: folderColors)
    }

    /// Adds `change` to the direct count of `folder` and the recursive counts of it and its
    /// ancestors; false when the folder is not in the tree or a folder would be left without notes.
    private static func adjust(_ node: inout FolderNode, folder: String, by change: Int) -> Bool {
        node.count += change
        if !node.path.isEmpty && node.count <= 0 { return false }
        if PathKey.sameBytes(node.path, folder) {
            node.direct += change
            return true
        }
        guard let child = node.children.firstIndex(where: { PathKey.isSelfOrInside(folder, folder: $0.path) }) else { return false }
        return adjust(&node.children[child], folder: folder, by: change)
    }
}
