import Foundation

/// Describes a parsed query for `--explain`: an indented tree and whether it fits the flag subset.
public enum QueryExplainer {
    /// The tree, two spaces of indentation per level, one node a line.
    public static func tree(_ node: QueryNode) -> String {
        var lines: [String] = []
        func visit(_ node: QueryNode, _ depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            switch node {
            case .and(let operands):
                lines.append(indent + "AND")
                operands.forEach { visit($0, depth + 1) }
            case .or(let operands):
                lines.append(indent + "OR")
                operands.forEach { visit($0, depth + 1) }
            case .not(let operand):
                lines.append(indent + "NOT")
                visit(operand, depth + 1)
            default:
                lines.append(indent + QuerySerializer.serialize(node) + "  (" + describe(node) + ")")
            }
        }
        visit(node, 0)
        return lines.joined(separator: "\n")
    }

    /// The full explanation: the canonical text, the tree, and the flag subset verdict.
    public static func explain(_ node: QueryNode) -> String {
        var text = "query: " + QuerySerializer.serialize(node) + "\n" + tree(node) + "\n"
        if let filters = SearchFilters(fitting: node) {
            text += "flags: " + filters.flagArguments.map(shellWord).joined(separator: " ")
        } else {
            text += "flags: too complex for flags"
        }
        return text
    }

    /// What a term matches, in words.
    public static func describe(_ node: QueryNode) -> String {
        switch node {
        case .tag(let name): return "tag '\(name)' or its children '\(name)/...'"
        case .folder(let name):
            return name.contains("/") ? "in folder path '\(name)' or below" : "in a folder named '\(name)' at any depth, or below"
        case .title(let value): return "title contains '\(value)'"
        case .pinned(let flag): return flag ? "pinned" : "not pinned"
        case .unsorted: return "directly at the vault root"
        case .created(let filter): return "created " + describe(filter)
        case .modified(let filter): return "modified " + describe(filter)
        case .property(let key, nil): return "property '\(key)' is set"
        case .property(let key, let value?): return describe(key, PropertyComparison(equals: value))
        case .propertyOrder(let key, let ordering, let value): return describe(key, PropertyComparison(ordering, value))
        case .text(let value): return "title or body contains '\(value)'"
        case .linksTo(let value, 1): return "links to the note '\(value)'"
        case .linksTo(let value, let depth): return "links to the note '\(value)' through at most \(depth) links"
        case .linkedFrom(let value, 1): return "is linked from the note '\(value)'"
        case .linkedFrom(let value, let depth): return "is reached from the note '\(value)' through at most \(depth) links"
        case .orphan: return "no link to or from another note"
        case .hub: return "among the \(NoteGraph.hubCount) notes with the most backlinks (ties included)"
        case .and, .or, .not: return QuerySerializer.serialize(node)
        }
    }

    /// `property 'estimate' is greater than 3, as a number unless the folder's schema types it`.
    static func describe(_ key: String, _ comparison: PropertyComparison) -> String {
        let type = comparison.inferredType
        let test: String
        switch type {
        case .number:
            test = comparison.ordering.map { "is \($0.words) \(comparison.value)" } ?? "equals \(comparison.value)"
        case .date:
            test = "is " + describe(comparison.date!)
        case .bool:
            test = "is \(comparison.bool! ? "true" : "false")"
        case .text:
            test = "is '\(comparison.value)'"
        }
        let kind = type == .bool ? "a boolean" : type == .text ? "text" : "a \(type.rawValue)"
        return "property '\(key)' \(test), as \(kind) unless the folder's schema types it"
    }

    static func describe(_ filter: DateFilter) -> String {
        switch filter {
        case .after(let day): return "after \(day)"
        case .onOrAfter(let day): return "on or after \(day)"
        case .before(let day): return "before \(day)"
        case .onOrBefore(let day): return "on or before \(day)"
        case .on(let day): return "on \(day) (UTC)"
        case .between(let first, let last): return "from \(first) through \(last)"
        case .within(let age):
            let unit = ["d": "day", "w": "week", "m": "month", "y": "year"][String(age.unit.rawValue)]!
            return "within the last \(age.amount) \(unit)\(age.amount == 1 ? "" : "s")"
        }
    }

    /// Quotes a flag value for a POSIX shell when it needs it.
    static func shellWord(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_./:@+=,".unicodeScalars.contains(scalar)
            }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
