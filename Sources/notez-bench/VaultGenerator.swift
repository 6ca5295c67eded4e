import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// What the benchmark needs to know about a generated vault (stored in its marker file).
struct VaultFacts {
    var root: String
    var notes: Int
    var folders: Int
    var bytes: Int
    var topTags: [String]
    var bigFolder: String
    var midFolder: String
    var word: String
    var wordNotes: Int
    var seconds: Double
    /// The archive a real vault was unpacked from (`--corpus`); nil for a generated vault.
    var corpus: String? = nil

    /// The two-word query of the ranked two-word rows (issue 32's `binary search`): on a corpus
    /// `binary search` (words every computer-science text has, ~3% and ~10% of the notes), on a
    /// generated vault `WORD` with the placed word of 5% (`kubernetes`), so both words' candidates
    /// are read. Not in the marker: derived, so a cached vault needs no new generator version.
    var twoWords: String { corpus == nil ? word + " kubernetes" : "binary search" }

    static let markerName = ".notez-bench"

    func markerText(version: Int, seed: UInt64) -> String {
        [
            "generator=\(version)", "seed=\(seed)", "notes=\(notes)", "folders=\(folders)", "bytes=\(bytes)",
            "bigFolder=\(bigFolder)", "midFolder=\(midFolder)", "word=\(word)", "wordNotes=\(wordNotes)",
            "seconds=\(seconds)",
        ].joined(separator: "\n") + "\n" + topTags.map { "topTag=\($0)" }.joined(separator: "\n") + "\n"
    }

    /// Reads a marker; nil unless it was written by this generator version with this seed and size.
    static func read(root: String, version: Int, seed: UInt64, notes: Int) -> VaultFacts? {
        guard let text = try? String(contentsOfFile: root + "/" + markerName, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        var tags: [String] = []
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            let value = String(line[line.index(after: equals)...])
            if key == "topTag" { tags.append(value) } else { values[key] = value }
        }
        guard values["generator"] == String(version), values["seed"] == String(seed),
            values["notes"] == String(notes), tags.count >= 3,
            let folders = Int(values["folders"] ?? ""), let bytes = Int(values["bytes"] ?? ""),
            let big = values["bigFolder"], let mid = values["midFolder"], let word = values["word"],
            let wordNotes = Int(values["wordNotes"] ?? "")
        else { return nil }
        return VaultFacts(
            root: root, notes: notes, folders: folders, bytes: bytes, topTags: tags, bigFolder: big,
            midFolder: mid, word: word, wordNotes: wordNotes,
            seconds: Double(values["seconds"] ?? "") ?? 0)
    }
}

/// Writes a vault shaped like real ones (docs/performance.md), deterministically from a seed.
struct VaultGenerator {
    /// Bump when the output changes, so cached vaults are regenerated.
    static let version = 1
    /// The full-text word placed in about 1% of the notes; no generated word contains it.
    static let rareWord = "quokka"
    /// Other distinctive words and their rates, for realistic full-text hit counts.
    static let placedWords: [(word: String, rate: Double)] = [
        (rareWord, 0.01), ("zeppelin", 0.001), ("Zürich", 0.02), ("kubernetes", 0.05),
    ]

    let count: Int
    let seed: UInt64
    let root: String

    private var random: SplitMix64
    private let words: [String]
    private let wordWeights: [Double]
    private let coreTags: [String]
    private let coreWeights: [Double]

    init(count: Int, seed: UInt64, root: String) {
        self.count = count
        self.seed = seed
        self.root = root
        random = SplitMix64(seed: seed)
        var vocabularyRandom = SplitMix64(seed: 0x5EED_0F_3A7E5)
        words = VaultGenerator.makeWords(&vocabularyRandom)
        wordWeights = zipfTable(count: words.count, exponent: 1.0)
        coreTags = VaultGenerator.makeCoreTags(&vocabularyRandom, words: words)
        coreWeights = zipfTable(count: coreTags.count, exponent: 1.0)
    }

    // MARK: - Vocabulary

