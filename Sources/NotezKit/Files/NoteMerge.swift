/// The three-way merge of one note, for `notez merge-driver`: front matter key by key, the body
/// with a line merge (git's, passed in), and the whole file with the line merge whenever the front
/// matter cannot be merged safely. It never drops a side's change silently: what it cannot decide
/// by the rules below it leaves as conflict markers and reports as a conflict.
///
/// Front matter rules, per top-level key: a key changed (or added, or removed) on one side only
/// takes that side's text; a key changed the same way on both sides is kept; tag keys (`tags`,
/// `tag`, `keywords`) changed on both sides are merged as sets (every addition and removal of both
/// sides is applied, surgically, to the local text); `modified`/`updated`/`lastmod` changed on both
/// sides take the later date; any other key changed differently on both sides takes the side the
/// `Policy` names, and the merge reports it. A key changed on both sides where one side changed
/// only its comments or formatting is never decided by these rules: the whole file goes to the
/// line merge (both kept when on different lines, else conflict markers).
public enum NoteMerge {
    /// Which side wins a scalar conflict.
    public enum Policy: String, Sendable, CaseIterable {
        /// This clone's version (the seed's rule).
        case local
        /// The version being pulled in.
        case remote
        /// The version whose `modified` date is later (local when equal or unknown).
        case newest
    }

    /// A three-way line merge: (base, ours, theirs) to the merged bytes and the number of conflicts.
    public typealias LineMerge = (_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) throws -> (bytes: [UInt8], conflicts: Int)

    /// What the merge produced.
    public struct Result: Sendable, Equatable {
        /// The merged file.
        public var bytes: [UInt8]
        /// True when the result still has conflict markers (git must record a conflict).
        public var conflicted: Bool
        /// What was decided, one line each (`tags: merged as sets`, `title: both changed; kept local`).
        public var notes: [String]
    }

