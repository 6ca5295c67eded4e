import Testing

@testable import NotezKit

struct LinkQueryTermTests {
    @Test func parseAndSerialize() throws {
        let node = try QueryParser.parse("links:\"Team handbook\" -linkedfrom:scratch")
        #expect(node == .and([.linksTo("Team handbook"), .not(.linkedFrom("scratch"))]))
        // `links:` and `linkedfrom:` are the older names of `links-to:` and `linked-by:`.
        #expect(QuerySerializer.serialize(node) == "links-to:\"Team handbook\" -linked-by:scratch")
        #expect(node.linkNoteNames == ["Team handbook", "scratch"])
        #expect(node.needsFullText)
        #expect(throws: QueryError.self) { try QueryParser.parse("links:") }
    }
}
