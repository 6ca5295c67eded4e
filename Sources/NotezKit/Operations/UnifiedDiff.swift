/// A small unified diff of two texts, for `--dry-run` (front matter edits change a few lines).
public enum UnifiedDiff {
    /// `--- a/PATH`, `+++ b/PATH` and hunks with 3 lines of context; empty when nothing differs.
    public static func render(path: String, before: [UInt8], after: [UInt8], isNew: Bool = false, context: Int = 3) -> String {
        let old = lines(before)
        let new = lines(after)
        guard old != new else { return "" }
        // Trim the common head and tail; only the middle needs the quadratic alignment.
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        let middleOld = Array(old[head..<(old.count - tail)])
        let middleNew = Array(new[head..<(new.count - tail)])
        var ops: [(Character, String)] = old[..<head].map { (" ", $0) }
        ops += align(middleOld, middleNew)
        ops += old[(old.count - tail)...].map { (" ", $0) }

        var out = isNew ? "--- /dev/null\n+++ b/\(path)\n" : "--- a/\(path)\n+++ b/\(path)\n"
        // Line numbers before each op, then hunks around groups of changes closer than 2 * context.
        var oldBefore: [Int] = [], newBefore: [Int] = []
        var oldLine = 1, newLine = 1
        for op in ops {
            oldBefore.append(oldLine)
            newBefore.append(newLine)
            if op.0 != "+" { oldLine += 1 }
            if op.0 != "-" { newLine += 1 }
        }
        let changed = ops.indices.filter { ops[$0].0 != " " }
        var groups: [(Int, Int)] = []
        for index in changed {
            if let last = groups.last, index - last.1 <= context * 2 + 1 {
                groups[groups.count - 1].1 = index
            } else {
                groups.append((index, index))
            }
        }
        for (first, last) in groups {
            let start = max(0, first - context)
            let end = min(ops.count, last + context + 1)
            let slice = ops[start..<end]
            let oldCount = slice.filter { $0.0 != "+" }.count
            let newCount = slice.filter { $0.0 != "-" }.count
            let oldStart = oldCount == 0 ? oldBefore[start] - 1 : oldBefore[start]
            let newStart = newCount == 0 ? newBefore[start] - 1 : newBefore[start]
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for op in slice { out += String(op.0) + visible(op.1) + "\n" }
        }
        return out
    }

    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            var end = offset
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            result.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = offset + 1
        }
        if start < bytes.count { result.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return result
    }

    /// Longest-common-subsequence alignment of two short line lists.
    static func align(_ old: [String], _ new: [String]) -> [(Character, String)] {
        let n = old.count, m = new.count
        if n == 0 { return new.map { ("+", $0) } }
        if m == 0 { return old.map { ("-", $0) } }
        if n * m > 4_000_000 { return old.map { ("-", $0) } + new.map { ("+", $0) } }
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [(Character, String)] = []
        var i = 0, j = 0
        while i < n, j < m {
            if old[i] == new[j] {
                result.append((" ", old[i])); i += 1; j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                result.append(("-", old[i])); i += 1
            } else {
                result.append(("+", new[j])); j += 1
            }
        }
        result += old[i...].map { ("-", $0) }
        result += new[j...].map { ("+", $0) }
        return result
    }

    /// Control characters from note content are never printed raw.
    static func visible(_ line: String) -> String {
        String(
            String.UnicodeScalarView(
                line.unicodeScalars.map { scalar in
                    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F ? "\u{FFFD}" : scalar
                }))
    }
}
