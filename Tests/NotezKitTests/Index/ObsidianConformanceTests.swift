import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The conformance suite of docs/obsidian-compatibility.md: every rule there has cases in
/// `Fixtures/obsidian/expected.tsv`, run against the small vaults beside it (`links/`, `tags/`,
/// `titles/`), and every rule named in the table is one the page documents.
struct ObsidianConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var kind: String
        var vault: String
        var note: String
        var text: String
        var expected: String
        var testDescription: String { "\(rule) \(kind) \(vault)/\(note) \(text)" }
    }

    static let fixtures = TestPaths.packageRoot.appendingPathComponent("Tests/NotezKitTests/Fixtures/obsidian").path

    static let cases: [Case] = {
        let text = (try? String(contentsOfFile: fixtures + "/expected.tsv", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let slash = fields[2].firstIndex(of: "/")!
            return Case(
                rule: fields[0], kind: fields[1], vault: String(fields[2][..<slash]),
                note: String(fields[2][fields[2].index(after: slash)...]),
                text: fields[3].replacingOccurrences(of: "\\n", with: "\n"), expected: fields[4])
        }
    }()

    static func index(_ vault: String) throws -> VaultIndex {
        try IndexBuilder.build(root: fixtures + "/" + vault, useCache: false)
    }

    @Test func suiteIsThere() {
        expect(Self.cases.count > 40)
    }

    @Test(arguments: cases) func conforms(_ item: Case) throws {
        let index = try Self.index(item.vault)
        switch item.kind {
        case "link":
            let links = LinkScanner.links(in: item.text)
            if item.expected == "none" {
                expect(links.isEmpty)
                return
            }
            let link = try #require(links.count == 1 ? links.first : nil, "one link in \(item.text), found \(links.count)")
            let resolution = LinkResolver(index: index).resolve(link, from: item.note)
            if item.expected.hasPrefix("attachment:") {
                expect(resolution, equals: .attachment)
                let (path, exists) = AttachmentScan(index: index).resolve(link, from: item.note)
                let wanted = String(item.expected.dropFirst("attachment:".count))
                if wanted == "missing" { expect(!exists) } else { expect(exists && path == wanted) }
            } else if item.expected.hasPrefix("ambiguous:") {
                let paths = item.expected.dropFirst("ambiguous:".count).split(separator: ",").map(String.init)
                expect(resolution, equals: .ambiguous(paths))
            } else if item.expected == "broken" {
                expect(resolution, equals: .broken)
            } else if item.expected == "self" {
                expect(resolution, equals: .sameNote)
            } else {
                expect(resolution, equals: .note(item.expected))
            }
        case "tags":
            let note = try #require(index.note(at: item.note))
            let wanted = item.expected.isEmpty ? [] : item.expected.split(separator: ",").map(String.init)
            expect(note.tags, equals: wanted)
        case "title":
            let note = try #require(index.note(at: item.note))
            expect(note.title, equals: item.expected)
        default:
            Issue.record("unknown kind \(item.kind)")
        }
    }

    /// Each rule of the page's table has cases here, and each case's rule is in the table.
    @Test func everyDocumentedRuleHasCases() throws {
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/obsidian-compatibility.md"), encoding: .utf8)
        let documented = Set(
            page.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| **") else { return nil }
                return String(line.dropFirst(4).prefix { $0 != "*" })
            })
        let tested = Set(Self.cases.map(\.rule))
        expect(!documented.isEmpty)
        expect(documented, equals: tested, "documented but untested: \(documented.subtracting(tested)); tested but undocumented: \(tested.subtracting(documented))")
    }
}
