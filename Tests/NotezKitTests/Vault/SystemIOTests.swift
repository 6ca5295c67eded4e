import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
#endif

@Suite("Whole reads of a descriptor")
struct SystemIOTests {
    /// Bytes that differ at every offset, so a piece read twice or skipped shows.
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    @Test(arguments: [0, 1, 4_095, 65_535, 65_536, 65_537, 200_001])
    func aFileReadsWholeWithOrWithoutItsSize(size: Int) throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/f"
        let written = SystemIOTests.pattern(size)
        try Data(written).write(to: URL(fileURLWithPath: path))
        func read(limit: Int, expected: Int?, at offset: off_t? = nil) -> [UInt8]? {
            let fd = open(path, O_RDONLY)
            defer { close(fd) }
            if case .bytes(let bytes) = SystemIO.read(fd, limit: limit, at: offset, expected: expected) { return bytes }
            return nil
        }
        expect(read(limit: size, expected: size), equals: written)
        expect(read(limit: 1 << 20, expected: nil), equals: written)
        expect(read(limit: 1 << 20, expected: size), equals: written)
        // The file is longer than `fstat` said (it grew): read on to its end.
        expect(read(limit: 1 << 20, expected: size / 2), equals: written)
        expect(read(limit: size / 3, expected: nil), equals: Array(written.prefix(size / 3)))
        expect(read(limit: size / 3, expected: size / 3), equals: Array(written.prefix(size / 3)))
        expect(read(limit: 1 << 20, expected: nil, at: off_t(size / 2)), equals: Array(written.dropFirst(size / 2)))
    }

    @Test func aPipeReadsWholeInShortPieces() throws {
        var ends: [Int32] = [0, 0]
        expect(pipe(&ends), equals: 0)
        let written = SystemIOTests.pattern(300_000)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            written.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    // Pieces of odd sizes, each a short read at the other end.
                    let count = min(raw.count - offset, 1 + offset % 7_919)
                    let done = write(writeEnd, raw.baseAddress! + offset, count)
                    if done <= 0 { break }
                    offset += done
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        guard case .bytes(let bytes) = SystemIO.read(readEnd, limit: 1 << 20) else { return expect(Bool(false), "the read failed") }
        expect(bytes == written, "\(bytes.count) bytes read of \(written.count)")
    }

    @Test func aFailedReadSaysWhy() {
        let fd = open("/", O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        guard case .failed(let code) = SystemIO.read(fd, limit: 100, expected: 10) else { return expect(Bool(false), "a folder read") }
        expect(code, equals: EISDIR)
    }
}
