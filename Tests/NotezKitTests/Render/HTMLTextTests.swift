import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("HTML text: escaping untrusted names and percent-encoding")
struct HTMLTextTests {
    @Test("markup characters become entities; control characters U+FFFD; tab, newlines and other text stay")
    func escape() {
        expect(HTMLText.escape("plain café 日本"), equals: "plain café 日本")
        expect(HTMLText.escape("<script>alert('x') & \"y\"</script>"), equals: "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;")
        expect(HTMLText.escape("a\u{0}b\u{1B}c\u{7F}d"), equals: "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        expect(HTMLText.escape("tab\tline\nreturn\r"), equals: "tab\tline\nreturn\r")
        expect(HTMLText.escape("é<"), equals: "é&lt;")
        expect(HTMLText.escape(""), equals: "")
    }

    @Test("every byte outside the unreserved set is percent-encoded, slashes only when asked")
    func percentEncoded() {
        expect(HTMLText.percentEncoded("a-z_0.9~"), equals: "a-z_0.9~")
        expect(HTMLText.percentEncoded("a b/c&d=é"), equals: "a%20b%2Fc%26d%3D%C3%A9")
        expect(HTMLText.percentEncoded("a b/c", keepSlash: true), equals: "a%20b/c")
    }
}
