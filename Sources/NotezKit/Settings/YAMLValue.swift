/// A small YAML value tree, built from libyaml events, for notez's own files in `.notez/`.
///
/// Notes' front matter is never read this way (it keeps spans instead); these files are small
/// and written by notez, so a tree is the simple choice.
public indirect enum YAMLValue: Sendable, Equatable {
    case scalar(String, plain: Bool)
    case sequence([YAMLValue])
    case mapping([(key: String, value: YAMLValue)])
    case null

    /// The largest file parsed (1 MiB); notez's own files are a few KiB, larger ones are refused.
    public static let maxSize = 1 << 20

    /// Parses a whole small document; an empty document is `.null`.
    ///
    /// Refused with an error: more than `maxSize` bytes, nesting deeper than `YAMLEventReader.maxDepth`,
    /// and aliases (`*name`), which notez never writes; refusing them rules out "billion laughs" blow-ups.
    public static func parse(_ bytes: [UInt8]) -> Result<YAMLValue, YAMLError> {
        guard bytes.count <= maxSize else {
            return .failure(YAMLError(line: 0, column: 0, message: "file is larger than 1 MiB"))
        }
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        switch YAMLEventReader.events(of: body) {
        case .failure(let error): return .failure(error)
        case .success(let events):
            if let alias = events.first(where: { $0.kind == .alias }) {
                return .failure(
                    YAMLError(
                        line: alias.line, column: alias.column,
                        message: "aliases (*\(alias.anchor ?? "")) are not supported in notez's files"))
            }
            var index = events.firstIndex(where: { $0.kind == .documentStart }).map { $0 + 1 } ?? events.count
            guard index < events.count, events[index].kind != .documentEnd else { return .success(.null) }
            return .success(node(events, &index))
        }
    }

    private static func node(_ events: [YAMLEvent], _ index: inout Int) -> YAMLValue {
        let event = events[index]
        index += 1
        switch event.kind {
        case .scalar:
            if event.style == .plain && FrontMatterDocument.isNullLiteral(event.value) { return .null }
            return .scalar(event.value, plain: event.style == .plain)
        case .sequenceStart:
            var items: [YAMLValue] = []
            while index < events.count, events[index].kind != .sequenceEnd { items.append(node(events, &index)) }
            index += 1
            return .sequence(items)
        case .mappingStart:
            var pairs: [(key: String, value: YAMLValue)] = []
            while index < events.count, events[index].kind != .mappingEnd {
                let key = node(events, &index)
                let value = index < events.count ? node(events, &index) : .null
                pairs.append((key.string ?? "", value))
            }
            index += 1
            return .mapping(pairs)
        default:
            return .null
        }
    }

    /// The scalar's text.
    public var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// The value of a key of a mapping (exact match).
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let pairs) = self else { return nil }
        return pairs.first(where: { $0.key == key })?.value
    }

    /// The pairs of a mapping, empty otherwise.
    public var pairs: [(key: String, value: YAMLValue)] {
        if case .mapping(let pairs) = self { return pairs }
        return []
    }

    /// Scalars of a sequence, or a single scalar as a one-item list.
    public var strings: [String] {
        switch self {
        case .sequence(let items): return items.compactMap(\.string)
        case .scalar(let text, _): return [text]
        default: return []
        }
    }

    /// Equality that compares mappings pair by pair.
    public static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.scalar(a, pa), .scalar(b, pb)): return a == b && pa == pb
        case let (.sequence(a), .sequence(b)): return a == b
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// A double-quoted YAML scalar for any string, for writing notez's own files.
    public static func quoted(_ text: String) -> String { YAMLScalarWriter.doubleQuoted(text) }
}
