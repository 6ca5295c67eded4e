import Foundation
import Testing

@testable import NotezFuzz

/// Every seed (and every regression input libFuzzer found) in `Tests/Fuzz/<target>/` passes its
/// target's checks, so `make test` covers the fuzz invariants without running a fuzzer.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static let corpora = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func files(_ target: FuzzTarget) -> [URL] {
        let folder = corpora.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("each corpus has seeds", arguments: FuzzTarget.allCases)
    func corpusIsNotEmpty(_ target: FuzzTarget) {
        #expect(Self.files(target).count >= 10, "Tests/Fuzz/\(target.rawValue) has too few seeds")
    }

    @Test("every corpus file passes its target's checks", arguments: FuzzTarget.allCases)
    func corpusPasses(_ target: FuzzTarget) throws {
        for file in Self.files(target) {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                try target.check(bytes)
            } catch {
                Issue.record("\(target.rawValue)/\(file.lastPathComponent): \(error)")
            }
        }
    }
}
