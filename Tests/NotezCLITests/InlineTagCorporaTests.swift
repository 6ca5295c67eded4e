import Foundation
import Testing
import NotezTestSupport

/// On each real vault of `../shared/corpora/`: rename, merge and delete the tags most used inline
/// (front matter occurrences change too), check that only lines holding the tag changed, then undo
/// each and check with `git diff --exit-code` that every byte is back.
@Suite struct InlineTagCorporaTests {
    static let newName = "notez-inline-renamed"

    struct TagRow {
        var name: String
        var count: Int
        var inline: Int
    }

    static func tagRows(_ vault: TempVault) throws -> [TagRow] {
        let result = try vault.run(["tag", "list", "--json"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        return rows.map { TagRow(name: $0["name"] as! String, count: $0["count"] as! Int, inline: $0["inline"] as! Int) }
    }

    /// Runs `git diff --exit-code`: true when the work tree is exactly the commit.
    static func clean(_ vault: TempVault) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "core.autocrlf=false", "diff", "--exit-code", "--quiet"]
        process.currentDirectoryURL = vault.url
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Files changed since the commit, with their changed line numbers (same line count required).
    static func changedLines(_ vault: TempVault, original: [String: String]) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let names = try TagRefactorCorporaTests.git(["diff", "--name-only", "-z"], in: vault).split(separator: "\0").map(String.init)
        for path in names {
            let old = original[path]!.components(separatedBy: "\n")
            let new = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
                .components(separatedBy: "\n")
            expect(old.count, equals: new.count, "\(path): line count changed")
            guard old.count == new.count else { continue }
            result[path] = old.indices.filter { old[$0] != new[$0] }
        }
        return result
    }

    @Test(.enabled(if: Corpus.isAvailable, "needs the vault archives of ../shared/corpora or NOTEZ_CORPORA"), arguments: Corpus.archives)
    func inlineTagRefactoringsThenUndo(_ archive: String) throws {
        let vault = try CorporaTests.unpack(archive)
        var original: [String: String] = [:]
        for path in CorporaTests.noteFiles(in: vault.url) {
            original[path] = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
        }
        _ = try TagRefactorCorporaTests.git(["init", "-q"], in: vault)
        _ = try TagRefactorCorporaTests.git(["add", "-A"], in: vault)
        _ = try TagRefactorCorporaTests.git(["commit", "-q", "-m", "corpus"], in: vault)

        let rows = try Self.tagRows(vault)
        let inline = rows.filter { $0.inline > 0 && !$0.name.contains("/") }.sorted { $0.inline > $1.inline }
        guard inline.count >= 2 else {
            // A vault without inline tags: nothing may have been read as one.
            expect(rows.allSatisfy { $0.inline == 0 }, "\(archive): \(inline.count) inline tags")
            return
        }
        let first = inline[0]
        let second = inline[1]

        // Rename: every changed line held the old tag and now holds the new name.
        let rename = try vault.run(["tag", "rename", first.name, Self.newName, "--exact"])
        expect(rename.status, equals: 0, "\(rename.stderr)")
        let changed = try Self.changedLines(vault, original: original)
        expect(changed.count >= first.inline, "\(changed.count) files changed, \(first.inline) have it inline")
        for (path, lines) in changed {
            let old = original[path]!.components(separatedBy: "\n")
            let new = String(decoding: try Data(contentsOf: vault.url.appendingPathComponent(path)), as: UTF8.self)
                .components(separatedBy: "\n")
            for line in lines {
                expect(old[line].lowercased().contains(first.name.lowercased()), "\(path):\(line + 1)")
                expect(new[line].contains(Self.newName), "\(path):\(line + 1)")
            }
        }
        let renamed = try Self.tagRows(vault)
        expect(!renamed.contains { $0.name.lowercased() == first.name.lowercased() })
        expect(renamed.first { $0.name == Self.newName }?.count == first.count)
        let undoRename = try vault.run(["undo"])
        expect(undoRename.status, equals: 0, "\(undoRename.stderr)")
        expect(try Self.clean(vault), "\(archive): rename undo is not byte-identical")

        // Merge the first into the second, then undo.
        let merge = try vault.run(["tag", "merge", first.name, "--into", second.name])
        expect(merge.status, equals: 0, "\(merge.stderr)")
        let merged = try Self.tagRows(vault)
        expect(!merged.contains { $0.name.lowercased() == first.name.lowercased() })
        expect((merged.first { $0.name.lowercased() == second.name.lowercased() }?.count ?? 0) >= max(first.count, second.count))
        try expect(vault.run(["undo"]).status, equals: 0)
        expect(try Self.clean(vault), "\(archive): merge undo is not byte-identical")

        // Delete, then undo.
        let delete = try vault.run(["tag", "delete", first.name, "--yes"])
        expect(delete.status, equals: 0, "\(delete.stderr)")
        expect(try !Self.tagRows(vault).contains { $0.name.lowercased() == first.name.lowercased() })
        try expect(vault.run(["undo"]).status, equals: 0)
        expect(try Self.clean(vault), "\(archive): delete undo is not byte-identical")
        try expect(Self.tagRows(vault).map(\.count), equals: rows.map(\.count))
    }
}
