import NotezKit

/// The query language's round trip: any text either fails with a positioned error or parses to a
/// tree that serializes to text parsing back to the same tree, and serializing is stable.
enum QueryFuzzCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        let text = String(decoding: bytes, as: UTF8.self)
        let tree: QueryNode
        do {
            tree = try QueryParser.parse(text)
        } catch {
            guard (0...text.count).contains(error.offset), !error.message.isEmpty else {
                throw FuzzFailure("error offset \(error.offset) outside 0...\(text.count) for \(text.debugDescription)")
            }
            // The caret display must cope with any offset the parser reports.
            let caret = error.caretLines(for: text)
            guard caret.count == 2 else { throw FuzzFailure("caret lines: \(caret)") }
            return
        }
        let canonical = QuerySerializer.serialize(tree)
        let again: QueryNode
        do {
            again = try QueryParser.parse(canonical)
        } catch {
            throw FuzzFailure(
                "serialized query does not parse: \(text.debugDescription) → \(canonical.debugDescription): \(error)")
        }
        guard again == tree else {
            throw FuzzFailure(
                "round trip changed the tree: \(text.debugDescription) → \(canonical.debugDescription)\n\(tree)\n\(again)")
        }
        let twice = QuerySerializer.serialize(again)
        guard twice == canonical else {
            throw FuzzFailure("serialize is not stable: \(canonical.debugDescription) → \(twice.debugDescription)")
        }
    }
}
