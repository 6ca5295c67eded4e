/// The ordering of a `prop:KEY>VALUE` term (`=` is `QueryNode.property`). It compares numbers and
/// dates only; the parser refuses any other value.
public enum PropertyOperator: String, Sendable, Hashable, CaseIterable {
    /// `>`
    case greater = ">"
    /// `>=`
    case atLeast = ">="
    /// `<`
    case less = "<"
    /// `<=`
    case atMost = "<="

    /// The words `--explain` uses for a number comparison.
    var words: String {
        switch self {
        case .greater: return "greater than"
        case .atLeast: return "at least"
        case .less: return "less than"
        case .atMost: return "at most"
        }
    }
}
