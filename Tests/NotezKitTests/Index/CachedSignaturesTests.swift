import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The cache's text signatures joined to a live index (the warm path's full text) find exactly
/// what reading every note finds, read fewer notes, and never trust a note the cache does not
/// describe as it is now.
@Suite("cached signatures")
struct CachedSignaturesTests {
    static let words = [
        "quokka", "Quokka", "Zürich", "ÉCOLE", "école", "naïve", "日本語", "straße", "STRASSE", "İstanbul", "\u{212A}elvin",
        "kelvin", "e\u{301}t\u{E9}", "été", "a b", "ab", "xyz", "the", "lorem", "ipsum", "dolor",
    ]

    private static func text(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...25, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            .joined(separator: [" ", "\n", "-", ""].randomElement(using: &generator)!)
    }

    private static func note(_ generator: inout SeededGenerator) -> String {
        let tag = ["x", "y", "x/z"].randomElement(using: &generator)!
        return "---\ntags: [\(tag)]\n---\n# \(words.randomElement(using: &generator)!)\n\(text(&generator))\n"
    }

    private static func query(_ generator: inout SeededGenerator) -> QueryNode {
        let word = QueryNode.text(words.randomElement(using: &generator)!)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return .and([word, .text(words.randomElement(using: &generator)!)])
        case 1: return .or([word, .tag("y")])
        case 2: return .and([.tag("x"), .not(word)])
        case 3: return .and([word, .folder("sub")])
        default: return word
        }
    }

    /// Every file under `root` with its bytes (symlinks as their targets' names).
    private static func files(_ root: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: root) ?? NSEnumerator() {
            let path = root + "/" + relative
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                result[relative] = Data(target.utf8)
            } else if let data = FileManager.default.contents(atPath: path) {
                result[relative] = data
            }
        }
        return result
    }

    /// The cache folder's index file (tests run with the user's cache folder; keyed by the vault).
    private static func cacheFile(_ vault: ScratchFolder) throws -> String {
        try #require(IndexCache.folderPath(root: vault.path)) + "/" + IndexCache.fileName
    }

    /// Random vaults: cached, then some notes changed, added and deleted behind the cache's back
    /// (the old cache file put back), so the join must leave the changed ones to be read.
    @Test func warmFullTextMatchesReadingEveryNote() throws {
        var generator = SeededGenerator(seed: 31)
        for round in 0..<6 {
            let vault = try ScratchFolder()
            let count = Int.random(in: 1...60, using: &generator)
            for number in 0..<count {
                _ = try vault.write(
                    (number % 3 == 0 ? "sub/" : "") + "n\(number).md", Self.note(&generator), modified: Date(timeIntervalSinceNow: -3600))
            }
            _ = try IndexBuilder.build(root: vault.path)
            let cache = try Self.cacheFile(vault)
            let stale = try Data(contentsOf: URL(fileURLWithPath: cache))
            for number in 0..<count where Bool.random(using: &generator) && number % 4 == 0 {
                _ = try vault.write(
                    (number % 3 == 0 ? "sub/" : "") + "n\(number).md", Self.note(&generator) + " quokka",
                    modified: Date(timeIntervalSinceNow: -1800))
            }
            for number in count..<(count + Int.random(in: 0...3, using: &generator)) {
                _ = try vault.write("new\(number).md", Self.note(&generator), modified: Date(timeIntervalSinceNow: -1800))
            }
            if count > 2 { try FileManager.default.removeItem(atPath: vault.path + "/n1.md") }
            let full = try IndexBuilder.build(root: vault.path)
            // Back to the cache of before the changes (a new file, as a cold run replaces it).
            try stale.write(to: URL(fileURLWithPath: cache + ".old"))
            expect(rename(cache + ".old", cache), equals: 0)
            let warm = full.withTextSignatures(CachedSignatures(root: vault.path), version: round)
            for _ in 0..<40 {
                let query = Self.query(&generator)
                let ignoring = Int.random(in: 0..<6, using: &generator) == 0
                var cold = QueryEvaluator(index: full, now: 0)
                cold.ignoresAccents = ignoring
                var hot = QueryEvaluator(collection: warm, now: 0)
                hot.ignoresAccents = ignoring
                expect(hot.positions(matching: query), equals: cold.positions(matching: query), "round \(round): \(query)")
            }
        }
    }

    /// Once the slices are made in the background, warm searches use them and still find what
    /// reading every note finds: on a cache that describes every note, then on one that misses
    /// the notes changed since (each test of the slices is for the cached notes only).
    @Test func warmSearchesUseTheSlicesOnceMade() throws {
        var generator = SeededGenerator(seed: 53)
        let vault = try ScratchFolder()
        for number in 0..<300 {
            _ = try vault.write(
                (number % 3 == 0 ? "sub/" : "") + "n\(number).md", Self.note(&generator), modified: Date(timeIntervalSinceNow: -3600))
        }
        var full = try IndexBuilder.build(root: vault.path)
        let cache = try Self.cacheFile(vault)
        let stale = try Data(contentsOf: URL(fileURLWithPath: cache))
        let source = CachedSignatures(root: vault.path)
        // A daemon asks for them before any search.
        source.prepare(titleFromHeading: false)
        source.slicingGroup.wait()
        expect(source.hasSlices)
        for round in 0..<2 {
            if round == 1 {
                for number in 0..<300 where number % 7 == 0 {
                    _ = try vault.write(
                        (number % 3 == 0 ? "sub/" : "") + "n\(number).md", Self.note(&generator) + " quokka",
                        modified: Date(timeIntervalSinceNow: -1800))
                }
                full = try IndexBuilder.build(root: vault.path)
                try stale.write(to: URL(fileURLWithPath: cache + ".old"))
                expect(rename(cache + ".old", cache), equals: 0)
            }
            let warm = full.withTextSignatures(source, version: round)
            for pass in 0..<2 {
                for _ in 0..<30 {
                    let query = Self.query(&generator)
                    let cold = QueryEvaluator(index: full, now: 0)
                    let hot = QueryEvaluator(collection: warm, now: 0)
                    expect(hot.positions(matching: query), equals: cold.positions(matching: query), "round \(round), pass \(pass): \(query)")
                }
                source.slicingGroup.wait()
                expect(source.hasSlices, "round \(round)")
            }
        }
    }

    /// While a daemon answers, a build of slices waits (its pages and the answer's memory are
    /// never resident together); it finishes once the answer ends.
    @Test func slicesWaitForAnAnswer() throws {
        var generator = SeededGenerator(seed: 59)
        let vault = try ScratchFolder()
        for number in 0..<200 {
            _ = try vault.write("n\(number).md", Self.note(&generator), modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let source = CachedSignatures(root: vault.path)
        source.answering {
            source.prepare(titleFromHeading: false)
            // Far longer than the build of 200 notes takes when nothing holds it back.
            expect(source.slicingGroup.wait(timeout: .now() + 1) == .timedOut)
            expect(!source.hasSlices)
        }
        source.slicingGroup.wait()
        expect(source.hasSlices)
    }

    /// A scan split in parts (run on all cores, each releasing its own stretch of pages) keeps
    /// exactly the notes one pass keeps, in the same order, for every split.
    @Test func scanInPartsKeepsWhatOnePassKeeps() throws {
        var generator = SeededGenerator(seed: 47)
        let vault = try ScratchFolder()
        // Enough short notes for sizes of signatures with more than one group of 64 in the slices.
        for number in 0..<250 {
            _ = try vault.write("n\(number).md", Self.note(&generator), modified: Date(timeIntervalSinceNow: -3600))
        }
        // Long notes too: signatures over 512 bits are blocked (format 8).
        for number in 250..<260 {
            let text = (0..<40).map { _ in Self.text(&generator) }.joined(separator: "\n")
            _ = try vault.write("n\(number).md", text + "\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        // One note whose signature is over the largest sliced: tested alone beside the slices.
        let long = (0..<30_000).map { _ in Self.words.randomElement(using: &generator)! }.joined(separator: " ")
        _ = try vault.write("n260.md", long + "\n", modified: Date(timeIntervalSinceNow: -3600))
        // One note the cache does not describe (written after it): a candidate in every part.
        let index = try IndexBuilder.build(root: vault.path)
        let cache = try Self.cacheFile(vault)
        let stale = try Data(contentsOf: URL(fileURLWithPath: cache))
        _ = try vault.write("n5.md", "changed after the cache\n", modified: Date(timeIntervalSinceNow: -60))
        let live = try IndexBuilder.build(root: vault.path)
        try stale.write(to: URL(fileURLWithPath: cache + ".old"))
        expect(rename(cache + ".old", cache), equals: 0)
        let file = try #require(MappedFile(path: cache))
        let image = try #require(CacheImage(file.contents))
        // Small tiles, so that a size's slices span several, the last one narrower.
        let sliceFolder = try ScratchFolder()
        expect(chmod(sliceFolder.path, 0o700), equals: 0)
        let slices = try #require(SignatureSlices(image: image, folder: sliceFolder.path, tileBytes: 1 << 11))
        let joined = CachedSignatures.join(live.notes, image)
        let signatures = joined.signatures
        expect(signatures.filter { $0 == CachedSignatures.none }.count, equals: 1)
        expect(slices.columns.contains(SignatureSlices.unsliced) && slices.columns.contains { $0 != SignatureSlices.unsliced })
        expect(index.notes.count, equals: live.notes.count)
        let positions = PositionSet(capacity: live.notes.count, full: true)
        var ruledOut = 0
        for word in Self.words {
            guard let trigrams = TextSignature.trigrams(TextFold.fold(Array(word.utf8)[...], ignoreAccents: false)) else { continue }
            let whole = CachedSignatures.test(positions, signatures: signatures, trigrams: trigrams, image: image, file: file, part: .max)
            ruledOut += positions.count - whole.count
            // Each signature tested alone, as the cold path tests it.
            let alone = positions.filter { position in
                let signature = signatures[position]
                guard signature != CachedSignatures.none else { return true }
                let start = image.signatures + Int(signature >> 32)
                return TextSignature.mayContain(
                    UnsafeRawBufferPointer(rebasing: image.bytes[start..<start + Int(signature & 0xFFFF_FFFF)]), trigrams)
            }
            expect(whole, equals: alone, "\(word)")
            for part in [1, 7, 30, 45] {
                let split = CachedSignatures.test(positions, signatures: signatures, trigrams: trigrams, image: image, file: file, part: part)
                expect(split, equals: whole, "\(word), parts of \(part)")
                let bySlices = CachedSignatures.test(
                    positions, signatures: signatures, trigrams: trigrams, image: image, file: file,
                    slices: (slices, joined.records), part: part)
                expect(bySlices, equals: whole, "\(word), sliced, parts of \(part)")
            }
            // Every other position too (a search after a cheap term tests a subset).
            let odd = positions.filter { $0 % 2 == 1 }
            let oddWhole = CachedSignatures.test(odd, signatures: signatures, trigrams: trigrams, image: image, file: file, part: .max)
            expect(CachedSignatures.test(odd, signatures: signatures, trigrams: trigrams, image: image, file: file, part: 4), equals: oddWhole)
        }
        // The signatures did rule notes out: the comparison is not between two full lists.
        expect(ruledOut > 0)
    }

    @Test func readsOnlyCandidatesAndFindsChangedNotes() throws {
        let vault = try ScratchFolder()
        for number in 0..<200 {
            let text = number % 50 == 0 ? "a quokka here \(number)" : "nothing of note \(number), just words"
            _ = try vault.write("n\(number).md", "\(text)\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let signatures = CachedSignatures(root: vault.path)
        let index = try IndexBuilder.build(root: vault.path)
        let warm = index.withTextSignatures(signatures, version: 1)
        let matcher = FullTextMatcher(notes: warm, needles: ["QUOKKA"])
        expect(matcher.matching(0, in: PositionSet(capacity: 200, full: true)).count, equals: 4)
        expect(matcher.loadedCount < 20)

        // A note changed since the cache: its cached signature (no quokka) is not trusted.
        let cache = try Self.cacheFile(vault)
        let stale = try Data(contentsOf: URL(fileURLWithPath: cache))
        _ = try vault.write("n7.md", "now a quokka too\n", modified: Date(timeIntervalSinceNow: -1800))
        let changed = try IndexBuilder.build(root: vault.path)
        try stale.write(to: URL(fileURLWithPath: cache + ".old"))
        expect(rename(cache + ".old", cache), equals: 0)
        let after = FullTextMatcher(notes: changed.withTextSignatures(signatures, version: 2), needles: ["quokka"])
        let found = after.matching(0, in: PositionSet(capacity: 200, full: true))
        expect(found.positions.map { changed.notes[$0].path }.contains("n7.md"))
        expect(found.count, equals: 5)
        expect(after.loadedCount < 20)
    }

    /// A cache that is corrupt, truncated or a symlink is not used (every note is read), and
    /// searching writes nothing: not in the vault, not in `.git/`, not where the symlink points.
    @Test func hostileCacheIsIgnoredAndNothingIsWritten() throws {
        let vault = try ScratchFolder()
        for number in 0..<30 {
            _ = try vault.write("n\(number).md", number % 10 == 0 ? "quokka \(number)\n" : "plain \(number)\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        let outside = try ScratchFolder()
        let index = try IndexBuilder.build(root: vault.path)
        let cache = try Self.cacheFile(vault)
        let good = try Data(contentsOf: URL(fileURLWithPath: cache))
        // The cache is trusted only behind its checks (a private folder, its layout): a note count
        // that does not fit the file is one of the layout checks.
        var bad = good
        bad[16] ^= 0x01
        let decoy = try outside.write("decoy.bin", good)
        let cases: [(String, () throws -> Void)] = [
            ("corrupt", { try bad.write(to: URL(fileURLWithPath: cache)) }),
            ("truncated", { try good.prefix(good.count - 9).write(to: URL(fileURLWithPath: cache)) }),
            ("symlink", {
                try FileManager.default.removeItem(atPath: cache)
                try FileManager.default.createSymbolicLink(atPath: cache, withDestinationPath: decoy)
            }),
        ]
        let before = try Self.files(vault.path)
        let outsideBefore = try Self.files(outside.path)
        for (version, (name, damage)) in cases.enumerated() {
            try damage()
            let warm = index.withTextSignatures(CachedSignatures(root: vault.path), version: version)
            let matcher = FullTextMatcher(notes: warm, needles: ["quokka"])
            expect(matcher.matching(0, in: PositionSet(capacity: 30, full: true)).count, equals: 3, "\(name)")
            expect(matcher.loadedCount, equals: 30, "\(name): an unusable cache filters nothing")
        }
        try expect(Self.files(vault.path), equals: before)
        try expect(Self.files(outside.path), equals: outsideBefore)
    }

    /// The notes over the size limit (full text skips their bodies, and says so) are found once per
    /// snapshot with the join, and a later snapshot's answer is its own, not the kept one.
    @Test func oversizedNotesAreKeptPerSnapshot() throws {
        let vault = try ScratchFolder()
        let old = Date(timeIntervalSinceNow: -3600)
        for number in 0..<6 { try vault.write("n\(number).md", "a quokka \(number)\n", modified: old) }
        try vault.write("big.md", "quokka\n", modified: old)
        // Sparse: over the limit by its size, without writing 32 MiB.
        expect(truncate(vault.path + "/big.md", off_t(NoteReader.maxNoteSize + 1)), equals: 0)
        let first = try IndexBuilder.build(root: vault.path)
        let source = CachedSignatures(root: vault.path)
        let query = try QueryParser.parse("quokka")
        let warm = first.withTextSignatures(source, version: 1)
        let answer = try Vault(snapshot: warm).search(query, over: warm)
        expect(answer.diagnostics, equals: [.oversized(path: "big.md")])
        expect(source.oversized(noteCount: first.notes.count, version: 1), equals: [first.notes.firstIndex { $0.path == "big.md" }!])
        try expect(Vault(root: vault.path).search(query).diagnostics, equals: answer.diagnostics)
        expect(answer.positions.count, equals: 6)

        try FileManager.default.removeItem(atPath: vault.path + "/big.md")
        try vault.write("zz big.md", String(repeating: "x", count: 10) + "\n", modified: old)
        expect(truncate(vault.path + "/zz big.md", off_t(NoteReader.maxNoteSize + 2)), equals: 0)
        try vault.write("a.md", "quokka again\n", modified: old)
        let second = try IndexBuilder.build(root: vault.path)
        let later = second.withTextSignatures(source, version: 2)
        try expect(Vault(snapshot: later).search(query, over: later).diagnostics, equals: [.oversized(path: "zz big.md")])
        expect(source.oversized(noteCount: first.notes.count, version: 1) == nil, "the old snapshot's list is not kept")
    }
}
