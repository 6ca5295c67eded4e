import Foundation
import Testing
import NotezTestSupport

/// Every ```console block of README.md and docs/ is run, so the documentation cannot drift from
/// what notez prints. A block runs as one shell script in a fresh copy of ExampleVault (its commands
/// share the vault, in order), with the tests' fixed clock, `TZ=UTC`, no colors and the built
/// notez first on `PATH`. After each `$ ` line come the lines it prints, stdout and stderr as they
/// interleave (`2>&1`); a line `...` stands for any number of lines. Blocks that cannot run here
/// (a remote for `sync`, a long-running server) are fenced as `text` instead.
///
/// `NOTEZ_UPDATE_DOCS=1 swift test --no-parallel --filter DocsExamplesTests` rewrites the expected lines of
/// blocks without `...` from what notez printed; read the diff before committing it.
@Suite struct DocsExamplesTests {
    /// One ```console block.
    struct Block: CustomTestStringConvertible, Sendable {
        var file: String
        /// 1-based line of the opening fence.
        var line: Int
        var steps: [(command: String, expected: [String])]
        var testDescription: String { "\(file):\(line)" }
    }

    static let files: [String] = {
        let docs = TestPaths.packageRoot.appendingPathComponent("docs")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + pages
    }()

    static let blocks: [Block] = files.flatMap { file in
        parse(text: (try? String(contentsOf: TestPaths.packageRoot.appendingPathComponent(file), encoding: .utf8)) ?? "", file: file)
    }

    static func parse(text: String, file: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if current == nil {
                if line == "```console" { current = Block(file: file, line: number + 1, steps: []) }
            } else if line == "```" {
                blocks.append(current!)
                current = nil
            } else if line.hasPrefix("$ ") {
                current!.steps.append((String(line.dropFirst(2)), []))
            } else if !current!.steps.isEmpty {
                current!.steps[current!.steps.count - 1].expected.append(line)
            }
        }
        return blocks
    }

    /// Runs a block's commands in a fresh vault and returns each one's output lines.
    static func run(_ block: Block) throws -> [[String]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notez-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let vault = folder.appendingPathComponent("ExampleVault")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("ExampleVault"), to: vault)
        let marker = "@@notez-docs-\(UUID().uuidString)@@"
        var script = ""
        for step in block.steps {
            script += "{ \(step.command)\n} 2>&1\nprintf '\\n%s\\n' '\(marker)'\n"
        }
        let bin = CLIRunner.binary.deletingLastPathComponent().path
        let result = try CLIRunner.runShell(
            script, in: vault, environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "TZ": "UTC"])
        var outputs = result.stdout.components(separatedBy: "\n" + marker + "\n")
        outputs.removeLast()  // after the last marker
        return outputs.map { output in
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// Whether `actual` matches `expected`, where a `...` line matches any run of lines.
    static func matches(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "..." {
            return (actual.startIndex...actual.endIndex).contains { matches(expected.dropFirst(), actual[$0...]) }
        }
        guard let line = actual.first, trimmed(line) == trimmed(first) else { return false }
        return matches(expected.dropFirst(), actual.dropFirst())
    }

    static func trimmed(_ line: String) -> Substring {
        line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)]
    }

    @Test func theDocsHaveExamplesToRun() {
        expect(Self.blocks.count >= 15, "found \(Self.blocks.count) console blocks")
        expect(Self.blocks.contains { $0.file == "README.md" })
    }

    @Test(arguments: blocks)
    func exampleOutputIsWhatNotezPrints(_ block: Block) throws {
        let outputs = try Self.run(block)
        try #require(outputs.count == block.steps.count, "\(block.file):\(block.line): a command of the block did not finish")
        var differ = false
        for (step, actual) in zip(block.steps, outputs) where !Self.matches(step.expected[...], actual[...]) {
            differ = true
            Issue.record(
                """
                \(block.file):\(block.line): `$ \(step.command)` printed:
                \(actual.joined(separator: "\n"))
                the docs say:
                \(step.expected.joined(separator: "\n"))
                """)
        }
        if differ, ProcessInfo.processInfo.environment["NOTEZ_UPDATE_DOCS"] == "1" {
            try Self.update(block, with: outputs)
        }
    }

    /// Rewrites the block's expected lines with `outputs` (not for blocks with `...`).
    static func update(_ block: Block, with outputs: [[String]]) throws {
        guard !block.steps.contains(where: { $0.expected.contains { $0.trimmingCharacters(in: .whitespaces) == "..." } }) else { return }
        let url = TestPaths.packageRoot.appendingPathComponent(block.file)
        let text = try String(contentsOf: url, encoding: .utf8)
        // Earlier updates may have moved the block: find it again by its commands.
        let commands = block.steps.map(\.command)
        guard let now = parse(text: text, file: block.file).first(where: { $0.steps.map(\.command) == commands }) else { return }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var end = now.line
        while lines[end] != "```" { end += 1 }
        var body: [String] = []
        for (step, output) in zip(block.steps, outputs) { body += ["$ " + step.command] + output }
        lines.replaceSubrange(now.line..<end, with: body)
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
