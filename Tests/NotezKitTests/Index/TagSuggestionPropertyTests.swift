import NotezTestSupport
import Testing

@testable import NotezKit

/// `tag suggest` finds its one-edit pairs through shared deletion variants (none made by dropping
/// an ASCII digit) and buckets plurals by the name when its leaf is its own singular; checking
/// every pair of tags and building every bucket the long way must give exactly the same
/// proposals, on random tag sets full of near-duplicates.
@Suite struct TagSuggestionPropertyTests {
    private static func note(_ path: String, tags: [String]) -> Note {
        Note(
            path: path, folder: "", title: path, tags: tags, tagKeys: tags.map { TagKey($0) }, pinned: false,
            created: 0, modified: 0, snippet: "", stamp: FileStamp(inode: 1, size: 1, mtimeNanos: 1))
    }

    /// Words, their one-edit variants (added, dropped, changed and swapped letters, digits),
    /// separator and plural variants, and parents.
    private static func tagSet(_ random: inout SeededGenerator) -> [String] {
        let letters = Array("abcdeéstr")
        func word() -> String { String((0..<Int.random(in: 3...8, using: &random)).map { _ in letters.randomElement(using: &random)! }) }
        func variant(_ text: String) -> String {
            var chars = Array(text)
            let at = Int.random(in: 0..<chars.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: chars.insert(letters.randomElement(using: &random)!, at: at)
            case 1: if chars.count > 1 { chars.remove(at: at) }
            case 2: chars[at] = letters.randomElement(using: &random)!
            case 3: if at + 1 < chars.count { chars.swapAt(at, at + 1) }
            case 4: chars.insert(Character(String(Int.random(in: 0...9, using: &random))), at: at)
            default: chars.insert(contentsOf: "-x", at: at)
            }
            return String(chars)
        }
        var tags: [String] = []
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            var tag = word()
            for _ in 0..<Int.random(in: 0...3, using: &random) { tag = variant(tag) }
            if Int.random(in: 0..<5, using: &random) == 0 { tag += "s" }
            if Int.random(in: 0..<4, using: &random) == 0 { tag = ["p", "q/r", "stuff"].randomElement(using: &random)! + "/" + tag }
            // A separator before the first slash leaves a name that squashes to `/leaf` (a top-level bucket).
            if Int.random(in: 0..<8, using: &random) == 0 { tag = ["-/", "_", "-"].randomElement(using: &random)! + tag }
            tags.append(tag)
            if Int.random(in: 0..<2, using: &random) == 0 { tags.append(variant(tag)) }
        }
        return tags.filter { !$0.isEmpty && !$0.hasPrefix("/") && !$0.hasSuffix("/") && !$0.contains("//") }
    }

    @Test func sharedVariantsFindWhatCheckingEveryPairFinds() {
        var random = SeededGenerator(seed: 30)
        var proposals = 0
        var oneEdits = 0
        for _ in 0..<300 {
            let tags = Self.tagSet(&random)
            let notes = (0..<Int.random(in: 1...60, using: &random)).map { number in
                Self.note("n\(number).md", tags: (0..<Int.random(in: 1...4, using: &random)).map { _ in tags.randomElement(using: &random)! })
            }
            let index = VaultIndex(root: "/nonexistent", config: VaultConfig(), notes: notes, folders: [])
            let fast = TagSuggestion.suggestions(for: index)
            expect(fast, equals: TagSuggestion.exhaustiveSuggestions(for: index), "\(tags)")
            proposals += fast.count
            oneEdits += fast.filter { $0.reason == .oneEdit }.count
        }
        // The sets do exercise the rule (a test that finds nothing would prove nothing).
        expect(oneEdits > 100 && proposals > oneEdits, "\(oneEdits) one-edit proposals of \(proposals)")
    }

    /// The direct one-edit check agrees with the edit distance on random short words.
    @Test func oneEditApartIsAnEditDistanceOfOne() {
        var random = SeededGenerator(seed: 31)
        let letters = Array("abé1")
        for _ in 0..<20_000 {
            let x = (0..<Int.random(in: 0...5, using: &random)).map { _ in letters.randomElement(using: &random)! }
            let y = (0..<Int.random(in: 0...5, using: &random)).map { _ in letters.randomElement(using: &random)! }
            expect(TagSuggestionFinder.oneEditApart(x, y), equals: (EditDistance.between(x, y) == 1), "\(String(x)) \(String(y))")
        }
    }
}
