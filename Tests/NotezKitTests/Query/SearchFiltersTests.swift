import Testing

@testable import NotezKit
import NotezTestSupport

struct SearchFiltersTests {
    @Test func flagsBuildTheCanonicalQuery() {
        let filters = SearchFilters(
            tags: ["work", "urgent"], folders: ["Projects", "My Work"], excludedFolders: ["Archive"],
            pinned: true, words: ["budget", "two words"])
        let text = filters.query.map(QuerySerializer.serialize)
        expect(text, equals: "tag:work tag:urgent (folder:Projects OR folder:\"My Work\") -folder:Archive is:pinned budget \"two words\"")
    }

    @Test func anyTagJoinsTagsWithOr() {
        expect(SearchFilters(tags: ["a", "b"], anyTag: true).query, equals: .or([.tag("a"), .tag("b")]))
        expect(SearchFilters(tags: ["a"], anyTag: true).query, equals: .tag("a"))
        expect(SearchFilters().query == nil)
        expect(SearchFilters().isEmpty)
    }

    @Test(arguments: [
        "tag:a", "tag:a tag:b", "tag:a OR tag:b", "folder:x", "folder:x OR folder:y", "-folder:Archive",
        "tag:a folder:x -folder:y is:pinned word", "(tag:a OR tag:b) (folder:x OR folder:y) -folder:z \"two words\"",
        "links-to:a", "linked-by:\"Team handbook\" links-to:b links-to:\"Plan~2\"", "is:orphan", "is:hub tag:a",
        "tag:a links-to:x linked-by:y is:orphan is:hub is:pinned",
    ])
    func fittingQueriesRoundTripThroughFlags(_ query: String) throws {
        let node = try QueryParser.parse(query)
        let filters = try #require(SearchFilters(fitting: node))
        let rebuilt = try #require(filters.query)
        expect(SearchFilters(fitting: rebuilt), equals: filters)
        // What --show-query prints for these flags parses back to the same filters.
        expect(SearchFilters(fitting: try QueryParser.parse(QuerySerializer.serialize(rebuilt))), equals: filters)
    }

    @Test(arguments: [
        "tag:a OR folder:x", "-tag:a", "is:pinned is:pinned", "tag:a (tag:b OR tag:c)", "folder:x folder:y",
        "title:x", "in:unsorted", "created:7d", "pinned:false", "a OR b", "-(folder:x OR folder:y)",
        "(tag:a OR tag:b) OR tag:c", "links-to:a~2", "linked-by:a~3", "-links-to:a", "links-to:a OR linked-by:b", "is:orphan is:orphan",
        "is:hub is:hub", "-is:orphan", "links-to:a OR links-to:b",
    ])
    func otherQueriesAreTooComplex(_ query: String) throws {
        expect(SearchFilters(fitting: try QueryParser.parse(query)) == nil)
    }

    @Test func flagArgumentsNameEachFlag() throws {
        let filters = try #require(SearchFilters(fitting: try QueryParser.parse("(tag:a OR tag:b) -folder:\"Old Stuff\" x")))
        expect(filters.flagArguments, equals: ["--tag", "a", "--tag", "b", "--any", "--not-folder", "Old Stuff", "--text", "x"])
    }

    @Test func graphFiltersNameTheirFlags() throws {
        let filters = try #require(SearchFilters(fitting: try QueryParser.parse("is:hub links-to:\"Team handbook\" linked-by:x is:orphan")))
        expect(filters, equals: SearchFilters(linksTo: ["Team handbook"], linkedBy: ["x"], orphan: true, hub: true))
        expect(filters.flagArguments, equals: ["--links-to", "Team handbook", "--linked-by", "x", "--orphan", "--hub"])
        expect(filters.query.map(QuerySerializer.serialize), equals: "links-to:\"Team handbook\" linked-by:x is:orphan is:hub")
        expect(!filters.isEmpty && SearchFilters(hub: true).query == .hub)
        expect(SearchFilters(linksTo: [""]).problem, equals: "empty note name after links-to:")
        expect(SearchFilters(linkedBy: [""]).problem, equals: "empty note name after linked-by:")
    }

    /// A NOTE the language must quote (spaces, `~` and digits, quotes, operators) comes back from
    /// the text a graph chip writes as the same filter.
    @Test(arguments: ["a b", "Plan~2", "x)", "\"", "café", "tag:x", "-x", "OR", "(", "a\\b", "東京"])
    func graphFilterNamesRoundTripThroughText(_ name: String) throws {
        for filters in [SearchFilters(linksTo: [name]), SearchFilters(linkedBy: [name], orphan: true)] {
            let text = QuerySerializer.serialize(try #require(filters.query))
            expect(SearchFilters(fitting: try QueryParser.parse(text)), equals: filters, "\(text)")
        }
    }

    @Test func explainPrintsTreeAndVerdict() throws {
        let explained = QueryExplainer.explain(try QueryParser.parse("tag:work (folder:A OR folder:B) -folder:\"Old Stuff\""))
        expect(
            explained, equals: """
                query: tag:work (folder:A OR folder:B) -folder:"Old Stuff"
                AND
                  tag:work  (tag 'work' or its children 'work/...')
                  OR
                    folder:A  (in a folder named 'A' at any depth, or below)
                    folder:B  (in a folder named 'B' at any depth, or below)
                  NOT
                    folder:"Old Stuff"  (in a folder named 'Old Stuff' at any depth, or below)
                flags: --tag work --folder A --folder B --not-folder 'Old Stuff'
                """)
        let complex = QueryExplainer.explain(try QueryParser.parse("a OR modified:7d"))
        expect(complex.hasSuffix("\nflags: too complex for flags"))
        expect(complex.contains("  modified:7d  (modified within the last 7 days)"))
    }

    @Test func emptyFlagValuesAreReported() {
        expect(SearchFilters(tags: [""]).problem, equals: "empty tag name")
        expect(SearchFilters(excludedFolders: ["/"]).problem, equals: "empty folder name")
        expect(SearchFilters(tags: ["a"]).problem == nil)
    }
}
