/// The parsed form of a query: boolean operators over terms.
///
/// `and` and `or` hold two or more operands (a chain `a b c` is one `and`); a parenthesized group
/// stays a nested node, so the serializer can reproduce the tree exactly.
public indirect enum QueryNode: Sendable, Hashable {
    /// All operands match (at least two).
    case and([QueryNode])
    /// Any operand matches (at least two).
    case or([QueryNode])
    /// The operand does not match.
    case not(QueryNode)
    /// `tag:VALUE`: the tag or one of its children, case-insensitively.
    case tag(String)
    /// `folder:VALUE`: a folder name at any depth or an `a/b` path from the root, with subfolders.
    case folder(String)
    /// `title:VALUE`: case-insensitive substring of the title.
    case title(String)
    /// `is:pinned` (true) or `pinned:true|false`.
    case pinned(Bool)
    /// `in:unsorted`: notes directly at the vault root.
    case unsorted
    /// `created:DATE_CMP`.
    case created(DateFilter)
    /// `modified:DATE_CMP`.
    case modified(DateFilter)
    /// A bare word or quoted phrase: case-insensitive substring of the title or the body.
    case text(String)
    /// `links-to:NOTE` (alias `links:`): notes with a link that resolves to NOTE (its backlinks);
    /// with `~N` (depth > 1), notes with a path of 1 to N links to NOTE.
    case linksTo(String, depth: Int = 1)
    /// `linked-by:NOTE` (alias `linkedfrom:`): the notes NOTE links to; with `~N`, the notes a
    /// path of 1 to N links from NOTE reaches.
    case linkedFrom(String, depth: Int = 1)
    /// `is:orphan`: no link to another note and no link from one (`NoteGraph.isOrphan`).
    case orphan
    /// `is:hub`: among the `NoteGraph.hubCount` notes with the most backlinks.
    case hub
    /// `prop:KEY=VALUE`: the front matter key (any case) has the value, or a list holding it,
    /// compared by the schema's type or the value's (`PropertyComparison`); `prop:KEY` (value nil):
    /// the key has a non-null value.
    case property(String, value: String?)
    /// `prop:KEY>VALUE` (`>=`, `<`, `<=`): the key's value, or an item of its list, compares so with
    /// the number or date VALUE.
    case propertyOrder(String, PropertyOperator, String)

    /// True when evaluating this node reads note files (bodies, or front matter for `prop:`).
    var needsFullText: Bool {
        switch self {
        case .text, .linksTo, .linkedFrom, .property, .propertyOrder, .orphan, .hub: return true
        case .and(let operands), .or(let operands): return operands.contains(where: \.needsFullText)
        case .not(let operand): return operand.needsFullText
        default: return false
        }
    }

    /// The NOTE values of `links:` and `linkedfrom:` terms, in first-seen order.
    public var linkNoteNames: [String] {
        var result: [String] = []
        func visit(_ node: QueryNode) {
            switch node {
            case .linksTo(let name, _), .linkedFrom(let name, _): if !result.contains(name) { result.append(name) }
            case .and(let operands), .or(let operands): operands.forEach(visit)
            case .not(let operand): visit(operand)
            default: break
            }
        }
        visit(self)
        return result
    }

    /// True when a `links:`/`linkedfrom:` term has no `~N` depth (it is answered from the full index's links).
    var hasOneStepLinkTerm: Bool {
        switch self {
        case .linksTo(_, let depth), .linkedFrom(_, let depth): return depth == 1
        case .and(let operands), .or(let operands): return operands.contains(where: \.hasOneStepLinkTerm)
        case .not(let operand): return operand.hasOneStepLinkTerm
        default: return false
        }
    }

    /// True when a term reads the whole vault's link graph (`~N` depths, `is:orphan`, `is:hub`).
    public var needsGraph: Bool {
        switch self {
        case .linksTo(_, let depth), .linkedFrom(_, let depth): return depth > 1
        case .orphan, .hub: return true
        case .and(let operands), .or(let operands): return operands.contains(where: \.needsGraph)
        case .not(let operand): return operand.needsGraph
        default: return false
        }
    }

    /// The tree with every link term written without `~N` given `depth` (`notez search --depth`).
    public func withLinkDepth(_ depth: Int) -> QueryNode {
        switch self {
        case .linksTo(let name, 1): return .linksTo(name, depth: depth)
        case .linkedFrom(let name, 1): return .linkedFrom(name, depth: depth)
        case .and(let operands): return .and(operands.map { $0.withLinkDepth(depth) })
        case .or(let operands): return .or(operands.map { $0.withLinkDepth(depth) })
        case .not(let operand): return .not(operand.withLinkDepth(depth))
        default: return self
        }
    }

    /// True for the operators, false for terms.
    var isOperator: Bool {
        switch self {
        case .and, .or, .not: return true
        default: return false
        }
    }

    /// Every full-text value in the tree, in first-seen order without duplicates.
    public var textValues: [String] {
        var seen: Set<String> = []
        var result: [String] = []
        func visit(_ node: QueryNode) {
            switch node {
            case .text(let value): if seen.insert(value).inserted { result.append(value) }
            case .and(let operands), .or(let operands): operands.forEach(visit)
            case .not(let operand): visit(operand)
            default: break
            }
        }
        visit(self)
        return result
    }

    /// Joins nodes with AND, flattening nested ANDs; nil for none, the node itself for one.
    public static func allOf(_ nodes: [QueryNode]) -> QueryNode? {
        let flat = nodes.flatMap { node -> [QueryNode] in
            if case .and(let operands) = node { return operands }
            return [node]
        }
        return flat.count <= 1 ? flat.first : .and(flat)
    }

    /// Joins nodes with OR, flattening nested ORs; nil for none, the node itself for one.
    public static func anyOf(_ nodes: [QueryNode]) -> QueryNode? {
        let flat = nodes.flatMap { node -> [QueryNode] in
            if case .or(let operands) = node { return operands }
            return [node]
        }
        return flat.count <= 1 ? flat.first : .or(flat)
    }
}
