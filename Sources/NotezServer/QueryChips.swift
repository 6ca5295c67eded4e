import NotezKit

/// The visual form of a query: a row of chips (tag, folder, text), each joined to the ones before
/// by AND, OR or NOT. Chips and text are two views of one query tree, converted both ways through
/// the library's parser and serializer, so they cannot drift apart.
struct QueryChips: Equatable, Sendable {
    /// What a chip matches.
    enum Kind: String, CaseIterable, Sendable {
        case tag, folder, text
    }

    /// How a chip joins the chips before it.
    enum Join: String, CaseIterable, Sendable {
        /// AND: a new group.
        case and = "AND"
        /// OR: joins the previous group (which becomes an OR).
        case or = "OR"
        /// AND NOT: a new negated group.
        case not = "NOT"
    }

    /// One chip.
    struct Chip: Equatable, Sendable {
        var join: Join
        var kind: Kind
        var value: String
    }

    var chips: [Chip]

    /// The chips of a query, or nil when the tree has a shape chips cannot show (nested groups,
    /// NOT of a group, other fields such as dates): "too complex for visual mode".
    init?(_ node: QueryNode?) {
        chips = []
        guard let node else { return }
        let groups: [QueryNode]
        if case .and(let operands) = node { groups = operands } else { groups = [node] }
        for group in groups {
            switch group {
            case .or(let operands):
                for (position, operand) in operands.enumerated() {
                    guard let chip = QueryChips.term(operand) else { return nil }
                    chips.append(Chip(join: position == 0 ? .and : .or, kind: chip.0, value: chip.1))
                }
            case .not(let operand):
                guard let chip = QueryChips.term(operand) else { return nil }
                chips.append(Chip(join: .not, kind: chip.0, value: chip.1))
            default:
                guard let chip = QueryChips.term(group) else { return nil }
                chips.append(Chip(join: .and, kind: chip.0, value: chip.1))
            }
        }
        // An OR after a NOT would have to join a negated group; that shape is not a chip row.
        for (position, chip) in chips.enumerated() where chip.join == .or {
            if position == 0 || chips[position - 1].join == .not { return nil }
        }
    }

    init(chips: [Chip]) { self.chips = chips }

    private static func term(_ node: QueryNode) -> (Kind, String)? {
        switch node {
        case .tag(let value): return (.tag, value)
        case .folder(let value): return (.folder, value)
        case .text(let value): return (.text, value)
        default: return nil
        }
    }

    /// The query tree of the chips (nil for none).
    var node: QueryNode? {
        var groups: [[QueryNode]] = []
        var negated: [Bool] = []
        for chip in chips {
            let term: QueryNode
            switch chip.kind {
            case .tag: term = .tag(chip.value)
            case .folder: term = .folder(chip.value)
            case .text: term = .text(chip.value)
            }
            if chip.join == .or, !groups.isEmpty, negated.last == false {
                groups[groups.count - 1].append(term)
            } else {
                groups.append([term])
                negated.append(chip.join == .not)
            }
        }
        let nodes = zip(groups, negated).compactMap { group, not -> QueryNode? in
            guard let any = QueryNode.anyOf(group) else { return nil }
            return not ? .not(any) : any
        }
        return QueryNode.allOf(nodes)
    }

    /// The canonical query text of the chips.
    var text: String { node.map(QuerySerializer.serialize) ?? "" }
}
