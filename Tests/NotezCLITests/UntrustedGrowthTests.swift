import Foundation
import Testing
import NotezTestSupport

/// What untrusted input makes is bounded before it is made: an import's path depth and length, a
/// shared template's output. Each is refused quickly, with nothing written and nothing pending, and
/// the bytes in `.git/` and outside the vault untouched.
@Suite struct UntrustedGrowthTests {
    /// A vault with a `.git/` and a file beside it, and its state to compare.
    static func scene() throws -> (root: URL, vault: TempVault) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notez-growth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.exampleVault, to: root.appendingPathComponent("vault"))
        let vault = TempVault(existing: root.appendingPathComponent("vault"))
        try vault.write(".git/config", "[core]\n\tbare = false\n")
        try Data("outside\n".utf8).write(to: root.appendingPathComponent("beside.txt"))
        return (root, vault)
    }

    /// Every file and folder under `root` (vault, `.git/`, beside it) without the lock.
    static func state(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])!
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if relative == "vault/.notez/lock" { continue }
            if try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true {
                result[relative + "/"] = Data()
            } else {
                result[relative] = try Data(contentsOf: url)
            }
        }
        return result
    }

    @Test(arguments: [20_000, 3_000, 65])
    func anImportOfADeepPathIsRefusedAtOnceWithNothingWritten(depth: Int) throws {
        let (root, vault) = try Self.scene()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = String(repeating: "a/", count: depth) + "n.md"
        let export = root.appendingPathComponent("deep.json")
        try Data(#"{"format": "notez-export", "version": 1, "notes": [{"path": "\#(path)", "body": "x\n"}]}"#.utf8).write(to: export)
        let before = try Self.state(root)
        let start = Date()
        let result = try Mutation.run(vault, ["import", export.path])
        let seconds = Date().timeIntervalSince(start)
        expect(result.status, equals: 4, "\(result.stderr)")
        expect(result.stderr.contains("more than 64 folders deep") || result.stderr.contains("at most 4095 are imported"), "\(result.stderr)")
        expect(result.stdout.isEmpty)
        // The whole process (start, index, refusal) in well under a second; the refusal itself is milliseconds.
        expect(seconds < 2, "took \(seconds) s")
        try expect(Self.state(root), equals: before)
    }

    @Test func anImportAtTheBoundsIsAccepted() throws {
        let (root, vault) = try Self.scene()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = String(repeating: "a/", count: 64) + "n.md"
        let export = root.appendingPathComponent("ok.json")
        try Data(#"{"format": "notez-export", "version": 1, "notes": [{"path": "\#(path)", "body": "x\n"}]}"#.utf8).write(to: export)
        let result = try Mutation.run(vault, ["import", export.path])
        expect(result.status, equals: 0, "\(result.stderr)")
        expect(FileManager.default.fileExists(atPath: vault.path + "/" + path))
        // With --into one more level, the same path is one too deep.
        let into = try Mutation.run(vault, ["import", export.path, "--into", "Work"])
        expect(into.status == 4 && into.stderr.contains("more than 64 folders deep"), "\(into.stderr)")
    }

    @Test func aTemplateThatWouldMakeAHugeNoteIsRefusedBeforeItIsMade() throws {
        let (root, vault) = try Self.scene()
        defer { try? FileManager.default.removeItem(at: root) }
        let line = String(repeating: "{{stdin}}", count: 1000)
        try vault.write(".notez/templates/bomb.md", "---\ntags: [x]\n---\n" + Array(repeating: line, count: 20).joined(separator: "\n") + "\n")
        let input = root.appendingPathComponent("input.txt")
        try Data(String(repeating: "0123456789abcdef ", count: 300).utf8).write(to: input)  // 5,100 bytes
        let before = try Self.state(root)
        let start = Date()
        let result = try CLIRunner.runShell(
            "/usr/bin/time -f 'maxrss=%M' '\(CLIRunner.binary.path)' new Bomb --template bomb --vault '\(vault.path)' < '\(input.path)'",
            environment: ["NOTEZ_NOW": Mutation.now])
        let seconds = Date().timeIntervalSince(start)
        expect(result.status, equals: 4, "\(result.stderr)")
        expect(result.stderr.contains("template 'bomb'") && result.stderr.contains("over the 32 MiB limit of a note"), "\(result.stderr)")
        expect(seconds < 2, "took \(seconds) s")
        let rss = result.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        expect(rss > 0 && rss < 150_000, "peak memory \(rss) KiB")
        try expect(Self.state(root), equals: before)
    }
}
