import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The `prop:` query term: parsing, canonical text, and matching against front matter.
@Suite struct PropertyQueryTests {
    @Test(arguments: [
        ("prop:status=done", QueryNode.property("status", value: "done"), "prop:status=done"),
        ("PROP:Status=Done", .property("Status", value: "Done"), "prop:Status=Done"),
        ("prop:\"owner=Ana Lopez\"", .property("owner", value: "Ana Lopez"), "prop:\"owner=Ana Lopez\""),
        ("prop:due", .property("due", value: nil), "prop:due"),
        ("prop:a=b=c", .property("a", value: "b=c"), "prop:a=b=c"),
    ])
    func parsesAndRoundTrips(text: String, node: QueryNode, canonical: String) throws {
        let parsed = try QueryParser.parse(text)
        expect(parsed, equals: node)
        expect(QuerySerializer.serialize(parsed), equals: canonical)
        try expect(QueryParser.parse(canonical), equals: node)
    }

    @Test(arguments: ["prop:", "prop:=x", "prop:a="])
    func emptyPartsAreErrors(text: String) {
        expect(throws: QueryError.self) { try QueryParser.parse(text) }
    }

    @Test func matchesScalarsListsAndPresence() throws {
        let vault = try TemporaryVault([
            "a.md": "---\nstatus: Done\nlabels: [api, UI]\n---\n",
            "b.md": "---\nstatus: todo\nowner: Ana Lopez\n---\n",
            "c.md": "---\nstatus:\n---\nstatus: done in the body\n",
            "d.md": "no front matter, status=done\n",
            "e.md": "---\nstatus: [unclosed\n---\n",
        ])
        defer { vault.remove() }
        let evaluator = QueryEvaluator(index: try vault.index())
        func paths(_ query: String) throws -> [String] {
            try evaluator.notes(matching: QueryParser.parse(query)).map(\.path).sorted()
        }
        try expect(paths("prop:status=done"), equals: ["a.md"])
        try expect(paths("prop:labels=ui"), equals: ["a.md"])
        try expect(paths("prop:status"), equals: ["a.md", "b.md"])
        try expect(paths("-prop:status"), equals: ["c.md", "d.md", "e.md"])
        try expect(paths("prop:\"owner=ana lopez\" OR prop:labels=api"), equals: ["a.md", "b.md"])
    }
}
