import Foundation
import Testing
import NotezTestSupport

/// `notez check` with a current index cache (body facts and stored link resolutions taken from it,
/// nothing resolved) prints, byte for byte, what it prints with no cache at all.
@Suite struct CheckCacheParityTests {
    @Test func checkFromTheCacheEqualsCheckWithoutOne() throws {
        let vault = try TempVault()
        try vault.write(
            "a/Source.md",
            "---\ntags: [Topic]\n---\nSee [[Nowhere]], [[Twin]], [[README]], ![[gone.png]], [[pic.png]].\n[text](../Gone%20Away.md) [ok](../b/Target.md)\n")
        try vault.write("b/Target.md", "---\ntags: [topic]\n---\nBack to [[Source]] and [[Source#Missing heading]].\n")
        try vault.write("x/Twin.md", "one\n")
        try vault.write("y/Twin.md", "two\n")
        try vault.write("Conflict.md", "before\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n")
        try vault.write("Dates.md", "---\ncreated: someday\n---\nbody\n")
        try vault.write("Notes (conflicted copy).md", "copy\n")
        try vault.write("Broken.md", "---\ntitle: [unclosed\n---\nbody\n")
        try vault.write("README", "not a note\n")
        try vault.write("pic.png", "png\n")
        // In the attachment folder of the root notes (`./attachments`), linked by none.
        try vault.write("attachments/unused.png", "png\n")
        try vault.ageEveryFile()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("notez-check-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let before = try vault.snapshot()
        for arguments in [["check"], ["check", "--json"], ["check", "--no-attachments"], ["check", "--no-links"]] {
            // No cache home: every note read, every link resolved.
            let without = try vault.run(arguments, environment: ["XDG_CACHE_HOME": "/dev/null"])
            let first = try vault.run(arguments, environment: ["XDG_CACHE_HOME": cache])
            let fromCache = try vault.run(arguments, environment: ["XDG_CACHE_HOME": cache])
            for run in [first, fromCache] {
                expect(run.stdout, equals: without.stdout, "\(arguments)")
                expect(run.stderr, equals: without.stderr, "\(arguments)")
                expect(run.status, equals: without.status, "\(arguments)")
            }
            expect(without.status, equals: 1)
        }
        let all = try vault.run(["check"], environment: ["XDG_CACHE_HOME": cache]).stdout
        for kind in [
            "broken link [[Nowhere]]", "ambiguous link [[Twin]]", "missing attachment ![[gone.png]]", "orphaned attachment",
            "broken link [text](../Gone%20Away.md)", "conflict markers from a merge at line 2", "created: 'someday' is not a date",
            "a conflict copy made by", "Broken.md:", "tag spelled in 2 ways", "attachments/unused.png: orphaned attachment",
        ] {
            expect(all.contains(kind), "\(kind) in \(all)")
        }
        expect(!all.contains("[[README]]") && !all.contains("pic.png") && !all.contains("[ok]"), "\(all)")
        // check is a read: the vault is as it was.
        try expect(vault.snapshot(), equals: before)
    }

    /// The plain findings laid out as bytes (`CheckOutput`) are the lines `TerminalText.safe` made of
    /// each `Finding.text` before (this output is `main`'s, byte for byte): control and bidi
    /// characters escaped in paths and links, other non-ASCII kept, link text cut at 120
    /// characters (not bytes), the tag variants counted per spelling; with and without a cache.
    @Test func plainFindingsAreTheLinesTheyWere() throws {
        let vault = try TempVault()
        try vault.write("a/Long.md", "See [[Nowhere]] and [[" + String(repeating: "é", count: 70) + "]] and [[" + String(repeating: "x", count: 130) + "]].\n")
        try vault.write("Tags.md", "---\ntags: [Open Science, OPEN-science]\n---\n[[Gone]]\n")
        try vault.write("Tags2.md", "---\ntags: [open-science]\n---\n#Open-Science\n")
        try vault.write("Tags3.md", "---\ntags: [Open-Science]\n---\n")
        try vault.write("Esc\u{1B}ape.md", "[[Esc\u{1B}gone]] [[Bi\u{202E}di]]\n")
        try vault.write("Em\u{2014}dash.md", "[[Dash\u{2014}gone]]\n")
        try vault.ageEveryFile()
        let expected = [
            "tag spelled in 3 ways (same tag, case differs): 'OPEN-science' (1), 'Open-Science' (1), 'open-science' (1)",
            "tags differ only in separators: 'Open Science', 'OPEN-science'",
            "Em\u{2014}dash.md:1:1: broken link [[Dash\u{2014}gone]]: no note matches",
            "Esc\\u{1B}ape.md:1:1: broken link [[Esc\\u{1B}gone]]: no note matches",
            "Esc\\u{1B}ape.md:1:1: broken link [[Bi\\u{202E}di]]: no note matches",
            "Tags.md:4:1: broken link [[Gone]]: no note matches",
            "a/Long.md:1:1: broken link [[Nowhere]]: no note matches",
            "a/Long.md:1:1: broken link [[" + String(repeating: "é", count: 70) + "]]: no note matches",
            "a/Long.md:1:1: broken link [[" + String(repeating: "x", count: 117) + "…: no note matches",
            "",
            "1 tag merge proposal (not problems; evidence: notez tag suggest):",
            "  notez tag merge \"Open Science\" --into OPEN-science",
        ].joined(separator: "\n") + "\n"
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("notez-check-lines-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        for home in ["/dev/null", cache, cache] {
            let run = try vault.run(["check"], environment: ["XDG_CACHE_HOME": home])
            expect(run.stdout, equals: expected, "\(home)")
            expect(run.stderr, equals: "notez: 9 problems in 6 notes\n")
            expect(run.status, equals: 1)
        }
    }

    /// Random vaults (hostile names, broken and ambiguous links, tags spelled several ways,
    /// conflict markers and copies, bad dates and front matter, attachments): `check` from a
    /// current cache (the cached view, no full index) prints what it prints with no cache, text
    /// and `--json`, with the same status, and writes nothing into the vault.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomVaultsCheckAlikeFromTheCachedView(seed: UInt64) throws {
        let vault = try TempVault()
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let names = ["Alpha", "alpha", "Esc\u{1B}ape", "Bi\u{202E}di", "café", "cafe\u{301}", "Em\u{2014}dash", "dup", "Dup"]
        let folders = ["", "a", "a/b", "C d"]
        let tags = ["Topic", "topic", "TOPIC", "open-science", "Open Science", "open_science", "solo"]
        for number in 0..<24 {
            let name = names[next(names.count)] + (next(3) == 0 ? "" : " \(number)") + (next(12) == 0 ? " (conflicted copy)" : "")
            let folder = folders[next(folders.count)]
            var text = ""
            switch next(5) {
            case 0: text += "---\ntitle: [unclosed\n---\n"
            case 1: text += "---\ncreated: someday\n---\n"
            case 2: text += "---\ntags: [\"\(tags[next(tags.count)])\", \"\(tags[next(tags.count)])\"]\n---\n"
            default: break
            }
            if next(3) == 0 { text += "#" + tags[next(tags.count)].replacingOccurrences(of: " ", with: "-") + "\n" }
            if next(6) == 0 { text += "x\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n" }
            for _ in 0..<next(4) {
                let target = names[next(names.count)]
                switch next(4) {
                case 0: text += "[[\(target)]] "
                case 1: text += "![[\(target).png]] "
                case 2: text += "[t](../\(target.replacingOccurrences(of: " ", with: "%20")).md) "
                default: text += "[[\(folders[next(folders.count)])/\(target)|label]] "
                }
            }
            try vault.write(folder.isEmpty ? name + ".md" : folder + "/" + name + ".md", text + "\n")
        }
        try vault.write("img/Alpha.png", "png\n")
        try vault.write("attachments/unused.png", "png\n")
        // Hostile: `.git/` with a note-like file, and a symlinked note pointing outside the vault.
        try vault.write(".git/HEAD", "ref: refs/heads/main\n")
        try vault.write(".git/notes.md", "[[Nowhere]]\n")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("notez-check-outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let outsideNote = outside.appendingPathComponent("Secret.md")
        try Data("---\ncreated: someday\n---\n[[Gone]]\n".utf8).write(to: outsideNote)
        try FileManager.default.createSymbolicLink(atPath: vault.path + "/Linked.md", withDestinationPath: outsideNote.path)
        try vault.ageEveryFile()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("notez-check-random-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let before = try vault.snapshot()
        // The first run writes the cache; the next ones answer from the cached view.
        _ = try vault.run(["check"], environment: ["XDG_CACHE_HOME": cache])
        for arguments in [["check"], ["check", "--json"], ["check", "--no-attachments"]] {
            let without = try vault.run(arguments, environment: ["XDG_CACHE_HOME": "/dev/null"])
            let cached = try vault.run(arguments, environment: ["XDG_CACHE_HOME": cache])
            expect(cached.stdout, equals: without.stdout, "\(arguments)")
            expect(cached.stderr, equals: without.stderr, "\(arguments)")
            expect(cached.status, equals: without.status, "\(arguments)")
            expect(without.stdout.contains("broken link"), "\(arguments)")
            expect(without.stdout.contains("Linked.md"), "\(arguments)")
        }
        try expect(vault.snapshot(), equals: before)
        try expect(Data(contentsOf: outsideNote), equals: Data("---\ncreated: someday\n---\n[[Gone]]\n".utf8))
        try expect(FileManager.default.contentsOfDirectory(atPath: outside.path), equals: ["Secret.md"])
    }
}
