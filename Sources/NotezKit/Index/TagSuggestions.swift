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
        var finder = TagSuggestionFinder(notes: notes)
        return finder.run()
    }

    /// The same, checking every pair of tags for the one-edit rule: slow, the reference for tests.
    static func exhaustiveSuggestions(for notes: any NoteCollection) -> [TagSuggestion] {
        var finder = TagSuggestionFinder(notes: notes, exhaustive: true)
        return finder.run()
    }

    /// At most this many pairs of tags are checked for the one-edit rule (see `maxTags`).
    static let maxPairs = 2_000_000
}

/// The state of one `TagSuggestion.suggestions` run.
struct TagSuggestionFinder {
    let notes: any NoteCollection
    let tags: [TagSummary]
    var taken: Set<TagKey> = []
    var members: [TagKey: Set<Int>] = [:]
    var companionCounts: [TagKey: [TagKey: Int]] = [:]
    var result: [TagSuggestion] = []
    /// Whether `oneEdit` checks every pair and plurals are bucketed the long way (the reference
    /// the tests compare with).
    let exhaustive: Bool

    init(notes: any NoteCollection, exhaustive: Bool = false) {
        self.notes = notes
        self.exhaustive = exhaustive
        let usable = notes.tags.filter { $0.count > 0 && $0.name.count <= TagSuggestion.maxNameLength }
        tags = Array(usable.sorted { $0.count > $1.count }.prefix(TagSuggestion.maxTags))
    }

    mutating func run() -> [TagSuggestion] {
        // Each tag's name without separators, made once for both grouping rules.
        let squashed = tags.map { TagSuggestionFinder.squashed($0.key.rawValue) }
        let exhaustive = exhaustive
        // Separator variants: one bucket per name without separators.
        group(by: { squashed[$0] }, reason: .separators)
        // Plurals: one bucket per parent and singular leaf, written without the slash when the
        // parent is empty (such a bucket has no slash, a nested one has: they stay apart). Most
        // names do not end in `s`: their leaf is its own singular, so the name is its bucket.
        group(by: { position in
            let name = squashed[position]
            // The reference (`exhaustive`) builds every bucket the long way.
            if exhaustive {
                let (parent, leaf) = TagSuggestionFinder.split(name)
                return parent + "/" + TagSuggestionFinder.singular(leaf)
            }
            if name.utf8.last != UInt8(ascii: "s"), name.utf8.first != UInt8(ascii: "/") { return name }
            let (parent, leaf) = TagSuggestionFinder.split(name)
            let singular = TagSuggestionFinder.singular(leaf)
            return parent.isEmpty ? singular : parent + "/" + singular
        }, reason: .plural)
        oneEdit()
        sameLeaf()
        return result.sorted { a, b in
            let (x, y) = (a.sources.reduce(a.target.count) { $0 + $1.count }, b.sources.reduce(b.target.count) { $0 + $1.count })
            return x != y ? x > y : a.target.name < b.target.name
        }
    }

    /// Proposes each bucket (of tag positions) of two or more tags not yet taken.
    private mutating func group(by bucket: (Int) -> String, reason: TagSuggestion.Reason) {
        var buckets: [String: [Int]] = [:]
        var order: [String] = []
        for position in tags.indices where !taken.contains(tags[position].key) {
            let key = bucket(position)
            guard !key.isEmpty, !key.hasSuffix("/") else { continue }
            if buckets[key] == nil { order.append(key) }
            buckets[key, default: []].append(position)
        }
        for key in order {
            guard let group = buckets[key], group.count > 1 else { continue }
            let evidence = reason == .separators ? "the same words with other separators" : "singular and plural of one word"
            propose(group.map { tags[$0] }, reason: reason, evidence: evidence)
        }
    }

    /// Pairs of leaves one edit apart under one parent, with shared notes or tags as evidence.
    ///
    /// Two names one edit apart share a name with one letter deleted (or one is the other's), so
    /// the pairs to check are those of tags that share such a deletion variant, found by sorting
    /// the variants' hashes (the whole leaf is a variant too; none drops an ASCII digit, see
    /// `sharedVariantPairs`): at 47,000 tags about a third of a million variants instead of a
    /// billion pairs. Pairs are then taken in the order of their tags (most used first), as a check
    /// of every pair would take them (`exhaustive`, for tests).
    private mutating func oneEdit() {
        let candidates = tags.indices.filter { !taken.contains(tags[$0].key) }
        var leaves: [Int: [Character]] = [:]
        var parents: [Int: String] = [:]
        for position in candidates {
            let (parent, leaf) = TagSuggestionFinder.split(tags[position].key.rawValue)
            guard leaf.count >= 5 else { continue }
            leaves[position] = Array(leaf)
            parents[position] = parent
        }
        let pairs = exhaustive ? allPairs(leaves, parents) : sharedVariantPairs(leaves, parents)
        for pair in pairs {
            let (a, b) = (tags[pair.0], tags[pair.1])
            guard !taken.contains(a.key), !taken.contains(b.key) else { continue }
            let (x, y) = (leaves[pair.0]!, leaves[pair.1]!)
            guard !TagSuggestionFinder.differInDigit(x, y), TagSuggestionFinder.oneEditApart(x, y) else { continue }
            let shared = sharedEvidence(a.key, b.key)
            guard shared.notes > 0 || !shared.tags.isEmpty else { continue }
            propose([a, b], reason: .oneEdit, evidence: "", shared: shared)
        }
    }

