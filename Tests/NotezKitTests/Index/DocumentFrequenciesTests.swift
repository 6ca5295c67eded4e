import Testing

@testable import NotezKit
import NotezTestSupport

/// A daemon's document frequencies: one snapshot's, bounded.
@Suite("document frequencies")
struct DocumentFrequenciesTests {
    @Test func aFrequencyStandsForItsSnapshotOnly() {
        let kept = DocumentFrequencies()
        let word = Array("kubernetes".utf8)
        expect(kept.frequency(of: word, ignoringAccents: false, version: 1) == nil)
        kept.record(5, of: word, ignoringAccents: false, version: 1)
        expect(kept.frequency(of: word, ignoringAccents: false, version: 1), equals: 5)
        // Accents ignored count other notes; another snapshot may hold other notes.
        expect(kept.frequency(of: word, ignoringAccents: true, version: 1) == nil)
        expect(kept.frequency(of: word, ignoringAccents: false, version: 2) == nil)
        kept.record(7, of: Array("quokka".utf8), ignoringAccents: false, version: 2)
        expect(kept.frequency(of: word, ignoringAccents: false, version: 1) == nil)
        expect(kept.frequency(of: word, ignoringAccents: false, version: 2) == nil)
        expect(kept.frequency(of: Array("quokka".utf8), ignoringAccents: false, version: 2), equals: 7)
        expect(kept.count, equals: 1)
    }

    /// The ranker's sampled average size is one snapshot's too: a frequency or an average
    /// recorded for another version drops it.
    @Test func theAverageSizeStandsForItsSnapshotOnly() {
        let kept = DocumentFrequencies()
        expect(kept.averageLength(version: 1) == nil)
        kept.recordAverageLength(812.5, version: 1)
        expect(kept.averageLength(version: 1), equals: 812.5)
        expect(kept.averageLength(version: 2) == nil)
        kept.record(3, of: Array("quokka".utf8), ignoringAccents: false, version: 1)
        expect(kept.averageLength(version: 1), equals: 812.5)
        kept.record(4, of: Array("quokka".utf8), ignoringAccents: false, version: 2)
        expect(kept.averageLength(version: 2) == nil)
        expect(kept.averageLength(version: 1) == nil)
        kept.recordAverageLength(900, version: 2)
        expect(kept.frequency(of: Array("quokka".utf8), ignoringAccents: false, version: 2), equals: 4)
        kept.recordAverageLength(901, version: 3)
        expect(kept.frequency(of: Array("quokka".utf8), ignoringAccents: false, version: 3) == nil)
        expect(kept.averageLength(version: 3), equals: 901)
    }

    @Test func keepsABoundedNumberOfShortTerms() {
        let kept = DocumentFrequencies()
        for number in 0..<(DocumentFrequencies.maxTerms * 3) {
            kept.record(number, of: Array("word\(number)".utf8), ignoringAccents: false, version: 1)
            expect(kept.count <= DocumentFrequencies.maxTerms)
        }
        let last = DocumentFrequencies.maxTerms * 3 - 1
        expect(kept.frequency(of: Array("word\(last)".utf8), ignoringAccents: false, version: 1), equals: last)
        let long = [UInt8](repeating: 0x61, count: DocumentFrequencies.maxTermBytes + 1)
        kept.record(1, of: long, ignoringAccents: false, version: 1)
        expect(kept.frequency(of: long, ignoringAccents: false, version: 1) == nil)
        let longest = [UInt8](repeating: 0x61, count: DocumentFrequencies.maxTermBytes)
        kept.record(2, of: longest, ignoringAccents: false, version: 1)
        expect(kept.frequency(of: longest, ignoringAccents: false, version: 1), equals: 2)
    }
}
