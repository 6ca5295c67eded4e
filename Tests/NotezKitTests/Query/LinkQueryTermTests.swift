import Testing

@testable import NotezKit
import NotezTestSupport

struct LinkQueryTermTests {
    @Test func parseAndSerialize() throws {
        let node = try QueryParser.parse("links:\"Team handbook\" -linkedfrom:scratch")
        expect(node, equals: .and([.linksTo("Team handbook"), .not(.linkedFrom("scratch"))]))
        // `links:` and `linkedfrom:` are the older names of `links-to:` and `linked-by:`.
        expect(QuerySerializer.serialize(node), equals: "links-to:\"Team handbook\" -linked-by:scratch")
        expect(node.linkNoteNames, equals: ["Team handbook", "scratch"])
        expect(node.needsFullText)
        expect(throws: QueryError.self) { try QueryParser.parse("links:") }
    }
}
