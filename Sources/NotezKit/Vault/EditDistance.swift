/// The number of single-character edits (insert, delete, substitute, swap of neighbours) that turn
/// one text into another: the optimal string alignment distance, by characters. "Did you mean" and
/// `tag suggest` use it.
public enum EditDistance {
    /// The distance between `a` and `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        between(Array(a), Array(b))
    }

    /// The distance between two character arrays.
    static func between(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