    static let realWords = [
        "the", "and", "of", "to", "in", "is", "for", "on", "with", "as", "that", "this", "it", "be", "at", "by",
        "note", "notes", "meeting", "project", "idea", "review", "plan", "draft", "summary", "todo", "read",
        "book", "paper", "design", "release", "budget", "team", "client", "follow", "up", "question", "answer",
        "weekly", "daily", "goal", "habit", "sleep", "run", "code", "bug", "fix", "test", "deploy", "server",
        "recipe", "garden", "travel", "flight", "hotel", "museum", "chapter", "author", "quote", "argument",
        "evidence", "model", "theory", "method", "result", "data", "chart", "table", "list", "task", "deadline",
        "monday", "friday", "morning", "evening", "coffee", "lunch", "call", "email", "thread", "link", "source",
    ]

    static let nonASCIIWords = ["résumé", "naïve", "café", "Straße", "über", "déjà", "façade", "日記", "Привет", "crème", "señor", "Ærø"]

    /// ~3000 words: real ones first (the most frequent), then pronounceable pseudo-words made of
    /// letters that cannot spell any placed word.
    static func makeWords(_ random: inout SplitMix64) -> [String] {
        let consonants = ["b", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "br", "st", "tr", "pl"]
        let vowels = ["a", "e", "i", "o", "u", "ea", "io"]
        let endings = ["", "", "", "n", "r", "s", "l", "nt", "st"]
        var seen = Set(realWords)
        var result = realWords
        while result.count < 3000 {
            var word = ""
            for _ in 0..<random.int(1...3) { word += random.pick(consonants) + random.pick(vowels) }
            word += random.pick(endings)
            if seen.insert(word).inserted { result.append(word) }
        }
        let placed = placedWords.map { $0.word.lowercased() }
        return result.filter { word in !placed.contains { word.lowercased().contains($0) } }
    }

