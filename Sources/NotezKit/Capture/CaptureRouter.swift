/// Smart routing: where a new note probably belongs, with the reason, from the capture history and
/// the vault's notes (docs/capture.md, "Routing").
///
/// The ranked folders are, without duplicates:
/// 1. the folder that owns now's hour-of-week slot: a folder owns a slot (weekday, local hour)
///    when it has at least `minimumCaptures` captures there and more than half of that slot's captures;
/// 2. folders whose notes' titles and tags are similar to the new note's text (`TextSimilarity`),
///    when the similarity is strong enough;
/// 3. the most recently used folder;
/// 4. Unsorted (the root).
/// Folders that no longer exist are skipped.
public struct CaptureRouter: Sendable {
    /// One suggested folder.
    public struct Suggestion: Sendable, Equatable {
        /// Why a folder is suggested.
        public enum Kind: String, Sendable, Equatable {
            case pattern, similar, recent, unsorted
        }

        /// The folder ("" is Unsorted).
        public var folder: String
        /// The rule that suggested it.
        public var kind: Kind
        /// The reason, for people: `weekday Mon 9–12: 14 of 17 captures`.
        public var reason: String
        /// A score for ordering within `similar` (0 for the others).
        public var score: Double
    }

    /// Captures needed in a slot before a folder can own it.
    static let minimumCaptures = 3
    /// The least folder similarity score that makes a `similar` suggestion.
    static let minimumSimilarity = 0.3

    /// The capture history.
    public var history: CaptureHistory

    /// A router over a history.
    public init(history: CaptureHistory) { self.history = history }

    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The slot index of a weekday and hour: 0 is Monday 0:00, 167 Sunday 23:00.
    static func slot(weekday: Int, hour: Int) -> Int { weekday * 24 + hour }

    /// For every slot, the folder that owns it, with its captures and the slot's total.
    func owners() -> [Int: (folder: String, count: Int, total: Int)] {
        var counts: [Int: [String: Int]] = [:]
        for entry in history.entries {
            counts[CaptureRouter.slot(weekday: entry.weekday, hour: entry.hour), default: [:]][entry.folder, default: 0] += 1
        }
        var result: [Int: (folder: String, count: Int, total: Int)] = [:]
        for (slot, folders) in counts {
            let total = folders.values.reduce(0, +)
            // More than half: at most one folder can own a slot, so there are no ties.
            if let best = folders.first(where: { $0.value >= CaptureRouter.minimumCaptures && $0.value * 2 > total }) {
                result[slot] = (best.key, best.value, total)
            }
        }
        return result
    }

    /// The learned pattern containing `time`, if any: the run of consecutive slots (wrapping from
    /// Sunday night to Monday morning) that the same folder owns, around now's slot.
    public func pattern(at time: LocalTime) -> Suggestion? {
        let owners = owners()
        let now = CaptureRouter.slot(weekday: time.weekday, hour: time.parts.hour)
        guard let owner = owners[now] else { return nil }
        var first = now
        var last = now
        var count = owner.count
        var total = owner.total
        // Walk outward while the same folder owns the neighbouring slot (at most the whole week).
        for _ in 0..<167 {
            let previous = (first + 167) % 168
            guard previous != last, let other = owners[previous], other.folder == owner.folder else { break }
            first = previous
            count += other.count
            total += other.total
        }
        for _ in 0..<167 {
            let next = (last + 1) % 168
            guard next != first, let other = owners[next], other.folder == owner.folder else { break }
            last = next
            count += other.count
            total += other.total
        }
        let reason = "\(CaptureRouter.describe(first: first, last: last)): \(count) of \(total) captures"
        return Suggestion(folder: owner.folder, kind: .pattern, reason: reason, score: 0)
    }

    /// `Mon 9–12` (hours, the end exclusive), `Sun 22–Mon 1` across midnight, `every hour` for the whole week.
    static func describe(first: Int, last: Int) -> String {
        let length = (last - first + 168) % 168 + 1
        if length == 168 { return "every hour" }
        let end = (last + 1) % 168
        let startDay = dayNames[first / 24]
        let endDay = dayNames[end / 24]
        if first / 24 == last / 24 { return "\(startDay) \(first % 24)–\(last % 24 + 1)" }
        return "\(startDay) \(first % 24)–\(endDay) \(end % 24)"
    }

