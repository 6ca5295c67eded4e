extension VaultIndex {
    /// This state: its notes and the update that made it.
    public func rowMark() -> RowMark? { RowMark(notes: notes, update: rowNames.current) }

    /// Notes whose fields are the same object in both states keep their rows, unless one of
    /// their tags was renamed since (`RowNameLog`).
    public func rowSources(since mark: RowMark) -> [Int]? {
        guard let renamed = rowNames.renamed(since: mark.update), var sources = unchangedSources(since: mark) else { return nil }
        for key in Set(renamed) {
            for position in notesByTag[key] ?? [] { sources[position] = -1 }
        }
        return sources
    }

    /// Notes added or changed since `mark`, above which a full sort is cheaper than inserting each.
    static let carriedOrderLimit = 2_000

    /// The unchanged notes keep their order (their sort keys are the same); the others are put in
    /// their places as `listPositions` orders them (ties by position, which is path order).
    public func listOrder(carrying order: [Int], since mark: RowMark) -> [Int]? {
        guard order.count == mark.notes.count, rowNames.renamed(since: mark.update) != nil,
            let sources = unchangedSources(since: mark)
        else { return nil }
        var target = [Int](repeating: -1, count: mark.notes.count)
        var arriving: [Int] = []
        for (position, source) in sources.enumerated() {
            if source >= 0 { target[source] = position } else { arriving.append(position) }
        }
        guard arriving.count <= VaultIndex.carriedOrderLimit else { return nil }
        return notes.withUnsafeBufferPointer { notes -> [Int]? in
            // A time that is not a number has no place by this rule (the full sort compares such
            // notes by another): then sort again.
            if notes.contains(where: { $0.modified.isNaN }) { return nil }
            var carried: [Int] = []
            carried.reserveCapacity(notes.count)
            for position in order where target[position] >= 0 { carried.append(target[position]) }
            func less(_ lhs: Int, _ rhs: Int) -> Bool {
                Ordering.listLess((notes[lhs].pinned, notes[lhs].modified), (notes[rhs].pinned, notes[rhs].modified)) { lhs < rhs }
            }
            for position in arriving {
                var (low, high) = (0, carried.count)
                while low < high {
                    let middle = (low + high) / 2
                    if less(carried[middle], position) { low = middle + 1 } else { high = middle }
                }
                carried.insert(position, at: low)
            }
            return carried
        }
    }

    /// For each position, the position in the state `mark` was taken at of the note whose fields
    /// are the same object (so the same note, unchanged), else -1; nil when the two states cannot
    /// be paired. Both note arrays are in path order, so one walk pairs them, comparing paths only
    /// where the fields differ (a few notes a change).
    private func unchangedSources(since mark: RowMark) -> [Int]? {
        var sources = [Int](repeating: -1, count: notes.count)
        let paired = notes.withUnsafeBufferPointer { now in
            mark.notes.withUnsafeBufferPointer { then in
                var (new, old) = (0, 0)
                while new < now.count && old < then.count {
                    if now[new].sharesFields(with: then[old]) {
                        sources[new] = old
                        new += 1
                        old += 1
                        continue
                    }
                    let (added, removed) = (now[new].path, then[old].path)
                    if added < removed {
                        new += 1
                    } else if removed < added {
                        old += 1
                    } else if PathKey.sameBytes(added, removed) {
                        new += 1
                        old += 1
                    } else {
                        // NFC and NFD twins, whose order among themselves a walk cannot rely on.
                        return false
                    }
                }
                return true
            }
        }
        return paired ? sources : nil
    }
}
