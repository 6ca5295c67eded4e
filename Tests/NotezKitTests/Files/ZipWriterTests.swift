import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// The minimal zip writer: CRC-32 against known values, and archives read back by Python's
/// `zipfile` (which checks every CRC) and by `unzip -t` when it is installed.
@Suite struct ZipWriterTests {
    @Test func crc32KnownValues() {
        expect(ZipWriter.crc32(Array("".utf8)), equals: 0)
        expect(ZipWriter.crc32(Array("123456789".utf8)), equals: 0xCBF4_3926)
        expect(ZipWriter.crc32(Array("The quick brown fox jumps over the lazy dog".utf8)), equals: 0x414F_A339)
    }

    @Test func refusesBadNamesAndDuplicates() throws {
        var zip = ZipWriter()
        try zip.add("a.md", [1])
        expect(throws: NotezError.self) { try zip.add("a.md", [2]) }
        for bad in ["", "/abs.md", "../up.md", "a/../b.md", "a//b.md"] {
            expect(throws: NotezError.self) { try zip.add(bad, []) }
        }
        expect(zip.count, equals: 1)
    }

    @Test func archiveReadsBackWithPython() throws {
        let scratch = try ScratchFolder()
        var zip = ZipWriter()
        let binary = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let entries: [(String, [UInt8])] = [
            ("Note.md", Array("# Note\n![](attachments/photo%20one.png)\n".utf8)),
            ("Work/Ünïcode name.md", Array("é\n".utf8)),
            ("Work/attachments/photo one.png", binary),
            ("empty.txt", []),
        ]
        for (name, data) in entries { try zip.add(name, data) }
        let archive = try zip.finished()
        let path = scratch.path + "/out.zip"
        try Data(archive).write(to: URL(fileURLWithPath: path))
        // Same input, same bytes.
        var again = ZipWriter()
        for (name, data) in entries { try again.add(name, data) }
        try expect(again.finished(), equals: archive)

        let script = """
            import sys, zipfile, json
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            print(json.dumps({i.filename: z.read(i.filename).hex() for i in z.infolist()}))
            """
        let result = try run("/usr/bin/env", ["python3", "-c", script, path])
        expect(result.status, equals: 0, "\(result.output)")
        let read = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: String]
        let expected = Dictionary(uniqueKeysWithValues: entries.map { ($0.0, $0.1.map { String(format: "%02x", $0) }.joined()) })
        expect(read, equals: expected)

        let unzip = ["/usr/bin/unzip", "/bin/unzip"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let unzip {
            let tested = try run(unzip, ["-t", path])
            expect(tested.status, equals: 0, "\(tested.output)")
        } else {
            print("ZipWriterTests: unzip is not installed; checked with python3 zipfile only")
        }
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