    /// The most recent capture's folder, with how long ago.
    public func recent(now: Double) -> Suggestion? {
        guard let last = history.entries.last else { return nil }
        let minutes = max(0, Int((now - last.seconds) / 60))
        let ago: String
        switch minutes {
        case ..<60: ago = "\(minutes) min ago"
        case ..<(48 * 60): ago = "\(minutes / 60) h ago"
        default: ago = "\(minutes / 1440) days ago"
        }
        return Suggestion(folder: last.folder, kind: .recent, reason: "most recent capture, \(ago)", score: 0)
    }

    /// The ranked folders for a note with `text` (title and body) at `time`, keeping only folders
    /// that exist (`exists`); Unsorted is always last.
    public func suggestions(
        text: String, time: LocalTime, similarity: TextSimilarity.Result?, exists: (String) -> Bool
    ) -> [Suggestion] {
        var result: [Suggestion] = []
        func add(_ suggestion: Suggestion?) {
            guard let suggestion, suggestion.folder.isEmpty || exists(suggestion.folder),
                !result.contains(where: { $0.folder == suggestion.folder })
            else { return }
            result.append(suggestion)
        }
        add(pattern(at: time))
        for folder in similarity?.folders ?? [] where folder.score >= CaptureRouter.minimumSimilarity {
            let examples = folder.examples.prefix(2).map { "'\($0)'" }.joined(separator: ", ")
            add(Suggestion(folder: folder.folder, kind: .similar, reason: "similar notes: \(examples)", score: folder.score))
        }
        add(recent(now: time.seconds))
        if !result.contains(where: { $0.folder.isEmpty }) {
            result.append(
                Suggestion(folder: "", kind: .unsorted, reason: history.entries.isEmpty ? "no capture history yet" : "default", score: 0))
        }
        return result
    }

    /// The ranked folders for a new note in a vault, from this machine's history of that vault.
    /// `similarity` may be given when the caller ranked the text already (for its tags).
    public static func suggestions(
        title: String, body: String, time: LocalTime, index: VaultIndex, similarity: TextSimilarity.Result? = nil
    ) -> [Suggestion] {
        let history = CaptureHistory.file(root: index.root).map(CaptureHistory.load(file:)) ?? CaptureHistory()
        let text = title + "\n" + body
        let files = DiskVaultFiles(root: index.root)
        return CaptureRouter(history: history).suggestions(
            text: text, time: time, similarity: similarity ?? TextSimilarity.rank(text, index: index),
            exists: { files.kind($0) == .folder })
    }

    /// The first suggestion for a capture into the vault at `root`, reading no more than it needs:
    /// the same ranking as `suggestions`, but a learned pattern wins outright (no similarity pass),
    /// and the similarity comes from the vault's `TitleTable` when there is one, else from reading
    /// the whole vault (which writes the table for next time).
    static func route(title: String, body: String, time: LocalTime, root: String, files: any VaultFiles) -> Suggestion? {
        let history = CaptureHistory.file(root: root).map(CaptureHistory.load(file:)) ?? CaptureHistory()
        let router = CaptureRouter(history: history)
        let exists = { (folder: String) in files.kind(folder) == .folder }
        let text = title + "\n" + body
        var similarity: TextSimilarity.Result?
        if let pattern = router.pattern(at: time), pattern.folder.isEmpty || exists(pattern.folder) {
            similarity = nil
        } else if let table = TitleTable.load(root: root) {
            similarity = TextSimilarity.rankFolders(text, table: table, added: TitleAdditions.load(root: root))
        } else if let index = try? IndexBuilder.build(root: root) {
            similarity = TextSimilarity.rank(text, index: index)
        }
        return router.suggestions(text: text, time: time, similarity: similarity, exists: exists).first
    }

    /// Records a capture into `folder` of the vault at `root` (for routing): its hour in the capture
    /// history and, given its `title` and `tags`, the note in the vault's title table (as an addition).
    public static func record(folder: String, time: LocalTime, root: String, title: String? = nil, tags: [String] = [])
        throws(NotezError)
    {
        // The table is only a routing aid: a capture it misses costs a less good suggestion.
        if let title { try? TitleAdditions.add(TitleAdditions.Entry(folder: folder, title: title, tags: tags), root: root) }
        guard let file = CaptureHistory.file(root: root) else { return }
        try CaptureHistory.append(CaptureHistory.Entry(time: time, folder: folder), file: file)
    }
}
