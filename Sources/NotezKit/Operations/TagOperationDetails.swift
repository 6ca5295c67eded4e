/// What a tag rename, merge or deletion journals for undo and history (docs/commands.md, tag refactoring): for
/// each source tag its name, color, whether it was registered, the notes that had it and which of
/// those already had the target. Stored in `JournalRecord.details` as flat string lists:
/// `kind`, `target`, `sources` (the count), `source.N.name`, `source.N.color`, `source.N.registered`,
/// `source.N.notes`, `source.N.hadTarget`, `source.N.renamedTo`.
public struct TagOperationDetails: Sendable, Equatable {
    /// The kinds of tag refactoring.
    public enum Kind: String, Sendable {
        case rename, merge, delete
    }

    /// One source tag of the operation.
    public struct Source: Sendable, Equatable {
        /// Its display spelling before the operation.
        public var name: String
        /// Its registry color (text form), if it had one.
        public var color: String?
        /// Whether it had a registry entry.
        public var registered: Bool
        /// The notes that had it, vault-relative.
        public var notes: [String]
        /// Of those notes, the ones that already had the target (merge).
        public var hadTarget: [String]
        /// The new spelling (rename).
        public var renamedTo: String?

        /// Creates a source record.
        public init(
            name: String, color: String? = nil, registered: Bool = false, notes: [String] = [],
            hadTarget: [String] = [], renamedTo: String? = nil
        ) {
            self.name = name
            self.color = color
            self.registered = registered
            self.notes = notes
            self.hadTarget = hadTarget
            self.renamedTo = renamedTo
        }
    }

    /// The kind of operation.
    public var kind: Kind
    /// The merge target.
    public var target: String?
    /// The source tags in argument order (for a rename: the tag and then its renamed children).
    public var sources: [Source]

    /// Creates details.
    public init(kind: Kind, target: String? = nil, sources: [Source]) {
        self.kind = kind
        self.target = target
        self.sources = sources
    }

    /// The tag keys this operation involved (sources, their new names and the target), for the
    /// reverse-order rule of undo.
    var involvedKeys: [TagKey] {
        var keys = sources.map { TagKey($0.name) }
        keys += sources.compactMap(\.renamedTo).map { TagKey($0) }
        if let target { keys.append(TagKey(target)) }
        return keys
    }

    /// The flat journal form.
    public var encoded: [String: [String]] {
        var result: [String: [String]] = ["kind": [kind.rawValue], "sources": [String(sources.count)]]
        if let target { result["target"] = [target] }
        for (index, source) in sources.enumerated() {
            let prefix = "source.\(index)."
            result[prefix + "name"] = [source.name]
            result[prefix + "color"] = source.color.map { [$0] } ?? []
            result[prefix + "registered"] = [source.registered ? "true" : "false"]
            result[prefix + "notes"] = source.notes
            result[prefix + "hadTarget"] = source.hadTarget
            if let renamedTo = source.renamedTo { result[prefix + "renamedTo"] = [renamedTo] }
        }
        return result
    }

    /// Reads the journal form; nil when `details` is not a tag operation's.
    public init?(_ details: [String: [String]]) {
        guard let kindText = details["kind"]?.first, let kind = Kind(rawValue: kindText),
            let countText = details["sources"]?.first, let count = Int(countText)
        else { return nil }
        self.kind = kind
        target = details["target"]?.first
        sources = (0..<count).compactMap { index in
            let prefix = "source.\(index)."
            guard let name = details[prefix + "name"]?.first else { return nil }
            return Source(
                name: name, color: details[prefix + "color"]?.first,
                registered: details[prefix + "registered"]?.first == "true",
                notes: details[prefix + "notes"] ?? [], hadTarget: details[prefix + "hadTarget"] ?? [],
                renamedTo: details[prefix + "renamedTo"]?.first)
        }
    }
}
