import Foundation
import NotezKit

/// nDCG@10 of the judged queries (`RankingJudgements`) on their corpus, in list order (what search
/// printed before ranking) and ranked by BM25F, computed in this process with the library; and the
/// top 5 of the first five queries both ways, for the record.
enum RankingQuality {
    /// The Markdown section, or nil when `facts` is not a judged corpus.
    static func report(_ facts: VaultFacts) -> String? {
        guard let corpus = facts.corpus, let queries = RankingJudgements.byCorpus[corpus] else { return nil }
        guard let index = try? IndexBuilder.build(root: facts.root) else { return "- ranking quality: the corpus could not be read" }
        var text = "\n### Ranking quality on `\(corpus)` (\(facts.notes) notes)\n\n"
        text += "| query | hits | nDCG@10 list order | nDCG@10 BM25F |\n|---|---:|---:|---:|\n"
        var sums = (list: 0.0, ranked: 0.0)
        var tops: [String] = []
        for (number, judged) in queries.enumerated() {
            guard let node = try? QueryParser.parse(judged.query) else { continue }
            let evaluator = QueryEvaluator(index: index)
            let listOrder = evaluator.notes(matching: node).map(\.path)
            let ranked = evaluator.ranked(matching: node).map { index.path(at: $0.position) }
            let found = Set(listOrder)
            let before = ndcg(listOrder, judged.grades, found: found)
            let after = ndcg(ranked, judged.grades, found: found)
            sums.list += before
            sums.ranked += after
            text += String(format: "| `%@` | %d | %.3f | %.3f |\n", judged.query, listOrder.count, before, after)
            if number < 5 {
                tops.append("- `\(judged.query)`: before " + top(listOrder) + "; after " + top(ranked))
            }
        }
        // A judged path the corpus lacks would count as a note never found: named, not hidden.
        let paths = Set((0..<index.noteCount).map { index.path(at: $0) })
        let missing = queries.flatMap { $0.grades.keys }.filter { !paths.contains($0) }
        let count = Double(queries.count)
        text += String(format: "| **mean** | | **%.3f** | **%.3f** |\n\n", sums.list / count, sums.ranked / count)
        text += "Top 5, list order (before) and ranked (after):\n\n" + tops.joined(separator: "\n") + "\n"
        if !missing.isEmpty { text += "\n- judged notes not in the corpus: " + missing.sorted().joined(separator: ", ") + "\n" }
        return text
    }

    /// DCG@10 over the ideal DCG@10 of the judged notes the query finds (gain 2^grade − 1).
    static func ndcg(_ order: [String], _ grades: [String: Int], found: Set<String>) -> Double {
        func dcg(_ gains: [Int]) -> Double {
            gains.prefix(10).enumerated().reduce(0) { $0 + (pow(2, Double($1.element)) - 1) / log2(Double($1.offset) + 2) }
        }
        let ideal = dcg(grades.filter { found.contains($0.key) }.map(\.value).sorted(by: >))
        return ideal > 0 ? dcg(order.map { grades[$0] ?? 0 }) / ideal : 0
    }

    /// The first five titles, as `a · b · c`.
    static func top(_ paths: [String]) -> String {
        paths.prefix(5).map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".md", with: "") }.joined(separator: " · ")
    }
}
