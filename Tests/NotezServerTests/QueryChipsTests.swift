import NotezKit
import Testing

@testable import NotezServer

struct QueryChipsTests {
    func chips(_ text: String) throws -> QueryChips? { QueryChips(try QueryParser.parse(text)) }

    @Test(arguments: [
        "tag:work",
        "tag:work folder:Projects",
        "tag:work OR tag:home",
        "tag:work -folder:Archive",
        "\"a phrase\" (tag:x OR tag:y) -word",
        "(tag:a OR tag:b) folder:c",
    ])
    func chipsAndTextRoundTrip(_ text: String) throws {
        let parsed = try QueryParser.parse(text)
        let row = try #require(QueryChips(parsed))
        #expect(row.node == parsed)
        #expect(try QueryParser.parse(row.text) == parsed)
    }

    @Test(arguments: [
        "modified:>2024-01-01",
        "-(tag:a OR tag:b)",
        "tag:a OR (tag:b folder:c)",
        "is:pinned",
        "(a (b OR c)) d",
        "\"a phrase\" tag:x OR tag:y -word",
        "tag:a prop:estimate>3",
        "prop:done=true",
    ])
    func tooComplexForVisualMode(_ text: String) throws {
        #expect(try chips(text) == nil)
    }

    @Test func chipEditsChangeTheText() {
        #expect(SearchPage.edited(FormData("q=tag%3Awork&add_kind=folder&add_value=Projects&add_join=AND")) == "tag:work folder:Projects")
        #expect(SearchPage.edited(FormData("q=tag%3Awork&add_kind=tag&add_value=home&add_join=OR")) == "tag:work OR tag:home")
        #expect(SearchPage.edited(FormData("q=tag%3Awork&add_kind=text&add_value=draft&add_join=NOT")) == "tag:work -draft")
        #expect(SearchPage.edited(FormData("q=tag%3Awork+folder%3AX&remove=0")) == "folder:X")
        #expect(SearchPage.edited(FormData("q=tag%3Awork+folder%3AX&join=1")) == "tag:work OR folder:X")
        #expect(SearchPage.edited(FormData("q=&add_kind=text&add_value=two+words&add_join=OR")) == "\"two words\"")
        #expect(SearchPage.edited(FormData("q=modified%3A%3E2024-01-01&remove=0")) == nil)
    }
}
