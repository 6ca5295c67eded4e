import Testing

@testable import NotezKit
import NotezTestSupport

/// notez's own YAML files on hostile input: every bound is an error, never a crash or a blow-up.
struct YAMLValueTests {
    static func parse(_ text: String) -> Result<YAMLValue, YAMLError> { YAMLValue.parse(Array(text.utf8)) }

    @Test func smallFilesStillParse() {
        let value = Self.parse("\u{FEFF}work:\n  color: red\nlist: [a, b]\nanchored: &a x\n")
        expect(
            value, equals: .success(
                    .mapping([
                        ("work", .mapping([("color", .scalar("red", plain: true))])),
                        ("list", .sequence([.scalar("a", plain: true), .scalar("b", plain: true)])),
                        ("anchored", .scalar("x", plain: true)),
                    ])))
    }

    @Test func aliasBombIsRefused() throws {
        // "Billion laughs": nine levels of nine aliases each would be 9^9 scalars if expanded.
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        let names = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ", ") + "]")
        }
        let result = Self.parse(lines.joined(separator: "\n") + "\n")
        expect(throws: YAMLError(line: 1, column: 7, message: "aliases (*a) are not supported in notez's files")) {
            try result.get()
        }
    }

    @Test func aSingleAliasIsRefusedWhereItIs() {
        expect(throws: YAMLError(line: 1, column: 7, message: "aliases (*x) are not supported in notez's files")) {
            try Self.parse("a: &x 1\nb: [1, *x]\n").get()
        }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        expect(throws: YAMLError(line: 0, column: 64, message: "nesting deeper than 64 levels")) { try Self.parse(deep).get() }
        let block = (0..<100).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        expect(throws: YAMLError(line: 64, column: 64, message: "nesting deeper than 64 levels")) { try Self.parse(block).get() }
        let fits = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        expect((try? Self.parse(fits).get()) != nil)
    }

    @Test func filesOverOneMebibyteAreRefused() {
        let big = "k: " + String(repeating: "v", count: YAMLValue.maxSize) + "\n"
        expect(throws: YAMLError(line: 0, column: 0, message: "file is larger than 1 MiB")) { try Self.parse(big).get() }
        let fits = [UInt8](repeating: 0x20, count: YAMLValue.maxSize)
        expect(YAMLValue.parse(fits), equals: .success(.null))
    }
}
