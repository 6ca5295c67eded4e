import Testing

@testable import NotezKit
import NotezTestSupport

struct FrontMatterBlockTests {
    @Test func findsBlockAndBody() throws {
        let bytes = Array("---\na: 1\n---\nbody".utf8)
        guard case .block(let block) = FrontMatterBlock.scan(bytes) else {
            Issue.record("no block")
            return
        }
        expect(block.yaml == 4..<9)
        expect(block.bodyStart, equals: 13)
        expect(!block.usesCRLF)
        expect(!block.hasBOM)
    }

    @Test func bomAndCRLF() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\na: 1\r\n---\r\n".utf8)
        guard case .block(let block) = FrontMatterBlock.scan(bytes) else {
            Issue.record("no block")
            return
        }
        expect(block.hasBOM)
        expect(block.usesCRLF)
        expect(block.opening == 3..<8)
    }

    @Test(arguments: ["no front matter\n---\n", "--- \n", "----\na\n----\n", " ---\n"])
    func notAnOpening(_ text: String) {
        let scan = FrontMatterBlock.scan(Array(text.utf8))
        if text == "--- \n" {
            expect(scan, equals: .unterminated)
        } else {
            expect(scan, equals: .none(bodyStart: 0))
        }
    }

    @Test func prefixWithoutCloserAsksForMore() {
        expect(FrontMatterBlock.scan(Array("---\na: 1\n".utf8), isComplete: false), equals: .unterminated)
    }

    // Fuzz finding: a prefix read that stopped inside the first line (`---`, `--`, a BOM) was taken as
    // "no front matter", while the whole file had some.
    @Test(arguments: ["", "-", "--", "---", "--- \t", "---\r", "\u{FEFF}--", "\u{FEFF}"])
    func prefixEndingInTheFirstLineAsksForMore(_ text: String) {
        expect(FrontMatterBlock.scan(Array(text.utf8), isComplete: false), equals: .unterminated)
    }

    @Test(arguments: ["-x", "--- a", "\u{FEFF}x", "x"])
    func prefixWhoseFirstLineCannotBeAnOpening(_ text: String) {
        let start = text.hasPrefix("\u{FEFF}") ? 3 : 0
        expect(FrontMatterBlock.scan(Array(text.utf8), isComplete: false), equals: .none(bodyStart: start))
    }

    @Test func tooLarge() {
        let big = "---\n" + String(repeating: "k: v\n", count: (1 << 20) / 5 + 10) + "---\n"
        expect(FrontMatterBlock.scan(Array(big.utf8)), equals: .tooLarge)
    }
}
