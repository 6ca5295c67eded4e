extension VaultIndex {
    /// This state: the update that made it and its number of notes.
    public func rowMark() -> RowMark? { RowMark(update: rowChanges.current, count: notes.count) }

    /// The notes no update since `mark` changed keep their rows, unless one of their tags was
    /// renamed since (`RowChangeLog`).
    public func rowSources(since mark: RowMark) -> [Int]? {
        guard let found = rowChanges.sources(since: mark.update, countThen: mark.count, count: notes.count) else { return nil }
        var sources = found.sources
        for key in Set(found.renamed) {
            for position in notesByTag[key] ?? [] { sources[position] = -1 }
        }
        return sources
    }

    /// From the tags each update since `mark` retold in place (`RowChangeLog`), found by name.
    public func changedTagPositions(since mark: RowMark) -> [Int]? {
        guard let keys = rowChanges.retoldTags(since: mark.update) else { return nil }
        var positions: [Int] = []
        for key in keys {
            guard let summary = tagByKey[key], let position = tagIndex(of: summary) else { return nil }
            positions.append(position)
        }
        return positions.sorted()
    }

    /// Notes added or changed since `mark`, above which a full sort is cheaper than inserting each.
    static let carriedOrderLimit = 2_000

    /// The unchanged notes keep their order (their sort keys are the same); the others are put in
    /// their places as `listPositions` orders them (ties by position, which is path order).
    public func listOrder(carrying order: [Int], since mark: RowMark) -> [Int]? {
        // A time that is not a number has no place by this rule (the full sort compares such notes
        // by another): then sort again.
        guard order.count == mark.count, notesWithoutTime == 0,
            let (sources, _) = rowChanges.sources(since: mark.update, countThen: mark.count, count: notes.count)
        else { return nil }
        var target = [Int](repeating: -1, count: mark.count)
        var arriving: [Int] = []
        for (position, source) in sources.enumerated() {
            if source >= 0 { target[source] = position } else { arriving.append(position) }
        }
        guard arriving.count <= VaultIndex.carriedOrderLimit else { return nil }
        return notes.withUnsafeBufferPointer { notes -> [Int] in
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
}
