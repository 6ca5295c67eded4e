import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The fast trim gives exactly what Foundation gives, for the plain ASCII case it skips and for
/// every kind of Unicode space at either end.
@Suite("string trimming")
struct StringTrimmingTests {
    @Test func matchesFoundation() {
        let ends = ["", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{2028}", "\u{FEFF}", "\u{7F}", "x", "é"]
        let middles = ["", "a", "plain text", "a b", "日本", "\u{A0}", " mid "]
        for start in ends {
            for middle in middles {
                for end in ends {
                    let text = start + middle + end
                    expect(text.trimmingSpaces(), equals: text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
                    expect(
                        text.trimmingSpaces(newlines: true), equals: text.trimmingCharacters(in: .whitespacesAndNewlines),
                        "\(Array(text.unicodeScalars))")
                }
            }
        }
    }
}
