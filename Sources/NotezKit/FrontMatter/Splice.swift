/// One replacement of a byte range of a file; the editor's only way of changing bytes.
struct Splice: Sendable, Equatable {
    /// The bytes replaced (empty for an insertion).
    var range: Range<Int>
    /// What replaces them.
    var bytes: [UInt8]

    init(range: Range<Int>, bytes: [UInt8]) {
        self.range = range
        self.bytes = bytes
    }

    init(range: Range<Int>, text: String) {
        self.init(range: range, bytes: Array(text.utf8))
    }

    /// Applies non-overlapping splices; later ranges first so earlier offsets stay valid.
    static func apply(_ splices: [Splice], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(splice.range, with: splice.bytes)
        }
        return result
    }
}
