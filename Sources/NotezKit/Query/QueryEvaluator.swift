import Foundation

/// Evaluates a query tree over a `NoteCollection` (the full `VaultIndex` or the memory-mapped
/// `CachedIndex`), reading note bodies only for full-text terms.
///
/// Cheap terms (tags from the posting lists, folders, titles, flags, dates) are evaluated first in
/// an AND, so full-text terms read only the bodies of the notes that are still candidates.
public struct QueryEvaluator: Sendable {
    /// The notes searched.
    public let collection: any NoteCollection
    /// The time relative ages (`7d`) count back from, in seconds since 1970.
    public let now: Double
    /// Whether full text and title terms ignore accents (`cafe` finds `café`).
    public var ignoresAccents = false
    /// NOTE arguments the caller resolved already in `collection` (by the one rule), so a graph
    /// term does not resolve them again: at 100,000 notes a resolution by file name was a quarter
    /// of a `links-to:NOTE~2` search.
    var resolvedNotes: [String: Note] = [:]

    /// Creates an evaluator; tests pass a fixed `now`.
    public init(index: VaultIndex, now: Double = Date().timeIntervalSince1970) {
        self.init(collection: index, now: now)
    }

    /// Creates an evaluator over any collection. Link terms (`links:`, `linkedfrom:`) need the
    /// links of the whole vault: over anything but a `VaultIndex` they match nothing, so callers
    /// with such a query use the full index.
    public init(collection: any NoteCollection, now: Double = Date().timeIntervalSince1970) {
        self.collection = collection
        self.now = now
    }

    /// The matching notes in list order (pinned first, newest modified first, then path).
    public func notes(matching node: QueryNode) -> [Note] {
        collection.notesInListOrder(positions(matching: node), limit: nil)
    }

    /// Whether one note matches, for live result sets (`notez watch --query`).
    public static func matches(_ note: Note, _ node: QueryNode, root: String, now: Double = Date().timeIntervalSince1970) -> Bool {
        let single = VaultIndex(root: root, config: VaultConfig(), notes: [note], folders: [])
        return !QueryEvaluator(index: single, now: now).positions(matching: node).isEmpty
    }

    /// Positions in the collection of the matching notes, ascending.
    public func positions(matching node: QueryNode) -> [Int] {
        var run = Run(evaluator: self, node: node)
        return run.evaluate(node, within: PositionSet(capacity: collection.noteCount, full: true)).positions
    }

    /// The matching notes ranked by BM25F (`Ranker`), best first; ties in list order. Document
    /// frequencies count every note of the collection whose title or body contains a term, reusing
    /// the bodies the evaluation read; the field counts of a body are taken while it is read, so
    /// a result's body is read once. A query without words keeps list order, every score 0.
    public func ranked(matching node: QueryNode) -> [RankedResult] {
        ranked(matching: node, countingWhileReading: true)
    }

    /// `ranked(matching:)`; without `countingWhileReading` every result's body is read again to
    /// score it (tests compare the two).
    func ranked(matching node: QueryNode, countingWhileReading: Bool) -> [RankedResult] {
        let terms = MatchSnippets.terms(of: node)
        let numbers = Dictionary(uniqueKeysWithValues: node.textValues.enumerated().map { ($1, $0) })
        let termNumbers = terms.compactMap { numbers[$0] }
        let rankNeedles =
            countingWhileReading && !terms.isEmpty && termNumbers.count == terms.count
            ? (Ranker.needles(terms, ignoreAccents: ignoresAccents), termNumbers) : nil
        var run = Run(evaluator: self, node: node, rankNeedles: rankNeedles)
        let full = PositionSet(capacity: collection.noteCount, full: true)
        let positions = run.evaluate(node, within: full).positions
        guard !terms.isEmpty, let matcher = run.matcher else {
            return collection.listOrder(positions, limit: nil).map { RankedResult(position: $0, score: 0) }
        }
        // A daemon's snapshot keeps the frequencies counted on it (`DocumentFrequencies`): a
        // common word's count reads every note holding it.
        let memo = (collection as? VaultIndex)?.textSignatures.map { (frequencies: $0.source.frequencies, version: $0.version) }
        let frequencies = terms.map { term -> Int in
            guard let number = run.needleNumbers[term] else { return 0 }
            let needle = matcher.needles[number]
            if let memo, let known = memo.frequencies.frequency(of: needle, ignoringAccents: ignoresAccents, version: memo.version) {
                return known
            }
            let counted = matcher.matching(number, in: full).count
            if let memo { memo.frequencies.record(counted, of: needle, ignoringAccents: ignoresAccents, version: memo.version) }
            return counted
        }
        // Kept per snapshot too: the sampled average size depends on the notes only.
        var average = memo.flatMap { $0.frequencies.averageLength(version: $0.version) }
        if average == nil, let memo {
            let sampled = Ranker.averageLength(of: collection)
            memo.frequencies.recordAverageLength(sampled, version: memo.version)
            average = sampled
        }
        let ranker = Ranker(
            notes: collection, terms: terms, documentFrequencies: frequencies, ignoreAccents: ignoresAccents, counts: matcher.fieldCounts,
            averageLength: average)
        return ranker.rank(positions)
    }

