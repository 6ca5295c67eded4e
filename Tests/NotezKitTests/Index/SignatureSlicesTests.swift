import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The signatures turned on their side answer, for every sliced note and every word, what the
/// note's own signature answers; the file they are written to leaves nothing behind.
@Suite("signature slices")
struct SignatureSlicesTests {
    static let words = [
        "quokka", "Zürich", "école", "日本語", "straße", "\u{212A}elvin", "the", "lorem", "ipsum", "dolor", "amet", "sit",
    ]

    @Test func transposeTurnsTheMatrix() {
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<20 {
            let matrix = (0..<64).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            var turned = matrix
            SignatureSlices.transpose(&turned)
            for row in 0..<64 {
                for column in 0..<64 {
                    expect(turned[column] >> UInt64(row) & 1, equals: matrix[row] >> UInt64(column) & 1, "\(row), \(column)")
                }
            }
            SignatureSlices.transpose(&turned)
            expect(turned, equals: matrix)
        }
    }

    /// Notes of many lengths (so several sizes of signatures, some with more than 64 notes, some
    /// with fewer), sliced in tiles of several widths.
    @Test func slicesAnswerWhatEachSignatureAnswers() throws {
        var generator = SeededGenerator(seed: 11)
        let vault = try ScratchFolder()
        var texts: [String] = []
        for number in 0..<420 {
            let length = number < 200 ? 24 : [60, 120, 300, 2_500].randomElement(using: &generator)!
            var text = ""
            while text.utf8.count < length { text += Self.words.randomElement(using: &generator)! + " " }
            texts.append(text)
            _ = try vault.write("n\(number).md", text + "\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let folderPath = try #require(IndexCache.folderPath(root: vault.path))
        let file = try #require(MappedFile(path: folderPath + "/" + IndexCache.fileName))
        let image = try #require(CacheImage(file.contents))
        // Words that are in notes, pieces of them, and words that are in none.
        var needles = Self.words + ["quok", "kka ", "e lo", "zzz", "xylophone", "ips", "sit amet"]
        for _ in 0..<30 {
            let text = Array(texts.randomElement(using: &generator)!.utf8)
            let start = Int.random(in: 0..<(text.count - 3), using: &generator)
            needles.append(String(decoding: text[start..<min(text.count, start + Int.random(in: 3...9, using: &generator))], as: UTF8.self))
        }
        for tileBytes in [SignatureSlices.largestTile, 1 << 12, 1 << 9] {
            let folder = try ScratchFolder()
            expect(chmod(folder.path, 0o700), equals: 0)
            let slices = try #require(SignatureSlices(image: image, folder: folder.path, tileBytes: tileBytes))
            // The file has no name: nothing is left in the folder.
            expect(try FileManager.default.contentsOfDirectory(atPath: folder.path), equals: [])
            // Every note is sliced (no signature here is over `largestSliced`), in several sizes,
            // some of which do not fill their last group of 64.
            let sliced = (0..<image.noteCount).filter { slices.columns[$0] != SignatureSlices.unsliced }
            expect(sliced.count, equals: image.noteCount)
            let sizes = Dictionary(grouping: sliced) { image.signatureSpan($0).count }
            expect(sizes.count >= 3, "sizes sliced: \(sizes.keys.sorted())")
            expect(sizes.values.contains { $0.count % 64 != 0 && $0.count > 64 }, "a size whose last group is filled up")
            var kept = 0
            var ruledOut = 0
            for needle in needles {
                guard let trigrams = TextSignature.trigrams(TextFold.fold(Array(needle.utf8)[...], ignoreAccents: false)) else { continue }
                let bits = trigrams.withUnsafeBufferPointer { slices.test($0) }
                expect(bits.count, equals: slices.wordCount)
                for record in sliced {
                    let column = Int(slices.columns[record])
                    let answer = bits[column >> 6] >> UInt64(column & 63) & 1 != 0
                    expect(answer, equals: TextSignature.mayContain(image.signature(record), trigrams), "\(needle), record \(record)")
                    if answer { kept += 1 } else { ruledOut += 1 }
                }
            }
            expect(kept > 0 && ruledOut > 0)
        }
    }

    /// A build whose `release` says stop, at any of its calls, gives no slices and keeps no file
    /// open (a daemon stops the build of a cache file that was replaced).
    @Test func aBuildStopsWhenTold() throws {
        let vault = try ScratchFolder()
        for number in 0..<300 {
            _ = try vault.write("n\(number).md", String(repeating: "words of note \(number) ", count: number % 7 + 1) + "\n",
                modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let folderPath = try #require(IndexCache.folderPath(root: vault.path))
        let file = try #require(MappedFile(path: folderPath + "/" + IndexCache.fileName))
        let image = try #require(CacheImage(file.contents))
        let folder = try ScratchFolder()
        expect(chmod(folder.path, 0o700), equals: 0)
        var calls = 0
        do {
            let whole = SignatureSlices(image: image, folder: folder.path) {
                calls += 1
                return true
            }
            expect(whole != nil)
        }
        // Calls in the first pass and after it, then after each size.
        expect(calls >= 3, "release called \(calls) times")
        // Files open in the folder (an unnamed file reads as `FOLDER/#INODE (deleted)`, the
        // folder's real path); other tests open files of their own meanwhile.
        let real = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path + "/"
        let openFiles = {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
                ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) ?? "").hasPrefix(real)
            }.count
        }
        let before = try openFiles()
        let kept = SignatureSlices(image: image, folder: folder.path)
        expect(try openFiles(), equals: before + 1)
        for stop in 1...calls {
            var count = 0
            let stopped = SignatureSlices(image: image, folder: folder.path) {
                count += 1
                return count < stop
            }
            expect(stopped == nil, "stopped at call \(stop)")
            expect(count, equals: stop)
        }
        expect(try openFiles(), equals: before + 1)
        withExtendedLifetime(kept) {}
        expect(try FileManager.default.contentsOfDirectory(atPath: folder.path), equals: [])
    }

    /// A folder that cannot hold the file, or that others may open: no slices (the daemon tests
    /// each signature), nothing written.
    @Test func noFolderNoSlices() throws {
        let vault = try ScratchFolder()
        for number in 0..<70 {
            _ = try vault.write("n\(number).md", "a few words \(number)\n", modified: Date(timeIntervalSinceNow: -3600))
        }
        _ = try IndexBuilder.build(root: vault.path)
        let folderPath = try #require(IndexCache.folderPath(root: vault.path))
        let file = try #require(MappedFile(path: folderPath + "/" + IndexCache.fileName))
        let image = try #require(CacheImage(file.contents))
        expect(SignatureSlices(image: image, folder: vault.path + "/missing") == nil)
        expect(SignatureSlices(image: image, folder: vault.path + "/n1.md") == nil)
        expect(!FileManager.default.fileExists(atPath: vault.path + "/missing"))
        let open = try ScratchFolder()
        expect(chmod(open.path, 0o755), equals: 0)
        expect(SignatureSlices(image: image, folder: open.path) == nil)
        expect(try FileManager.default.contentsOfDirectory(atPath: open.path), equals: [])
    }
}
