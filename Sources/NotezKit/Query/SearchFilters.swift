/// The simple "visual" subset of queries that the flags of `notez search` build (chips in an app).
///
/// Tags are joined by AND (or by OR with `anyTag`), included folders by OR (a note is in one folder),
/// excluded folders by AND NOT, plus pinned-only, full-text words and the graph terms written
/// without a depth (`links-to:NOTE`, `linked-by:NOTE`, `is:orphan`, `is:hub`); all of these are ANDed.
public struct SearchFilters: Sendable, Equatable {
    /// Tags, each `tag:T`.
    public var tags: [String]
    /// True to join the tags with OR instead of AND.
    public var anyTag: Bool
    /// Folders a note must be in (any of them).
    public var folders: [String]
    /// Folders a note must not be in.
    public var excludedFolders: [String]
    /// True for pinned notes only.
    public var pinned: Bool
    /// Full-text words or phrases, all required.
    public var words: [String]
    /// Notes each note must link to (`links-to:NOTE`), all required.
    public var linksTo: [String]
    /// Notes each note must be linked from (`linked-by:NOTE`), all required.
    public var linkedBy: [String]
    /// True for orphans only (`is:orphan`).
    public var orphan: Bool
    /// True for hubs only (`is:hub`).
    public var hub: Bool

    /// Creates filters.
    public init(
        tags: [String] = [], anyTag: Bool = false, folders: [String] = [], excludedFolders: [String] = [],
        pinned: Bool = false, words: [String] = [], linksTo: [String] = [], linkedBy: [String] = [], orphan: Bool = false,
        hub: Bool = false
    ) {
        self.tags = tags
        self.anyTag = anyTag
        self.folders = folders
        self.excludedFolders = excludedFolders
        self.pinned = pinned
        self.words = words
        self.linksTo = linksTo
        self.linkedBy = linkedBy
        self.orphan = orphan
        self.hub = hub
    }

    /// True when no filter is set.
    public var isEmpty: Bool {
        tags.isEmpty && folders.isEmpty && excludedFolders.isEmpty && !pinned && words.isEmpty && linksTo.isEmpty && linkedBy.isEmpty
            && !orphan && !hub
    }

    /// Empty values the query language would reject (`--tag ""`), as a message, or nil.
    public var problem: String? {
        if tags.contains(where: \.isEmpty) { return "empty tag name" }
        if (folders + excludedFolders).contains(where: { !$0.contains { $0 != "/" } }) { return "empty folder name" }
        if words.contains(where: \.isEmpty) { return "empty text" }
        if linksTo.contains(where: \.isEmpty) { return "empty note name after links-to:" }
        if linkedBy.contains(where: \.isEmpty) { return "empty note name after linked-by:" }
        return nil
    }

    /// The query these filters stand for; nil when there are none.
    public var query: QueryNode? {
        var parts: [QueryNode] = []
        let tagNodes = tags.map(QueryNode.tag)
        if anyTag, let any = QueryNode.anyOf(tagNodes) { parts.append(any) } else { parts += tagNodes }
        if let any = QueryNode.anyOf(folders.map(QueryNode.folder)) { parts.append(any) }
        parts += excludedFolders.map { .not(.folder($0)) }
        if pinned { parts.append(.pinned(true)) }
        parts += words.map(QueryNode.text)
        parts += linksTo.map { .linksTo($0) } + linkedBy.map { .linkedFrom($0) }
        if orphan { parts.append(.orphan) }
        if hub { parts.append(.hub) }
        return QueryNode.allOf(parts)
    }

    /// The filters a query stands for, or nil when it is too complex for flags.
    public init?(fitting node: QueryNode) {
        self.init()
        let operands: [QueryNode]
        if case .and(let list) = node { operands = list } else { operands = [node] }
        var sawTagGroup = false
        var sawFolders = false
        for operand in operands {
            switch operand {
            case .tag(let name):
                guard !sawTagGroup else { return nil }
                tags.append(name)
            case .folder(let name):
                guard !sawFolders else { return nil }
                sawFolders = true
                folders.append(name)
            case .not(.folder(let name)):
                excludedFolders.append(name)
            case .pinned(true):
                guard !pinned else { return nil }
                pinned = true
            case .text(let word):
                words.append(word)
            case .linksTo(let name, 1):
                linksTo.append(name)
            case .linkedFrom(let name, 1):
                linkedBy.append(name)
            case .orphan:
                guard !orphan else { return nil }
                orphan = true
            case .hub:
                guard !hub else { return nil }
                hub = true
            case .or(let list):
                if list.allSatisfy({ if case .tag = $0 { return true } else { return false } }) {
                    guard !sawTagGroup, tags.isEmpty else { return nil }
                    sawTagGroup = true
                    anyTag = true
                    tags = list.compactMap { if case .tag(let name) = $0 { return name } else { return nil } }
                } else if list.allSatisfy({ if case .folder = $0 { return true } else { return false } }) {
                    guard !sawFolders else { return nil }
                    sawFolders = true
                    folders = list.compactMap { if case .folder(let name) = $0 { return name } else { return nil } }
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
    }

    /// The `notez search` flags that build these filters, e.g. `--tag work --not-folder Archive`.
    var flagArguments: [String] {
        var result: [String] = []
        for tag in tags { result += ["--tag", tag] }
        if anyTag && tags.count > 1 { result.append("--any") }
        for folder in folders { result += ["--folder", folder] }
        for folder in excludedFolders { result += ["--not-folder", folder] }
        if pinned { result.append("--pinned") }
        for word in words { result += ["--text", word] }
        for name in linksTo { result += ["--links-to", name] }
        for name in linkedBy { result += ["--linked-by", name] }
        if orphan { result.append("--orphan") }
        if hub { result.append("--hub") }
        return result
    }
}