    static func makeCoreTags(_ random: inout SplitMix64, words: [String]) -> [String] {
        var tags = [
            "ideas", "todo", "work", "personal", "reading", "project/alpha", "meeting", "journal", "research",
            "book", "project/beta", "programming/swift", "inbox", "review", "reference", "draft", "recipe",
            "travel", "health", "finance", "space travel", "learning", "area/home", "area/health/sleep", "people",
            "machine learning", "status/active", "status/done", "type/permanent", "type/literature", "Zürich",
            "café", "日本語", "naïve ideas", "2023", "2024", "MOC", "ToRead", "GTD", "Écriture", "météo",
            "programming/python", "programming/rust", "open source", "someday", "quotes", "music", "film",
            "project/gamma", "area/career",
        ]
        var seen = Set(tags.map { $0.lowercased() })
        let pseudo = Array(words.dropFirst(realWords.count))
        while tags.count < 150 {
            let a = random.pick(pseudo)
            let b = random.pick(pseudo)
            let tag: String
            switch random.int(0...9) {
            case 0...4: tag = a
            case 5...6: tag = a + "/" + b
            case 7: tag = a.capitalized + " " + b
            case 8: tag = a + "/" + b + "/" + random.pick(pseudo)
            default: tag = a.capitalized
            }
            if seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        return tags
    }

    // MARK: - Generation

    /// Generates the vault into `root` (which must not exist yet) and returns its facts.
    mutating func generate() throws -> VaultFacts {
        let started = Date()
        try FileManager.default.createDirectory(atPath: root + "/.notez", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.obsidian", withIntermediateDirectories: true)
        try Data("{\"theme\": \"obsidian\"}\n".utf8).write(to: URL(fileURLWithPath: root + "/.obsidian/app.json"))

        let (folders, bigFolder) = makeFolders()
        for folder in folders { try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true) }
        var shuffled = folders.filter { $0 != bigFolder }
        for index in stride(from: shuffled.count - 1, to: 0, by: -1) {
            shuffled.swapAt(index, random.int(0...index))
        }
        let folderWeights = zipfTable(count: shuffled.count, exponent: 0.8)

        var usedPaths = Set<String>()
        var tagUses: [String: (spelling: String, count: Int)] = [:]
        var topLevelCounts: [String: Int] = [:]
        var totalBytes = 0
        var wordNotes = 0
        for _ in 0..<count {
            let roll = random.unit()
            let folder: String
            if roll < 0.20 {
                folder = bigFolder
            } else if roll < 0.25 {
                folder = ""
            } else {
                folder = shuffled[random.weighted(folderWeights)]
            }
            let top = folder.split(separator: "/").first.map(String.init) ?? ""
            topLevelCounts[top, default: 0] += 1
            let path = uniquePath(folder: folder, used: &usedPaths)
            let note = makeNote()
            for tag in note.tags {
                let key = tag.precomposedStringWithCanonicalMapping.lowercased()
                let previous = tagUses[key] ?? (tag, 0)
                tagUses[key] = (previous.spelling, previous.count + 1)
            }
            if note.hasRareWord { wordNotes += 1 }
            totalBytes += note.bytes.count
            try write(note.bytes, to: root + "/" + path, mtime: note.mtime)
        }
        // Tags used most, by note count; subtag uses are not added to parents (queries use the exact top tags).
        let top = tagUses.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        let mid = topLevelCounts.filter { !$0.key.isEmpty && $0.key != bigFolder }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let middle = mid.isEmpty ? bigFolder : mid[min(2, mid.count - 1)].key
        return VaultFacts(
            root: root, notes: count, folders: folders.count, bytes: totalBytes,
            topTags: top.prefix(3).map { $0.value.spelling }, bigFolder: bigFolder, midFolder: middle,
            word: VaultGenerator.rareWord, wordNotes: wordNotes,
            seconds: Date().timeIntervalSince(started))
    }

    /// Folders up to depth 5: 8-25 top-level ones (one of them the big "Daily Notes"), then
    /// subfolders under random shallower parents.
    private mutating func makeFolders() -> (all: [String], big: String) {
        let topNames = [
            "Projects", "Areas", "Resources", "Archive", "Work", "Personal", "Reading Notes", "Recipes", "Travel",
            "Meetings", "Research", "Zettelkasten", "Clippings", "Templates", "Writing", "Finance", "Health",
            "Études", "Bücher", "Code", "People", "Ideas Lab", "Courses", "Inbox", "Side Projects",
        ]
        let big = "Daily Notes"
        var pool = topNames
        var all = [big]
        let topCount = random.int(8...25)
        while all.count < topCount {
            all.append(pool.remove(at: random.int(0...(pool.count - 1))))
        }
        let target = min(40 + count / 40, 3000)
        var children: [String: Set<String>] = [:]
        let pseudo = Array(words.dropFirst(VaultGenerator.realWords.count))
        while all.count < target {
            let parent = all[random.int(1...(all.count - 1))]  // index 0 is the big folder: kept flat
            let depth = parent.split(separator: "/").count
            if depth >= 5 { continue }
            var name = random.pick(pseudo).capitalized
            if random.chance(0.3) { name += " " + random.pick(pseudo) }
            if random.chance(0.05) { name += " " + random.pick(VaultGenerator.nonASCIIWords) }
            guard children[parent, default: []].insert(name.lowercased()).inserted else { continue }
            all.append(parent + "/" + name)
        }
        return (all, big)
    }

    private mutating func uniquePath(folder: String, used: inout Set<String>) -> String {
        let pseudo = words
        var parts = (0..<random.int(2...5)).map { _ in random.pick(pseudo) }
        parts[0] = parts[0].capitalized
        if random.chance(0.05) { parts.insert(random.pick(VaultGenerator.nonASCIIWords), at: random.int(0...parts.count)) }
        let separator = random.chance(0.8) ? " " : random.pick(["-", "_", ""])
        let base = parts.joined(separator: separator)
        let ext = random.chance(0.01) ? ".markdown" : ".md"
        var candidate = (folder.isEmpty ? "" : folder + "/") + base + ext
        var number = 2
        while !used.insert(candidate.lowercased()).inserted {
            candidate = (folder.isEmpty ? "" : folder + "/") + base + " \(number)" + ext
            number += 1
        }
        return candidate
    }

    struct GeneratedNote {
        var bytes: [UInt8]
        var tags: [String]
        var hasRareWord: Bool
        var mtime: Int
    }

    private mutating func makeNote() -> GeneratedNote {
        // 2015-01-01 .. 2025-01-01
        let mtime = 1_420_070_400 + random.int(0...315_532_800)
        var tags: [String] = []
        let tagCountRoll = random.unit()
        let tagCount =
            tagCountRoll < 0.08
            ? 0
            : tagCountRoll < 0.80
                ? random.int(1...4)
                : tagCountRoll < 0.96 ? random.int(5...8) : random.int(9...24)
        for _ in 0..<tagCount {
            var tag: String
            if random.chance(0.85) {
                tag = coreTags[random.weighted(coreWeights)]
            } else {
                tag = "topic/" + random.pick(words) + "-" + String(random.int(1...4000))
            }
            if random.chance(0.08) { tag = random.chance(0.5) ? tag.capitalized : tag.uppercased() }
            if !tags.contains(where: { $0.lowercased() == tag.lowercased() }) { tags.append(tag) }
        }

        var text = ""
        var writtenTags = tags
        let hasFrontMatter = random.chance(0.95)
        let title = sentence(words: random.int(2...6), capitalized: true)
        if hasFrontMatter {
            text += "---\n"
            if random.chance(0.005) {
                text += random.pick([
                    "title: [unclosed\n", "tags: [a, b\n", "title: x\n  bad: indent\n",
                    "title: \"unterminated\n", "tags:\n\t- tab\n",
                ])
            } else {
                if random.chance(0.5) { text += "title: " + (random.chance(0.2) ? "\"\(title)\"" : title) + "\n" }
                writtenTags = frontMatterTags(tags, into: &text)
                if random.chance(0.02) {
                    text += "pinned: " + random.pick(["true", "yes", "True", "\"true\""]) + "\n"
                } else if random.chance(0.1) {
                    text += "pinned: false\n"
                }
                if random.chance(0.7) { text += "created: " + date(mtime - random.int(0...40_000_000)) + "\n" }
                if random.chance(0.4) { text += random.pick(["modified", "updated", "lastmod"]) + ": " + date(mtime) + "\n" }
                if random.chance(0.15) { text += "aliases:\n  - " + sentence(words: 2, capitalized: true) + "\n" }
                if random.chance(0.1) { text += "status: " + random.pick(["draft", "done", "active", "\"on hold\""]) + "\n" }
                if random.chance(0.05) { text += "# a comment the editor must keep\nsource: https://example.com/\(random.pick(words))\n" }
            }
            text += "---\n"
        } else {
            writtenTags = []
        }
        if random.chance(0.4) { text += "# " + title + "\n\n" }
        var bytes = Array(text.utf8)

        let sizeRoll = random.unit()
        let median = sizeRoll < 0.65 ? 300.0 : sizeRoll < 0.95 ? 2048.0 : 12288.0
        let target = min(Int(random.lognormal(median: median, sigma: 0.8)), 1_500_000)
        let bodyStart = bytes.count
        appendBody(into: &bytes, target: max(target - bodyStart, 20))

        var hasRare = false
        for (word, rate) in VaultGenerator.placedWords where random.chance(rate) {
            if word == VaultGenerator.rareWord { hasRare = true }
            let spelled = random.chance(0.3) ? word.capitalized : word
            insertWord(spelled, into: &bytes, from: bodyStart)
        }
        if random.chance(0.02) {
            var crlf: [UInt8] = []
            crlf.reserveCapacity(bytes.count + bytes.count / 20)
            for byte in bytes {
                if byte == 0x0A { crlf.append(0x0D) }
                crlf.append(byte)
            }
            bytes = crlf
        }
        if random.chance(0.001) { bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
        return GeneratedNote(bytes: bytes, tags: writtenTags, hasRareWord: hasRare, mtime: mtime)
    }

    /// Writes `tags:` in one of the list styles; returns the tags a reader will see.
    private mutating func frontMatterTags(_ tags: [String], into text: inout String) -> [String] {
        let key = random.chance(0.95) ? "tags" : random.pick(["tag", "Tags", "keywords"])
        let style = random.unit()
        if style < 0.05 || tags.isEmpty {
            text += key + random.pick([": []\n", ":\n", ": \"\"\n"])
            return []
        }
        if style < 0.65 {
            text += key + ":\n" + tags.map { "  - " + quoted($0) + "\n" }.joined()
            return tags
        }
        if style < 0.90 {
            text += key + ": [" + tags.map { quoted($0) }.joined(separator: ", ") + "]\n"
            return tags
        }
        // One string, split on commas and white space: tags with spaces become several tags.
        let joined = tags.joined(separator: random.chance(0.5) ? ", " : " ")
        text += key + ": " + (random.chance(0.3) ? "\"\(joined)\"" : joined) + "\n"
        return joined.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }

    private mutating func quoted(_ tag: String) -> String {
        random.chance(0.15) ? "\"\(tag)\"" : tag
    }

    private mutating func date(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        let y = Int(parts.tm_year) + 1900
        let m = Int(parts.tm_mon) + 1
        let d = Int(parts.tm_mday)
        let hh = Int(parts.tm_hour)
        let mm = Int(parts.tm_min)
        let ss = Int(parts.tm_sec)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = "\(y)-\(two(m))-\(two(d))"
        switch random.int(0...7) {
        case 0, 1: return day
        case 2: return "\(day)T\(two(hh)):\(two(mm)):\(two(ss))Z"
        case 3: return "\(day)T\(two(hh)):\(two(mm)):\(two(ss))+02:00"
        case 4: return "\(day) \(two(hh)):\(two(mm)):\(two(ss)) +0100"
        case 5: return "\(day)T\(two(hh)):\(two(mm))"
        case 6: return String(seconds)
        default: return "\"\(day)\""
        }
    }

    private mutating func sentence(words count: Int, capitalized: Bool) -> String {
        var parts = (0..<count).map { _ in words[random.weighted(wordWeights)] }
        if capitalized { parts[0] = parts[0].capitalized }
        return parts.joined(separator: " ")
    }

    private mutating func appendWord(_ word: String, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: word.utf8)
    }

    /// Markdown paragraphs, lists, quotes, code and headings until `target` bytes.
    private mutating func appendBody(into bytes: inout [UInt8], target: Int) {
        let end = bytes.count + target
        while bytes.count < end {
            switch random.int(0...19) {
            case 0: bytes += Array(("## " + sentence(words: random.int(1...4), capitalized: true) + "\n\n").utf8)
            case 1...3:
                for _ in 0..<random.int(2...6) {
                    bytes += Array((random.chance(0.2) ? "- [ ] " : "- ").utf8)
                    appendSentence(into: &bytes, words: random.int(3...10))
                    bytes.append(0x0A)
                }
                bytes.append(0x0A)
            case 4:
                bytes += Array("```swift\nlet value = compute(\(random.int(1...99)))\nprint(value)\n```\n\n".utf8)
            case 5:
                bytes += Array("> ".utf8)
                appendSentence(into: &bytes, words: random.int(6...20))
                bytes += [0x0A, 0x0A]
            default:
                for _ in 0..<random.int(2...7) {
                    appendSentence(into: &bytes, words: random.int(5...16))
                    bytes.append(0x20)
                }
                bytes += [0x0A, 0x0A]
            }
        }
    }

    private mutating func appendSentence(into bytes: inout [UInt8], words count: Int) {
        for index in 0..<count {
            if index > 0 { bytes.append(0x20) }
            let word = words[random.weighted(wordWeights)]
            let roll = random.int(0...99)
            if roll == 0 {
                bytes += Array("[[\(word.capitalized)]]".utf8)
            } else if roll == 1 {
                bytes += Array("[\(word)](https://example.com/\(word))".utf8)
            } else if roll == 2 {
                bytes += Array("**\(word)**".utf8)
            } else if index == 0 {
                bytes += Array(word.capitalized.utf8)
            } else {
                appendWord(word, into: &bytes)
            }
        }
        bytes.append(0x2E)
    }

    /// Puts `word` after a random space of the body (so it stays a separate word).
    private mutating func insertWord(_ word: String, into bytes: inout [UInt8], from start: Int) {
        var position = start + random.int(0...max(0, bytes.count - start - 1))
        while position < bytes.count, bytes[position] != 0x20 { position += 1 }
        if position >= bytes.count {
            bytes += Array((" " + word + ".\n").utf8)
        } else {
            bytes.insert(contentsOf: Array((" " + word).utf8), at: position)
        }
    }

    private func write(_ bytes: [UInt8], to path: String, mtime: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        if let code = SystemIO.writeAll(fd, bytes) { throw BenchError("cannot write \(path): \(String(cString: strerror(code)))") }
        // Old mtimes, as in a real vault (and outside the index cache's racy window).
        var times = [timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0)]
        futimens(fd, &times)
    }
}

/// A fatal benchmark error with a message.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
