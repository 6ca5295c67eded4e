import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// SHA-256 (FIPS 180-4 examples) and HMAC-SHA-256 (RFC 4231 test cases 1, 2 and 6).
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "a", count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
    ])
    func digests(input: String, expected: String) {
        expect(SHA256.hex(SHA256.hash(Array(input.utf8))), equals: expected)
    }

    @Test func hmacVectors() {
        expect(
            SHA256.hex(SHA256.hmac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))), equals: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        expect(
            SHA256.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))), equals: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        expect(
            SHA256.hex(
                SHA256.hmac(
                    key: [UInt8](repeating: 0xaa, count: 131),
                    message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))), equals: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func machineKeySignaturesAreBoundToKeyPurposeAndMessage() {
        let key = MachineKey(secret: Array(repeating: 1, count: 32))
        let other = MachineKey(secret: Array(repeating: 2, count: 32))
        let signature = key.sign("journal record", Array("id\n{}".utf8))
        expect(key.verify(signature, "journal record", Array("id\n{}".utf8)))
        expect(!other.verify(signature, "journal record", Array("id\n{}".utf8)))
        expect(!key.verify(signature, "trash item", Array("id\n{}".utf8)))
        expect(!key.verify(signature, "journal record", Array("id\n{ }".utf8)))
        expect(!key.verify(String(signature.dropLast()), "journal record", Array("id\n{}".utf8)))
    }
}

extension SHA256Tests {
    /// Lengths around the block and padding boundaries agree with the system's sha256sum.
    @Test(arguments: [55, 56, 63, 64, 65, 119, 120, 128, 1000])
    func boundaries(length: Int) throws {
        let input = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        try Data(input).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        expect(SHA256.hex(SHA256.hash(input)), equals: String(expected))
    }
}