    /// Every pair of leaves under one parent whose lengths differ by at most one, in order.
    private func allPairs(_ leaves: [Int: [Character]], _ parents: [Int: String]) -> [(Int, Int)] {
        let positions = leaves.keys.sorted()
        var pairs: [(Int, Int)] = []
        for (i, first) in positions.enumerated() {
            for second in positions[(i + 1)...] where parents[first] == parents[second] && abs(leaves[first]!.count - leaves[second]!.count) <= 1 {
                pairs.append((first, second))
            }
        }
        return pairs
    }

    /// The pairs of leaves (under one parent) that share a deletion variant, in order, each once.
    /// At most `maxPairs` are returned: a vault of thousands of tags that differ in one letter at
    /// the same place cannot make this quadratic.
    private func sharedVariantPairs(_ leaves: [Int: [Character]], _ parents: [Int: String]) -> [(Int, Int)] {
        // Letters and parents as small numbers, hashed by position (a polynomial hash: the hash of
        // the leaf without letter k is the prefix's hash shifted past the suffix, plus the suffix's).
        var letterIDs: [Character: UInt64] = [:]
        var asciiIDs = [UInt64](repeating: 0, count: 128)
        var parentIDs: [String: UInt64] = [:]
        var keys: [(hash: UInt64, position: Int)] = []
        keys.reserveCapacity(leaves.count * 8)
        let base: UInt64 = 0x100_0000_01B3
        // One set of buffers for every leaf (no allocation per tag).
        var codes: [UInt64] = []
        var prefix: [UInt64] = []
        var power: [UInt64] = []
        var variants: [UInt64] = []
        var digit: [Bool] = []
        // In tag order, so that the numbers, and so the pairs kept at the cap, are the same each run.
        for position in leaves.keys.sorted() {
            let leaf = leaves[position]!
            let parentName = parents[position]!
            if parentIDs[parentName] == nil { parentIDs[parentName] = UInt64(parentIDs.count + 1) }
            let parent = parentIDs[parentName]!
            codes.removeAll(keepingCapacity: true)
            digit.removeAll(keepingCapacity: true)
            for letter in leaf {
                // The dictionary numbers the letters (canonically equal ones alike: `K` and the
                // Kelvin sign); a one-byte letter's number is then kept in a table (no hashing).
                let utf8 = letter.utf8
                let byte = utf8.count == 1 ? Int(utf8.first!) : 128
                // An ASCII digit deleted never makes a pair the rule keeps (see below).
                digit.append(byte >= 0x30 && byte <= 0x39)
                if byte < 128, asciiIDs[byte] != 0 {
                    codes.append(asciiIDs[byte])
                    continue
                }
                if letterIDs[letter] == nil { letterIDs[letter] = UInt64(letterIDs.count + 1) }
                let id = letterIDs[letter]!
                if byte < 128 { asciiIDs[byte] = id }
                codes.append(id)
            }
            let n = codes.count
            prefix.removeAll(keepingCapacity: true)
            power.removeAll(keepingCapacity: true)
            prefix.append(0)
            power.append(1)
            for i in 0..<n {
                prefix.append(prefix[i] &* base &+ codes[i])
                power.append(power[i] &* base)
            }
            // The parent and the variant's length are mixed in: only equal names of one parent meet.
            func mixed(_ hash: UInt64, length: Int) -> UInt64 {
                var h = hash ^ (parent &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(length) &* 0xC2B2_AE3D_27D4_EB4F)
                h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
                return h ^ (h >> 29)
            }
            keys.append((mixed(prefix[n], length: n), position))
            // A pair the rule keeps (one edit apart, not differing in a digit) shares the variant
            // that drops the first letter where they differ (an insertion: the longer leaf's; a
            // change: each one's; a swap: the same letter in both), and that letter is no digit
            // (`differInDigit`); an ASCII digit is only ever equal to itself, so variants without
            // a dropped ASCII digit find every such pair. Years and numbered tags (`topic/x-1234`)
            // then make no pairs that are only thrown away.
            variants.removeAll(keepingCapacity: true)
            for k in 0..<n where !digit[k] {
                let suffix = prefix[n] &- prefix[k + 1] &* power[n - k - 1]
                variants.append(mixed(prefix[k] &* power[n - k - 1] &+ suffix, length: n - 1))
            }
            variants.sort()
            var last: UInt64? = nil
            for variant in variants where variant != last {
                keys.append((variant, position))
                last = variant
            }
        }
        keys.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.position < $1.position }
        var pairs: Set<Pair> = []
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].hash == keys[start].hash { end += 1 }
            if end - start > 1 {
                for i in start..<end {
                    for j in (i + 1)..<end where keys[i].position != keys[j].position {
                        pairs.insert(Pair(keys[i].position, keys[j].position))
                        if pairs.count >= TagSuggestion.maxPairs { return pairs.sorted().map { ($0.first, $0.second) } }
                    }
                }
            }
            start = end
        }
        return pairs.sorted().map { ($0.first, $0.second) }
    }

    /// Two tag positions, the smaller first.
    private struct Pair: Hashable, Comparable {
        let first: Int
        let second: Int
        init(_ a: Int, _ b: Int) { (first, second) = (min(a, b), max(a, b)) }
        static func < (a: Pair, b: Pair) -> Bool { a.first != b.first ? a.first < b.first : a.second < b.second }
    }

    /// A top-level tag and the same leaf under a parent; or one leaf under two parents with a shared note.
    private mutating func sameLeaf() {
        var byLeaf: [String: [Int]] = [:]
        var order: [String] = []
        for position in tags.indices where !taken.contains(tags[position].key) {
            let leaf = TagSuggestionFinder.split(tags[position].key.rawValue).leaf
            guard leaf.count >= 3, !leaf.allSatisfy(\.isNumber) else { continue }
            if byLeaf[leaf] == nil { order.append(leaf) }
            byLeaf[leaf, default: []].append(position)
        }
        for leaf in order {
            guard let bucket = byLeaf[leaf], bucket.count > 1 else { continue }
            let group = bucket.map { tags[$0] }.filter { !taken.contains($0.key) }
            guard group.count > 1 else { continue }
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
        let both = x.count < y.count ? x.filter(y.contains).count : y.filter(x.contains).count
        let (countsA, countsB) = (companions(a), companions(b))
        let (small, large) = countsA.count < countsB.count ? (countsA, countsB) : (countsB, countsA)
        let common = small.keys.filter { $0 != a && $0 != b && large[$0] != nil }
            .sorted { (countsA[$0]! + countsB[$0]!, $1.rawValue) > (countsA[$1]! + countsB[$1]!, $0.rawValue) }
        return (both, common.prefix(3).map { notes.displayName(of: $0) ?? $0.rawValue })
    }

    /// The other tags of the notes that carry `key`, with how many of them carry each (computed
    /// once per tag). Bounded: a tag on 100,000 notes is sampled, its first 500 notes in path order.
    private mutating func companions(_ key: TagKey) -> [TagKey: Int] {
        if let known = companionCounts[key] { return known }
        var counts: [TagKey: Int] = [:]
        for position in positions(key).sorted().prefix(500) {
            for other in notes.note(atPosition: position).tagKeys where other != key { counts[other, default: 0] += 1 }
        }
        companionCounts[key] = counts
        return counts
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
        // An ASCII name's characters are its bytes (`\r\n`, one character, keeps both): filtered as bytes.
        var copy = name
        let ascii = copy.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(decoding: bytes.filter { $0 != 0x2D && $0 != 0x5F && $0 != 0x2E && $0 != 0x20 }, as: UTF8.self)
        }
        return ascii ?? String(name.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }

    /// The parent path (`""` at the top) and the last segment.
    static func split(_ name: String) -> (parent: String, leaf: String) {
        guard let slash = name.lastIndex(of: "/") else { return ("", name) }
        return (String(name[..<slash]), String(name[name.index(after: slash)...]))
    }

    /// The English singular of a leaf: `stories` → `story`, `boxes` → `box`, `jobs` → `job`;
    /// words ending in `ss`, `us`, `is` and short words stay.
    static func singular(_ word: String) -> String {
        guard word.hasSuffix("s"), word.count >= 4, !word.hasSuffix("ss"), !word.hasSuffix("us"), !word.hasSuffix("is") else {
            return word
        }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for ending in ["ches", "shes", "xes", "sses", "zes"] where word.hasSuffix(ending) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    /// Whether two leaves are one edit apart: a letter added, dropped or changed, or two
    /// neighbours swapped (`EditDistance` of 1, without its table).
    static func oneEditApart(_ x: [Character], _ y: [Character]) -> Bool {
        let (short, long) = x.count <= y.count ? (x, y) : (y, x)
        guard long.count - short.count <= 1 else { return false }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        if short.count != long.count { return short[i...].elementsEqual(long[(i + 1)...]) }
        guard i < short.count else { return false }
        if short[(i + 1)...].elementsEqual(long[(i + 1)...]) { return true }
        return i + 1 < short.count && short[i] == long[i + 1] && short[i + 1] == long[i] && short[(i + 2)...].elementsEqual(long[(i + 2)...])
    }

    /// Whether the two names differ where one has a digit (years, versions).
    static func differInDigit(_ x: [Character], _ y: [Character]) -> Bool {
        var (i, j) = (0, 0)
        while i < x.count, j < y.count, x[i] == y[j] { i += 1; j += 1 }
        let atI = i < x.count && x[i].isNumber
        let atJ = j < y.count && y[j].isNumber
        return atI || atJ
    }
}
