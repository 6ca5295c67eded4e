import Foundation

/// A small deterministic PRNG (SplitMix64) with the samplers the generator needs.
///
/// Its own samplers rather than `Int.random(in:using:)`, whose algorithm may change between
/// Swift versions: the same seed must give the same vault everywhere.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// Uniform in the closed range (the modulo bias is irrelevant at these sizes).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// Standard normal (Box-Muller).
    mutating func normal() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    mutating func lognormal(median: Double, sigma: Double) -> Double {
        median * exp(sigma * normal())
    }

    /// An index into `weights`' cumulative sums (see `ZipfTable`).
    mutating func weighted(_ cumulative: [Double]) -> Int {
        let target = unit() * cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Cumulative Zipf weights `1 / rank^s` for `count` ranks.
func zipfTable(count: Int, exponent: Double) -> [Double] {
    var total = 0.0
    return (1...count).map { rank in
        total += 1 / pow(Double(rank), exponent)
        return total
    }
}
