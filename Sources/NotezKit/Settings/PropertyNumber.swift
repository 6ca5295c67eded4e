/// A number property's value (`3`, `-2`, `+1.50`): an optional sign, digits, and optionally a point
/// and more digits. Exponents (`1e3`), hexadecimal (`0x10`), `.5`, `inf` and `nan` are not numbers,
/// as for the schema's `number` type. Compared exactly as decimals, so a value of any length works
/// (no overflow, no rounding): `3` equals `3.0` and `03`, `-0` equals `0`.
struct PropertyNumber: Sendable, Hashable, Comparable {
    /// True below zero.
    let negative: Bool
    /// The digits before the point, without leading zeros ("" for zero).
    let whole: [UInt8]
    /// The digits after the point, without trailing zeros.
    let fraction: [UInt8]

    /// Reads a number; nil when the text is not one.
    init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == 0x2D || sign == 0x2B {
            negative = sign == 0x2D
            bytes = bytes.dropFirst()
        }
        let parts = bytes.split(separator: 0x2E, maxSplits: 1, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else { return nil }
        whole = Array(parts[0].drop(while: { $0 == 0x30 }))
        fraction = parts.count == 2 ? Array(parts[1].reversed().drop(while: { $0 == 0x30 }).reversed()) : []
        // Zero has no sign.
        self.negative = negative && !(whole.isEmpty && fraction.isEmpty)
    }

    /// Orders numbers by value.
    static func < (lhs: PropertyNumber, rhs: PropertyNumber) -> Bool {
        if lhs.negative != rhs.negative { return lhs.negative }
        return lhs.negative ? magnitudeLess(rhs, lhs) : magnitudeLess(lhs, rhs)
    }

    /// Whether |lhs| < |rhs|.
    static func magnitudeLess(_ lhs: PropertyNumber, _ rhs: PropertyNumber) -> Bool {
        if lhs.whole.count != rhs.whole.count { return lhs.whole.count < rhs.whole.count }
        if lhs.whole != rhs.whole { return lhs.whole.lexicographicallyPrecedes(rhs.whole) }
        // Fractions without trailing zeros compare as strings: a prefix is the smaller.
        return lhs.fraction.lexicographicallyPrecedes(rhs.fraction)
    }
}
