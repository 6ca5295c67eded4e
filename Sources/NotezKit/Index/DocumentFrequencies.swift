import Foundation

/// A daemon's document frequencies of ranked full-text terms (how many notes' title or body
/// contains a folded term), kept for one snapshot: a ranked search of two words counts its
/// commoner word over the whole vault (`kubernetes` in 5,000 of 100,000 notes, every one read),
/// and the next search on the same snapshot asks again. A frequency is exact (counted as the cold
/// path counts it) and stands for the snapshot it was counted on only: any other `version` clears
/// everything, so an edit the watch applied is never answered from an older count.
///
/// Bounded, since queries are untrusted: at most `maxTerms` terms of at most `maxTermBytes` bytes
/// each (a longer term is counted at every search); when full, everything is dropped.
final class DocumentFrequencies: @unchecked Sendable {
    private struct Key: Hashable {
        let needle: [UInt8]
        let ignoresAccents: Bool
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var version: Int?
    private var counts: [Key: Int] = [:]
    /// The average note size the ranker sampled on the snapshot `version` (`Ranker.averageLength`).
    private var average: Double?

    /// Terms kept at most.
    static let maxTerms = 256
    /// Bytes of a folded term kept at most.
    static let maxTermBytes = 256

    /// The frequency of the folded `needle` counted on the snapshot `version`, if kept.
    func frequency(of needle: [UInt8], ignoringAccents: Bool, version: Int) -> Int? {
        lock.withLock {
            guard self.version == version else { return nil }
            return counts[Key(needle: needle, ignoresAccents: ignoringAccents)]
        }
    }

    /// Keeps `frequency`, counted on the snapshot `version` (an older version's counts are dropped).
    func record(_ frequency: Int, of needle: [UInt8], ignoringAccents: Bool, version: Int) {
        guard needle.count <= DocumentFrequencies.maxTermBytes else { return }
        lock.withLock {
            keepOnly(version)
            if counts.count >= DocumentFrequencies.maxTerms { counts = [:] }
            counts[Key(needle: needle, ignoresAccents: ignoringAccents)] = frequency
        }
    }

    /// The average note size sampled on the snapshot `version`, if kept: sampling reads 4,096
    /// notes scattered over the index, a cache miss each (a fortieth of a warm search, alone on
    /// one core).
    func averageLength(version: Int) -> Double? {
        lock.withLock { self.version == version ? average : nil }
    }

    /// Keeps the average note size sampled on the snapshot `version` (an older version's counts
    /// are dropped).
    func recordAverageLength(_ length: Double, version: Int) {
        lock.withLock {
            keepOnly(version)
            average = length
        }
    }

    /// Drops the counts and the average of any snapshot but `version` (call with `lock` held).
    private func keepOnly(_ version: Int) {
        guard self.version != version else { return }
        counts = [:]
        average = nil
        self.version = version
    }

    /// How many terms are kept (tests check the bound).
    var count: Int { lock.withLock { counts.count } }
}
