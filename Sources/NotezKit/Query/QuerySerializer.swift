/// Writes a query tree as canonical text: `parse(serialize(node)) == node` for every valid tree.
///
/// AND is written as a space, OR as ` OR `, NOT as `-`; parentheses appear exactly where the tree
/// has a nested group that precedence alone would not reproduce. Values are quoted only when needed.
public enum QuerySerializer {
    /// The canonical text of a tree.
    public static func serialize(_ node: QueryNode) -> String {
        switch node {
        case .and(let operands):
            // Any AND or OR operand is a group of its own.
            return operands.map { $0.isBinary ? "(" + serialize($0) + ")" : serialize($0) }.joined(separator: " ")
        case .or(let operands):
            return operands.map { operand -> String in
                if case .or = operand { return "(" + serialize(operand) + ")" }
                return serialize(operand)
            }.joined(separator: " OR ")
        case .not(let operand):
            return "-" + (operand.isBinary ? "(" + serialize(operand) + ")" : serialize(operand))
        case .tag(let name): return "tag:" + value(name)
        case .folder(let name): return "folder:" + value(name)
        case .title(let name): return "title:" + value(name)
        case .pinned(let flag): return flag ? "is:pinned" : "pinned:false"
        case .unsorted: return "in:unsorted"
        case .created(let filter): return "created:\(filter)"
        case .modified(let filter): return "modified:\(filter)"
        case .text(let text): return word(text)
        case .linksTo(let name, let depth): return "links-to:" + note(name, depth)
        case .linkedFrom(let name, let depth): return "linked-by:" + note(name, depth)
        case .orphan: return "is:orphan"
        case .hub: return "is:hub"
        case .property(let key, let wanted): return "prop:" + value(wanted.map { key + "=" + $0 } ?? key)
        case .propertyOrder(let key, let ordering, let wanted): return "prop:" + value(key + ordering.rawValue + wanted)
        }
    }

    /// A field value: bare when it has no delimiter, else quoted.
    static func value(_ text: String) -> String {
        let bare = !text.isEmpty && !text.unicodeScalars.contains(where: QueryTokenizer.isDelimiter)
        return bare ? text : quote(text)
    }

    /// A link term's NOTE and its `~N` (none for depth 1): quoted when bare text would read
    /// differently (a name ending in `~` and digits).
    static func note(_ name: String, _ depth: Int) -> String {
        let endsLikeDepth = name.lastIndex(of: "~").map { name[name.index(after: $0)...].allSatisfy(QueryParser.isDigit) } ?? false
        let written = endsLikeDepth ? quote(name) : value(name)
        return depth > 1 ? written + "~\(depth)" : written
    }

    /// A full-text term: bare unless it would read as something else (operator, field, negation).
    static func word(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let bare =
            !scalars.isEmpty && scalars[0] != "-"
            && !scalars.contains(where: QueryTokenizer.isDelimiter)
            && QueryTokenizer.operatorKind(scalars[...]) == nil
            && QueryTokenizer.knownPrefix(scalars[...]) == nil
        return bare ? text : quote(text)
    }

    /// `"text"` with `\` and `"` escaped.
    public static func quote(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { result.append("\\") }
            result.append(scalar)
        }
        result.append("\"")
        return String(result)
    }
}

extension QueryNode {
    /// AND or OR.
    var isBinary: Bool {
        switch self {
        case .and, .or: return true
        default: return false
        }
    }
}
