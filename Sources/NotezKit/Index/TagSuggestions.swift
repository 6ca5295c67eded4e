/// Proposals to merge near-duplicate tags (`notez tag suggest`, `notez check`).
///
/// Four rules, each a reason a person would accept; every proposal names its evidence:
/// - **separators**: the same words with other separators or none (`open-science`, `open_science`,
///   `open science`, `openScience`); case alone never differs, tags compare case-insensitively;
/// - **plural**: the same leaf in singular and plural under the same parent (`job`/`jobs`,
///   `box`/`boxes`, `story`/`stories`);
/// - **one edit**: leaves of 5 or more letters one edit apart (a letter added, dropped, changed or
///   two swapped) under the same parent, with evidence that they mean the same: a note with both,
///   or another tag that notes of both carry. Names that differ in a digit (`2023`/`2024`, `v1`/`v2`)
///   are never proposed;
/// - **same leaf**: a top-level tag and the same leaf under a parent (`alpha` and `project/alpha`),
///   or one leaf under two parents when some note has both.
///
/// The target is the tag with more notes (ties: a registered tag, then the first by name); the
/// others merge into it. A tag appears in at most one proposal (the first rule that takes it).
public struct TagSuggestion: Sendable, Equatable {
    /// Why the tags look like one.
    public enum Reason: String, Sendable {
        case separators, plural, oneEdit = "one-edit", sameLeaf = "same-leaf"
    }

    /// A tag with its note count.
    public struct Tag: Sendable, Equatable {
        /// The display spelling.
        public var name: String
        /// Notes that carry exactly this tag.
        public var count: Int
    }

    /// The rule that proposed it.
    public var reason: Reason
    /// The tag the others become.
    public var target: Tag
    /// The tags to merge into `target`.
    public var sources: [Tag]
    /// Notes that carry the target and a source.
    public var sharedNotes: Int
    /// Other tags that notes of the target and of a source both carry (at most 3, most shared first).
    public var sharedTags: [String]
    /// One line of evidence for a person.
    public var evidence: String

    /// The arguments of `notez tag merge` that carries it out (without `notez`).
    public var mergeArguments: [String] { ["tag", "merge"] + sources.map(\.name) + ["--into", target.name] }

    /// At most this many tags are compared (more: only the most used); a tag longer than
    /// `maxNameLength` characters is left out. Bounds the work a hostile vault can cause.
    public static let maxTags = 100_000
    /// See `maxTags`.
    public static let maxNameLength = 128

    /// The proposals for the tags of `notes`, most notes affected first.
    public static func suggestions(for notes: any NoteCollection) -> [TagSuggestion] {
        var finder = Finder(notes: notes)
        return finder.run()
    }
}

/// The state of one `suggestions` run.
private struct Finder {
    let notes: any NoteCollection
    let tags: [TagSummary]
    var taken: Set<TagKey> = []
    var members: [TagKey: Set<Int>] = [:]
    var result: [TagSuggestion] = []

    init(notes: any NoteCollection) {
        self.notes = notes
        let usable = notes.tags.filter { $0.count > 0 && $0.name.count <= TagSuggestion.maxNameLength }
        tags = Array(usable.sorted { $0.count > $1.count }.prefix(TagSuggestion.maxTags))
    }

    mutating func run() -> [TagSuggestion] {
        // Separator variants: one bucket per name without separators.
        group(by: { Finder.squashed($0.key.rawValue) }, reason: .separators)
        // Plurals: one bucket per parent and singular leaf.
        group(by: { tag in
            let (parent, leaf) = Finder.split(Finder.squashed(tag.key.rawValue))
            return parent + "/" + Finder.singular(leaf)
        }, reason: .plural)
        oneEdit()
        sameLeaf()
        return result.sorted { a, b in
            let (x, y) = (a.sources.reduce(a.target.count) { $0 + $1.count }, b.sources.reduce(b.target.count) { $0 + $1.count })
            return x != y ? x > y : a.target.name < b.target.name
        }
    }