    /// One evaluation, with the caches it builds along the way.
    struct Run {
        let evaluator: QueryEvaluator
        let notes: any NoteCollection
        /// Link terms need the links of the whole vault (see `init(collection:now:)`).
        let index: VaultIndex?
        let needleNumbers: [String: Int]
        let matcher: FullTextMatcher?
        var folderCache: [String: [String: Bool]] = [:]
        /// The folders' property schemas, read on first use by a `prop:` comparison.
        var schemas: PropertySchemas?
        /// Built on first use by a link term.
        var resolverStorage: LinkResolver?
        var resolver: LinkResolver {
            mutating get {
                if let resolverStorage { return resolverStorage }
                let made = LinkResolver(index: index!)
                resolverStorage = made
                return made
            }
        }

        /// The whole vault's link graph, built on first use by a graph term.
        var graphStorage: NoteGraph?
        var graph: NoteGraph {
            mutating get {
                if let graphStorage { return graphStorage }
                let made = NoteGraph(notes)
                graphStorage = made
                return made
            }
        }

        init(evaluator: QueryEvaluator, node: QueryNode, rankNeedles: (needles: [[UInt8]], terms: [Int])? = nil) {
            self.evaluator = evaluator
            notes = evaluator.collection
            index = evaluator.collection as? VaultIndex
            let needles = node.textValues
            needleNumbers = Dictionary(uniqueKeysWithValues: needles.enumerated().map { ($1, $0) })
            matcher =
                needles.isEmpty
                ? nil
                : FullTextMatcher(notes: notes, needles: needles, ignoreAccents: evaluator.ignoresAccents, rankNeedles: rankNeedles)
        }

        /// The members of `within` that match `node`.
        mutating func evaluate(_ node: QueryNode, within: PositionSet) -> PositionSet {
            if within.isEmpty { return within }
            switch node {
            case .and(let operands):
                var current = within
                for operand in Run.cheapFirst(operands) {
                    current = evaluate(operand, within: current)
                    if current.isEmpty { break }
                }
                return current
            case .or(let operands):
                var matched = PositionSet(capacity: within.capacity)
                var remaining = within
                for operand in Run.cheapFirst(operands) {
                    // Notes already matched need no further (possibly full-text) work.
                    let hits = evaluate(operand, within: remaining)
                    matched = matched.union(hits)
                    remaining = remaining.subtracting(hits)
                    if remaining.isEmpty { break }
                }
                return matched
            case .not(let operand):
                return within.subtracting(evaluate(operand, within: within))
            case .tag(let value):
                return within.intersection(tagPositions(TagKey(value)))
            case .folder(let value):
                let matcher = Run.folderMatcher(value)
                var answers = folderCache[value] ?? [:]
                let result = within.filter { position in
                    let folder = notes.folder(at: position)
                    if let known = answers[folder] { return known }
                    let answer = matcher(folder)
                    answers[folder] = answer
                    return answer
                }
                folderCache[value] = answers
                return result
            case .title(let value):
                let accents = evaluator.ignoresAccents
                let needle = Run.fold(value, ignoreAccents: accents)
                return within.filter { Run.fold(notes.title(at: $0), ignoreAccents: accents).contains(needle) }
            case .pinned(let flag):
                return within.filter { notes.isPinned(at: $0) == flag }
            case .unsorted:
                return within.filter { notes.folder(at: $0).isEmpty }
            case .created(let filter):
                return within.filter { filter.matches(notes.created(at: $0), now: evaluator.now) }
            case .modified(let filter):
                return within.filter { filter.matches(notes.modified(at: $0), now: evaluator.now) }
            case .property(let key, nil):
                return within.filter { PropertyMatch.values(root: notes.root, path: notes.path(at: $0), key: key).map(PropertyMatch.isSet) ?? false }
            case .property(let key, let value?):
                return propertyPositions(key, PropertyComparison(equals: value), within: within)
            case .propertyOrder(let key, let ordering, let value):
                return propertyPositions(key, PropertyComparison(ordering, value), within: within)
            case .text(let value):
                guard let matcher, let number = needleNumbers[value] else { return PositionSet(capacity: within.capacity) }
                return matcher.matching(number, in: within)
            case .linksTo(let value, 1):
                // A NOTE that names no note, or several, matches nothing (the CLI checks it first).
                guard let index, let target = try? index.resolve(value) else { return PositionSet(capacity: within.capacity) }
                let sources = LinkGraph.sources(linkingTo: target.path, among: within.positions, in: index) { resolver }
                return within.filter { sources.contains($0) }
            case .linkedFrom(let value, 1):
                guard let index, let source = try? index.resolve(value) else { return PositionSet(capacity: within.capacity) }
                let targets = LinkGraph.targets(of: source.path, in: index) { resolver }
                return within.filter { targets.contains(PathKey(notes.path(at: $0))) }
            case .linksTo(let value, let depth), .linkedFrom(let value, let depth):
                guard let note = evaluator.resolvedNotes[value] ?? (try? notes.resolve(value)), let start = notes.position(ofPath: note.path) else {
                    return PositionSet(capacity: within.capacity)
                }
                let direction: NoteGraph.Direction
                if case .linksTo = node { direction = .backward } else { direction = .forward }
                let reached = PositionSet(capacity: within.capacity, positions: graph.reach(from: start, direction, depth: depth).map(\.position).sorted())
                return within.intersection(reached)
            case .orphan:
                let graph = self.graph
                return within.filter { graph.isOrphan($0) }
            case .hub:
                return within.intersection(PositionSet(capacity: within.capacity, positions: graph.hubs.sorted()))
            }
        }

