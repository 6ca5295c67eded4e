import Testing

@testable import NotezKit
import NotezTestSupport

@Suite struct ContentHashTests {
    @Test(arguments: [
        ("", "cbf29ce484222325"),
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
    ])
    func fnv1aVectors(input: String, expected: String) {
        expect(ContentHash.of(input), equals: expected)
    }

    @Test func oneByteChangesTheHash() {
        expect(ContentHash.of("tags: [a]\n") != ContentHash.of("tags: [b]\n"))
    }
}
