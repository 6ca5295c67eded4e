import Foundation
import Testing
import NotezTestSupport

/// On each real vault of `../shared/corpora/`: rename the most used tag, check with an independent
/// reading of the `tags:` lines and with `git diff --numstat` that exactly the lines holding it
/// changed (one per flow list or string value, one per block item), then undo and compare every byte.
@Suite struct TagRefactorCorporaTests {
    static let newName = "notez-renamed-tag"

    /// One tag item found by the independent reading: the line it is on and its text.
    struct Item {
        var line: Int
        var tag: String
    }

    /// A deliberately simple reading of the front matter, independent of NotezKit: the top-level
    /// `tags:`/`tag:`/`Tags:`/`keywords:` keys as flow lists, strings, or block items on the next lines.
    static func tagItems(_ text: String) -> [Item] {
        // Only the front matter's lines are split off: the bodies of 16,000 notes split into lines
        // by Foundation, unoptimized, were most of this test's time.
        var lines: [String] = []
        var rest = Substring(text)
        while true {
            let cut = rest.utf8.firstIndex(of: UInt8(ascii: "\n"))
            var line = String(rest[..<(cut ?? rest.endIndex)])
            if line.utf8.last == UInt8(ascii: "\r") { line = String(line.utf8.dropLast())! }
            if lines.isEmpty, line.hasPrefix("\u{FEFF}") { line = String(line.dropFirst()) }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            lines.append(line)
            if lines.count == 1 {
                guard trimmed == "---" else { return [] }
            } else if trimmed == "---" || trimmed == "..." {
                break
            }
            guard let cut else { return [] }
            rest = rest[rest.utf8.index(after: cut)...]
        }
        let end = lines.count - 1
        var items: [Item] = []
        var index = 1
        while index < end {
            let line = lines[index]
            guard let key = ["tags:", "tag:", "Tags:", "keywords:"].first(where: { line.hasPrefix($0) }) else {
                index += 1
                continue
            }
            let value = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                var next = index + 1
                while next < end {
                    let item = lines[next].trimmingCharacters(in: .whitespaces)
                    if item.isEmpty || item.hasPrefix("#") { next += 1; continue }
                    guard item == "-" || item.hasPrefix("- ") else { break }
                    items.append(Item(line: next, tag: clean(String(item.dropFirst()))))
                    next += 1
                }
                index = next
                continue
            }
            if value.hasPrefix("[") {
                for part in value.dropFirst().dropLast().split(separator: ",") {
                    items.append(Item(line: index, tag: clean(String(part))))
                }
            } else {
                for part in unquote(value).split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
                    items.append(Item(line: index, tag: clean(String(part))))
                }
            }
            index += 1
        }
        return items.filter { !$0.tag.isEmpty && $0.tag != "~" && $0.tag.lowercased() != "null" }
    }

    static func unquote(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }

    static func clean(_ text: String) -> String {
        var tag = unquote(text)
        if tag.hasPrefix("#") { tag.removeFirst() }
        return tag.trimmingCharacters(in: .whitespaces)
    }

    static func git(_ arguments: [String], in vault: TempVault) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "git", "-c", "user.name=notez", "-c", "user.email=notez@example.invalid", "-c", "core.quotePath=false",
                "-c", "core.autocrlf=false",
            ] + arguments
        process.currentDirectoryURL = vault.url
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        expect(process.terminationStatus, equals: 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    static func outsideNotez(_ snapshot: [String: Data]) -> [String: Data] {
        snapshot.filter { !$0.key.hasPrefix(".notez/") && !$0.key.hasPrefix(".git/") }
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func renameTheMostUsedTagThenUndo(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        let files = CorporaTests.noteFiles(in: vault.url)
        var texts: [String: String] = [:]
        var usage: [String: Int] = [:]
        for path in files {
            let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
            texts[path] = text
            for tag in Set(Self.tagItems(text).map { $0.tag.lowercased() }) { usage[tag, default: 0] += 1 }
        }
        let (tag, count) = try #require(usage.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })
        expect(count >= 1, "most used tag '\(tag)' is on \(count) notes")

        // Files notez reports as unreadable YAML keep their tags unread and are left alone (a date
        // it cannot read is reported too, but the file's tags are read).
        let check = try vault.run(["check", "--json", "--no-links"])
        let reported = Set(
            (try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [[String: Any]])
                .filter { !($0["message"] as! String).contains("is not a date notez can read") }.map { $0["path"] as! String })
        var expected: [String: [Int]] = [:]
        for (path, text) in texts where !reported.contains(path) {
            let lines = Set(Self.tagItems(text).filter { $0.tag.lowercased() == tag }.map(\.line))
            if !lines.isEmpty { expected[path] = lines.sorted() }
        }
        expect(!expected.isEmpty)

        _ = try Self.git(["init", "-q"], in: vault)
        _ = try Self.git(["add", "-A"], in: vault)
        _ = try Self.git(["commit", "-q", "-m", "corpus"], in: vault)
        let before = try vault.snapshot()

        let rename = try vault.run(["tag", "rename", tag, Self.newName, "--exact", "--frontmatter-only"])
        expect(rename.status, equals: 0, "\(rename.stderr)")

        // git: one changed line per flow list / string value and per block item, in exactly those files.
        var numstat: [String: (Int, Int)] = [:]
        for entry in try Self.git(["diff", "--numstat", "-z"], in: vault).split(separator: "\0") {
            let fields = entry.split(separator: "\t", maxSplits: 2)
            numstat[String(fields[2])] = (Int(fields[0]) ?? -1, Int(fields[1]) ?? -1)
        }
        expect(Set(numstat.keys), equals: Set(expected.keys))
        for (path, lines) in expected {
            expect(
                numstat[path].map { $0 == (lines.count, lines.count) }, equals: true,
                "\(path): \(String(describing: numstat[path])) vs \(lines.count)")
        }

        // The independent reading: every note that had the tag has the new name in its place, nothing else moved.
        let after = try vault.snapshot()
        for (path, lines) in expected {
            let old = texts[path]!.components(separatedBy: "\n")
            let new = String(decoding: after[path]!, as: UTF8.self).components(separatedBy: "\n")
            expect(old.count, equals: new.count, "\(path)")
            guard old.count == new.count else { continue }
            let changed = old.indices.filter { old[$0] != new[$0] }
            expect(changed, equals: lines, "\(path)")
            let oldItems = Self.tagItems(texts[path]!)
            let newItems = Self.tagItems(String(decoding: after[path]!, as: UTF8.self))
            expect(newItems.map(\.line), equals: oldItems.map(\.line), "\(path)")
            expect(newItems.map(\.tag), equals: oldItems.map { $0.tag.lowercased() == tag ? Self.newName : $0.tag }, "\(path)")
        }
        for path in files where expected[path] == nil {
            expect(after[path], equals: before[path], "\(path) should be untouched")
        }

        let undo = try vault.run(["undo"])
        expect(undo.status, equals: 0, "\(undo.stderr)")
        expect(Self.outsideNotez(try vault.snapshot()), equals: Self.outsideNotez(before))
        expect(try Self.git(["status", "--porcelain", "--untracked-files=no"], in: vault).isEmpty)
    }
}