    /// Proposes each bucket of two or more tags not yet taken.
    private mutating func group(by bucket: (TagSummary) -> String, reason: TagSuggestion.Reason) {
        var buckets: [String: [TagSummary]] = [:]
        var order: [String] = []
        for tag in tags where !taken.contains(tag.key) {
            let key = bucket(tag)
            guard !key.isEmpty, !key.hasSuffix("/") else { continue }
            if buckets[key] == nil { order.append(key) }
            buckets[key, default: []].append(tag)
        }
        for key in order {
            guard let group = buckets[key], group.count > 1 else { continue }
            let evidence = reason == .separators ? "the same words with other separators" : "singular and plural of one word"
            propose(group, reason: reason, evidence: evidence)
        }
    }

    /// Pairs of leaves one edit apart under one parent, with shared notes or tags as evidence.
    private mutating func oneEdit() {
        // Two names one edit apart share a name with one letter deleted (or one is the other's).
        var byDeletion: [String: [Int]] = [:]
        let candidates = tags.indices.filter { !taken.contains(tags[$0].key) }
        for position in candidates {
            let leaf = Array(Finder.split(tags[position].key.rawValue).leaf)
            guard leaf.count >= 5 else { continue }
            var variants: Set<String> = [String(leaf)]
            for drop in leaf.indices {
                var shorter = leaf
                shorter.remove(at: drop)
                variants.insert(String(shorter))
            }
            let parent = Finder.split(tags[position].key.rawValue).parent
            for variant in variants { byDeletion[parent + "/" + variant, default: []].append(position) }
        }
        var seen: Set<[Int]> = []
        for positions in byDeletion.values where positions.count > 1 {
            for (i, first) in positions.enumerated() {
                for second in positions[(i + 1)...] {
                    let pair = [min(first, second), max(first, second)]
                    guard seen.insert(pair).inserted else { continue }
                    let (a, b) = (tags[pair[0]], tags[pair[1]])
                    guard !taken.contains(a.key), !taken.contains(b.key) else { continue }
                    let (x, y) = (Finder.split(a.key.rawValue).leaf, Finder.split(b.key.rawValue).leaf)
                    guard Finder.differInDigit(x, y) == false, EditDistance.between(Array(x), Array(y)) == 1 else { continue }
                    let shared = sharedEvidence(a.key, b.key)
                    guard shared.notes > 0 || !shared.tags.isEmpty else { continue }
                    propose([a, b], reason: .oneEdit, evidence: "", shared: shared)
                }
            }
        }
    }

    /// A top-level tag and the same leaf under a parent; or one leaf under two parents with a shared note.
    private mutating func sameLeaf() {
        var byLeaf: [String: [TagSummary]] = [:]
        var order: [String] = []
        for tag in tags where !taken.contains(tag.key) {
            let leaf = Finder.split(tag.key.rawValue).leaf
            guard leaf.count >= 3, !leaf.allSatisfy(\.isNumber) else { continue }
            if byLeaf[leaf] == nil { order.append(leaf) }
            byLeaf[leaf, default: []].append(tag)
        }
        for leaf in order {
            guard let group = byLeaf[leaf]?.filter({ !taken.contains($0.key) }), group.count > 1 else { continue }
            let bare = group.filter { !$0.key.rawValue.contains("/") }
            let nested = group.filter { $0.key.rawValue.contains("/") }
            if bare.count == 1, !nested.isEmpty {
                // The nested spelling is the structured one: the bare tag joins the largest nested one.
                let target = nested[0]
                let shared = sharedEvidence(target.key, bare[0].key)
                propose([target, bare[0]], reason: .sameLeaf, evidence: "", shared: shared, target: target)
            } else if nested.count == 2 {
                let shared = sharedEvidence(nested[0].key, nested[1].key)
                guard shared.notes > 0 else { continue }
                propose(nested, reason: .sameLeaf, evidence: "", shared: shared)
            }
        }
    }