    /// Merges `ours` and `theirs` (git's %A and %B) against `base`. `localIsOurs` says which of
    /// the two is this clone's version (false during a rebase, where git replays local commits as
    /// "theirs"); `lineMerge` merges bodies (and whole files in the fallback).
    public static func merge(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], policy: Policy, localIsOurs: Bool, lineMerge: LineMerge
    ) throws -> Result {
        if ours == theirs { return Result(bytes: ours, conflicted: false, notes: []) }
        if ours == base { return Result(bytes: theirs, conflicted: false, notes: []) }
        if theirs == base { return Result(bytes: ours, conflicted: false, notes: []) }
        guard let b = Split(base), let o = Split(ours), let t = Split(theirs) else {
            return try whole(base, ours, theirs, lineMerge, reason: "front matter that cannot be read")
        }
        var notes: [String] = []
        var frontMatter: [UInt8]
        if o.frontMatterBytes == t.frontMatterBytes {
            frontMatter = o.frontMatterBytes
        } else if o.frontMatterBytes == b.frontMatterBytes {
            frontMatter = t.frontMatterBytes
        } else if t.frontMatterBytes == b.frontMatterBytes {
            frontMatter = o.frontMatterBytes
        } else {
            let keep: Side = winner(policy: policy, ours: o, theirs: t, localIsOurs: localIsOurs)
            guard let merged = mergeFrontMatter(b, o, t, keep: keep, localIsOurs: localIsOurs, notes: &notes),
                verify(merged)
            else {
                return try whole(base, ours, theirs, lineMerge, reason: "front matter that cannot be merged key by key")
            }
            frontMatter = merged
        }
        let body: [UInt8]
        var conflicted = false
        if o.body == t.body || t.body == b.body {
            body = o.body
        } else if o.body == b.body {
            body = t.body
        } else {
            let merged = try lineMerge(b.body, o.body, t.body)
            body = merged.bytes
            conflicted = merged.conflicts != 0
            notes.append(conflicted ? "body: \(merged.conflicts) conflict\(merged.conflicts == 1 ? "" : "s") left as markers" : "body: merged")
        }
        return Result(bytes: frontMatter + body, conflicted: conflicted, notes: notes)
    }

    enum Side { case ours, theirs }

    /// The whole files through the line merge (markers may land in the front matter).
    private static func whole(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], _ lineMerge: LineMerge, reason: String) throws -> Result {
        let merged = try lineMerge(base, ours, theirs)
        return Result(
            bytes: merged.bytes, conflicted: merged.conflicts != 0,
            notes: ["\(reason): merged as lines" + (merged.conflicts != 0 ? " with conflict markers" : "")])
    }

    private static func winner(policy: Policy, ours: Split, theirs: Split, localIsOurs: Bool) -> Side {
        let local: Side = localIsOurs ? .ours : .theirs
        let remote: Side = localIsOurs ? .theirs : .ours
        switch policy {
        case .local: return local
        case .remote: return remote
        case .newest:
            let (l, r) = localIsOurs ? (ours.modified, theirs.modified) : (theirs.modified, ours.modified)
            if let l, let r, r > l { return remote }
            return local
        }
    }

    /// Key by key; nil when a rule cannot be applied safely (the caller falls back to lines).
    private static func mergeFrontMatter(_ b: Split, _ o: Split, _ t: Split, keep: Side, localIsOurs: Bool, notes: inout [String])
        -> [UInt8]?
    {
        var keys: [String] = o.entries.map(\.key)
        for entry in t.entries where !keys.contains(entry.key) {
            // A key only theirs has goes after the key it follows there.
            if let position = t.entries.firstIndex(where: { $0.key == entry.key }), position > 0,
                let after = keys.firstIndex(of: t.entries[position - 1].key)
            {
                keys.insert(entry.key, at: after + 1)
            } else {
                keys.append(entry.key)
            }
        }
        let sideName = { (side: Side) -> String in (side == .ours) == localIsOurs ? "local" : "remote" }
        var chunks: [[UInt8]] = []
        for key in keys {
            let bc = b.chunk(key), oc = o.chunk(key), tc = t.chunk(key)
            let chosen: [UInt8]?
            if oc == tc || tc == bc {
                chosen = oc
            } else if oc == bc {
                chosen = tc
            } else if let bc, let oc, let tc, let baseValue = valueSignature(bc, key: key),
                valueSignature(oc, key: key) == baseValue || valueSignature(tc, key: key) == baseValue
            {
                // Both sides changed the key's text but one only in comments or formatting (the
                // same value as the base): no rule may drop that text silently, so the whole file
                // goes to the line merge, which keeps both when they touch different lines and
                // leaves conflict markers otherwise.
                return nil
            } else if FrontMatterKeys.tags.contains(key.lowercased()) {
                guard let oc, let tc, let merged = mergeTags(base: bc, ours: oc, theirs: tc, lineEnding: o.lineEnding) else { return nil }
                chosen = merged
                notes.append("\(key): changed on both sides; merged as sets")
            } else if FrontMatterKeys.modified.contains(key.lowercased()), let oc, let tc,
                let od = dateValue(oc, key: key), let td = dateValue(tc, key: key)
            {
                chosen = td > od ? tc : oc
                notes.append("\(key): changed on both sides; kept the later date")
            } else {
                chosen = keep == .ours ? oc : tc
                // The dropped value is named, so it can be found again (it is also in git's history).
                let dropped = valueText(keep == .ours ? tc : oc, key: key)
                notes.append("\(key): changed on both sides; kept \(sideName(keep)), dropped \(sideName(keep == .ours ? .theirs : .ours)) \(dropped)")
            }
            if var chosen {
                if chosen.last != 0x0A { chosen += o.lineEnding }
                chunks.append(chosen)
            }
        }
        let opening = o.hasBlock ? o.opening : t.hasBlock ? t.opening : b.opening
        let closing = o.hasBlock ? o.closing : t.hasBlock ? t.closing : b.closing
        if chunks.isEmpty, !o.hasBlock, !t.hasBlock { return [] }
        return opening + (o.hasBlock ? o.preamble : t.preamble) + chunks.joined() + closing
    }

    /// Tag sets: base minus what either side removed, plus what either side added; applied to
    /// our text with the surgical editor so its style is kept.
    private static func mergeTags(base: [UInt8]?, ours: [UInt8], theirs: [UInt8], lineEnding: [UInt8]) -> [UInt8]? {
        func document(_ chunk: [UInt8]) -> [UInt8] { Array("---".utf8) + lineEnding + chunk + Array("---".utf8) + lineEnding }
        func tags(_ chunk: [UInt8]?) -> [String]? {
            guard let chunk else { return [] }
            guard case .block(let block) = FrontMatterBlock.scan(document(chunk)),
                case .success(let parsed) = FrontMatterDocument.parse(Array(document(chunk)[block.yaml]))
            else { return nil }
            return NoteMetadata(document: parsed).tags
        }
        guard let baseTags = tags(base), let ourTags = tags(ours), let theirTags = tags(theirs) else { return nil }
        let baseKeys = Set(baseTags.map { TagKey($0) }), ourKeys = Set(ourTags.map { TagKey($0) })
        let theirKeys = Set(theirTags.map { TagKey($0) })
        let added = theirTags.filter { !baseKeys.contains(TagKey($0)) && !ourKeys.contains(TagKey($0)) }
        let removed = baseTags.map { TagKey($0) }.filter { ourKeys.contains($0) && !theirKeys.contains($0) }
        var edits: [FrontMatterEdit] = []
        if !removed.isEmpty { edits.append(.removeTags(removed)) }
        if !added.isEmpty { edits.append(.addTags(added)) }
        let start = document(ours)
        guard let edited = try? NoteEditor.apply(edits, to: start), case .block(let block) = FrontMatterBlock.scan(edited)
        else { return nil }
        return Array(edited[block.yaml])
    }

    /// A chunk's value as one short line: `'text'`, or `(removed)` for a key the side deleted.
    private static func valueText(_ chunk: [UInt8]?, key: String) -> String {
        guard let chunk else { return "(removed)" }
        var text = String(decoding: chunk, as: UTF8.self)
        if text.hasPrefix(key + ":") { text.removeFirst(key.count + 1) }
        text = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        if text.count > 80 { text = String(text.prefix(80)) + "…" }
        return "'" + text + "'"
    }

    /// The key's value in a chunk as parsed (kind, plain or quoted, tag and text of each event):
    /// equal for texts that differ only in comments, spacing or line breaks; nil when unreadable.
    static func valueSignature(_ chunk: [UInt8], key: String) -> [String]? {
        let document = Array("---\n".utf8) + chunk + (chunk.last == 0x0A ? [] : [0x0A]) + Array("---\n".utf8)
        guard case .block(let block) = FrontMatterBlock.scan(document),
            case .success(let parsed) = FrontMatterDocument.parse(Array(document[block.yaml])),
            let entry = parsed.entries.first(where: { $0.key == key })
        else { return nil }
        return parsed.valueEvents(of: entry).map { event in
            "\(event.kind)|\(event.style == .plain ? "plain" : "quoted")|\(event.tag ?? "")|\(event.value)"
        }
    }

    private static func dateValue(_ chunk: [UInt8], key: String) -> Double? {
        let document = Array("---\n".utf8) + chunk + Array("---\n".utf8)
        guard case .block(let block) = FrontMatterBlock.scan(document),
            case .success(let parsed) = FrontMatterDocument.parse(Array(document[block.yaml]))
        else { return nil }
        return NoteMetadata(document: parsed).modified?.seconds
    }

    /// The merged front matter must read back as a block without duplicate keys.
    private static func verify(_ frontMatter: [UInt8]) -> Bool {
        if frontMatter.isEmpty { return true }
        return (try? FrontMatterSpanMap.read(frontMatter)) != nil
    }

    /// A file cut into its front matter parts and body; nil when the front matter cannot be
    /// taken apart line by line (unterminated, does not parse, flow style, duplicate or complex
    /// keys, keys not at the start of a line, not UTF-8).
    struct Split {
        var hasBlock = false
        var opening: [UInt8] = []
        var preamble: [UInt8] = []
        var entries: [(key: String, chunk: [UInt8])] = []
        var closing: [UInt8] = []
        var body: [UInt8]
        var lineEnding: [UInt8] = [0x0A]
        var modified: Double?
        var frontMatterBytes: [UInt8] { opening + preamble + entries.flatMap(\.chunk) + closing }

        func chunk(_ key: String) -> [UInt8]? { entries.first(where: { $0.key == key })?.chunk }

        init?(_ bytes: [UInt8]) {
            switch FrontMatterBlock.scan(bytes) {
            case .none(let bodyStart):
                // A BOM without front matter stays with the body.
                _ = bodyStart
                body = bytes
                return
            case .unterminated, .tooLarge:
                return nil
            case .block(let block):
                guard let map = try? FrontMatterSpanMap.read(bytes), !map.isFlowMapping, map.keyIndent.isEmpty else { return nil }
                hasBlock = true
                lineEnding = map.lineEnding
                opening = Array(bytes[..<block.yaml.lowerBound])
                closing = Array(bytes[block.yaml.upperBound..<block.bodyStart])
                body = Array(bytes[block.bodyStart...])
                modified = NoteMetadata(document: map.document).modified?.seconds
                let document = map.document
                var starts: [(key: String, offset: Int)] = []
                for entry in document.entries {
                    guard !entry.key.isEmpty else { return nil }
                    let event = document.events[entry.keyEvent]
                    let offset = event.start + document.sliceStart
                    // The key must start its line (column 0: no indentation, nothing before it).
                    guard offset == block.yaml.lowerBound || bytes[offset - 1] == 0x0A else { return nil }
                    starts.append((entry.key, offset))
                }
                let end = block.yaml.upperBound
                preamble = Array(bytes[block.yaml.lowerBound..<(starts.first?.offset ?? end)])
                for (position, start) in starts.enumerated() {
                    let next = position + 1 < starts.count ? starts[position + 1].offset : end
                    entries.append((start.key, Array(bytes[start.offset..<next])))
                }
            }
        }
    }
}