        /// The notes whose values of `key` pass the comparison, typed by each note's folder schema.
        mutating func propertyPositions(_ key: String, _ comparison: PropertyComparison, within: PositionSet) -> PositionSet {
            if self.schemas == nil { self.schemas = PropertySchemas.load(root: notes.root) }
            let schemas = self.schemas!
            let notes = self.notes
            let wantedKey = key.lowercased()
            var types: [String: PropertyComparison.ValueType] = [:]
            return within.filter { position in
                let folder = notes.folder(at: position)
                let type: PropertyComparison.ValueType
                if let known = types[folder] {
                    type = known
                } else {
                    let spec = schemas.schema(forFolder: folder).first { $0.key.lowercased() == wantedKey }
                    type = spec.map { PropertyComparison.type(of: $0.kind) } ?? comparison.inferredType
                    types[folder] = type
                }
                guard let values = PropertyMatch.values(root: notes.root, path: notes.path(at: position), key: key) else { return false }
                return PropertyMatch.matches(values, comparison, as: type)
            }
        }

        /// Operands without full text first, keeping their order otherwise.
        static func cheapFirst(_ operands: [QueryNode]) -> [QueryNode] {
            operands.filter { !$0.needsFullText } + operands.filter(\.needsFullText)
        }

        /// Notes with the tag or one of its children, from the posting lists.
        func tagPositions(_ key: TagKey) -> PositionSet {
            PositionSet(capacity: notes.noteCount, positions: notes.positions(taggedWith: key))
        }

        /// Lowercased and NFC-normalized, for case-insensitive comparisons of names and titles.
        static func fold(_ text: String) -> String {
            text.precomposedStringWithCanonicalMapping.lowercased()
        }

        /// `fold`, and without accents when asked.
        static func fold(_ text: String, ignoreAccents: Bool) -> String {
            ignoreAccents ? TextFold.stripMarks(fold(text)) : fold(text)
        }

        /// Whether a note's folder path is inside the folder `value` names.
        static func folderMatcher(_ value: String) -> (String) -> Bool {
            let wanted = Run.fold(value.split(separator: "/").joined(separator: "/"))
            if wanted.contains("/") {
                // A path from the root: that folder and everything below it.
                return { folder in
                    let path = Run.fold(folder)
                    return path == wanted || path.hasPrefix(wanted + "/")
                }
            }
            // A name at any depth: any component of the note's folder path.
            return { folder in
                folder.split(separator: "/").contains { Run.fold(String($0)) == wanted }
            }
        }
    }
}