    /// Records a proposal for `group` (target: `target`, else the most used).
    private mutating func propose(
        _ group: [TagSummary], reason: TagSuggestion.Reason, evidence: String, shared given: (notes: Int, tags: [String])? = nil,
        target chosen: TagSummary? = nil
    ) {
        let target =
            chosen
            ?? group.min { a, b in
                a.count != b.count ? a.count > b.count : a.registered != b.registered ? a.registered : Ordering.nameLess(a.name, b.name)
            }!
        let sources = group.filter { $0.key != target.key }.sorted { Ordering.nameLess($0.name, $1.name) }
        var shared = given ?? (0, [])
        if given == nil {
            for source in sources {
                let more = sharedEvidence(target.key, source.key)
                shared.notes += more.notes
                shared.tags += more.tags.filter { !shared.tags.contains($0) }
            }
            shared.tags = Array(shared.tags.prefix(3))
        }
        var lines: [String] = []
        switch reason {
        case .separators: lines.append(evidence)
        case .plural: lines.append(evidence)
        case .oneEdit: lines.append("one letter apart")
        case .sameLeaf: lines.append("the same name under \(target.key.rawValue.contains("/") ? "a parent" : "two parents")")
        }
        if shared.notes > 0 { lines.append("\(shared.notes) note\(shared.notes == 1 ? "" : "s") with both") }
        if !shared.tags.isEmpty { lines.append("both used with " + shared.tags.joined(separator: ", ")) }
        for tag in group { taken.insert(tag.key) }
        result.append(
            TagSuggestion(
                reason: reason, target: .init(name: target.name, count: target.count),
                sources: sources.map { .init(name: $0.name, count: $0.count) }, sharedNotes: shared.notes, sharedTags: shared.tags,
                evidence: lines.joined(separator: "; ")))
    }

    /// Notes with both tags, and the other tags (display names, most shared first, at most 3) that
    /// notes of each carry.
    private mutating func sharedEvidence(_ a: TagKey, _ b: TagKey) -> (notes: Int, tags: [String]) {
        let (x, y) = (positions(a), positions(b))
        let both = x.intersection(y).count
        var countsA: [TagKey: Int] = [:]
        var countsB: [TagKey: Int] = [:]
        // Bounded: a tag on 100,000 notes is sampled, its first 500 notes in path order.
        for position in x.sorted().prefix(500) { for key in notes.note(atPosition: position).tagKeys where key != a && key != b { countsA[key, default: 0] += 1 } }
        for position in y.sorted().prefix(500) { for key in notes.note(atPosition: position).tagKeys where key != a && key != b { countsB[key, default: 0] += 1 } }
        let common = countsA.keys.filter { countsB[$0] != nil }
            .sorted { (countsA[$0]! + countsB[$0]!, $1.rawValue) > (countsA[$1]! + countsB[$1]!, $0.rawValue) }
        return (both, common.prefix(3).map { notes.displayName(of: $0) ?? $0.rawValue })
    }

    /// The notes that carry exactly `key` (not only a child of it).
    private mutating func positions(_ key: TagKey) -> Set<Int> {
        if let known = members[key] { return known }
        let found = Set(notes.positions(taggedWith: key).filter { notes.note(atPosition: $0).tagKeys.contains(key) })
        members[key] = found
        return found
    }

    /// The name without `-`, `_`, `.` and spaces, segment by segment.
    static func squashed(_ name: String) -> String {
        String(name.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }

    /// The parent path (`""` at the top) and the last segment.
    static func split(_ name: String) -> (parent: String, leaf: String) {
        guard let slash = name.lastIndex(of: "/") else { return ("", name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }

    /// The English singular of a leaf: `stories` → `story`, `boxes` → `box`, `jobs` → `job`;
    /// words ending in `ss`, `us`, `is` and short words stay.
    static func singular(_ word: String) -> String {
        guard word.count >= 4, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else {
            return word
        }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for ending in ["ches", "shes", "xes", "sses", "zes"] where word.hasSuffix(ending) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    /// Whether the two names differ where one has a digit (years, versions).
    static func differInDigit(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a), Array(b))
        var (i, j) = (0, 0)
        while i < x.count, j < y.count, x[i] == y[j] { i += 1; j += 1 }
        let atI = i < x.count && x[i].isNumber
        let atJ = j < y.count && y[j].isNumber
        return atI || atJ
    }
}
