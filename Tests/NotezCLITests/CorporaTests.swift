import Foundation
import Testing
import NotezTestSupport

/// Real vaults from `../shared/corpora/`: every note is indexed or reported, counts add up, nothing crashes.
@Suite struct CorporaTests {
    /// Unpacks an archive into a fresh temporary vault.
    static func unpack(_ archive: String) throws -> TempVault {
        let vault = try TempVault()
        try Corpus.unpack(archive, into: vault.url)
        return vault
    }

    /// Note files counted independently of notez: `.md`/`.markdown`, not under a hidden folder.
    static func noteFiles(in root: URL) -> [String] {
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])!
        for case let url as URL in enumerator {
            let name = url.lastPathComponent.lowercased()
            guard name.hasSuffix(".md") || name.hasSuffix(".markdown") else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return paths.sorted()
    }

    static func sumCounts(_ folders: [[String: Any]]) -> Int {
        folders.reduce(0) { $0 + ($1["count"] as! Int) }
    }

    static func checkFolder(_ folder: [String: Any]) {
        let children = folder["children"] as! [[String: Any]]
        expect(folder["count"] as? Int == (folder["direct"] as! Int) + sumCounts(children), "\(folder["path"] ?? "")")
        children.forEach(checkFolder)
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func everyNoteIsIndexedOrReported(_ archive: String) throws {
        let vault = try Self.unpack(archive)
        let files = Self.noteFiles(in: vault.url)
        expect(files.count > 500)

        let overview = try vault.run(["overview", "--json"])
        expect(overview.status, equals: 0, "\(overview.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(overview.stdout.utf8)) as? [String: Any])
        let folders = object["folders"] as! [[String: Any]]
        let notes = object["notes"] as! Int
        expect(notes, equals: (object["unsorted"] as! Int) + Self.sumCounts(folders))
        folders.forEach(Self.checkFolder)

        let listed = try vault.run(["ls", "-r", "--json", "--no-snippets"])
        let paths = Set(
            (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]).map { $0["path"] as! String })
        expect(paths.count, equals: notes)
        let check = try vault.run(["check", "--json"])
        expect(check.status == 0 || check.status == 1)
        let reported = Set(
            (try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [[String: Any]]).map { $0["path"] as! String })
        for file in files {
            expect(paths.contains(file) || reported.contains(file), "\(file) neither indexed nor reported")
        }

        // Tag counts agree with a second, independent count over the listed notes.
        let tags = try vault.run(["tag", "list", "--json"])
        let tagCounts = (try JSONSerialization.jsonObject(with: Data(tags.stdout.utf8)) as! [[String: Any]])
        let listedNotes = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as! [[String: Any]]
        var recount: [String: Int] = [:]
        for note in listedNotes {
            for tag in note["tags"] as! [String] { recount[tag.lowercased(), default: 0] += 1 }
        }
        for tag in tagCounts {
            expect(recount[(tag["name"] as! String).lowercased(), default: 0], equals: tag["count"] as! Int)
        }

        // A note without a `title:` key is called by its file name, as Obsidian calls it: read here
        // from the file's first lines, independently of notez's front matter reader.
        var fileNamed = 0
        for note in listedNotes {
            let path = note["path"] as! String
            let text = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            var hasTitleKey = false
            if lines.first.map({ $0.trimmingCharacters(in: .whitespaces) == "---" || $0 == "\u{FEFF}---" }) == true {
                for line in lines.dropFirst() {
                    if line == "---" || line == "..." { break }
                    if line.hasPrefix("title:") { hasTitleKey = true }
                }
            }
            guard !hasTitleKey else { continue }
            let name = (path as NSString).lastPathComponent
            let stem = name.lowercased().hasSuffix(".markdown") ? String(name.dropLast(9)) : String(name.dropLast(3))
            expect(note["title"] as? String == stem, "\(path)")
            fileNamed += 1
        }
        expect(fileNamed > 0)
    }
}
