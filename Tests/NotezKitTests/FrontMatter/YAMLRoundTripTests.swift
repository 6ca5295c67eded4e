import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

/// Every string notez writes into YAML must read back as the same string in libyaml (notez's own
/// reader) and in PyYAML (YAML 1.1 typing: `yes`, `1:20`, `0o7`, `2024-01-01`, `=`...), whether
/// written plain-or-quoted in a block, inside a flow list, single-quoted, or always double-quoted
/// (`YAMLValue.quoted`, for `.notez/` files).
@Suite("YAML round trip")
struct YAMLRoundTripTests {
    static let tricky: [String] = [
        // Indicators, at the start, the end, and inside.
        "what?", "a?b", "a? b", "a ?", "why? because", "?", "? x", "?x", "x?", ":x", "x:", "a: b", "a:b", "a :b", "-", "- x", "-x", "--",
        "---", "--- x", "...", ". x",
        "a #b", "#a", "a#b", "x #", "#", "&a", "*a", "!a", "|", "|x", ">", ">x", "'a", "\"a", "%a", "%", "@a", "a@b", "`a",
        "[a", "]a", "{a", "}a", ",a", "a,b", "a[b", "a]b", "a{b", "a}b", "a, b", "key: value # c", "<<", "=", "==", "<< x",
        // Line breaks, controls, BOM, odd spaces.
        "\u{85}", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "\u{FEFF}a", "a\u{FEFF}b", "a\u{FEFF}", " a", "a ", " ", "\ta", "a\t",
        "a\tb", "a\nb", "a\rb", "a\r\nb", "\u{A0}a", "a\u{A0}", "a\u{A0}b", "\u{3000}a", "\u{2003}a", "a\u{2003}", "\u{1}", "a\u{7}b",
        "\u{7F}", "a\u{9F}b", "\u{FFFE}", "a\u{FFFF}b", "\u{E000}", "\u{1F600}",
        // Numbers in every base and spelling, YAML 1.1 and 1.2.
        "0x1F", "0x_", "0X1F", "0o17", "0O17", "0b101", "0b_", "0B1", "017", "0_7", "09", "1_000", "1__0", "_1", "1_000.5", "1:20",
        "1:20:30", "1:20.5", "-1:20", "+1:20", "190:20:30", "1:2", "1:60", "1e5", "1E5", "1e+5", "1.5e-3", "-1.5E+3", ".5", "._", "1.",
        "+1", "-1", "+0", "-0", "0", "12", "012", "1.0", "+.5", "-.5", ".inf", "+.inf", "-.inf", ".Inf", "-.INF", ".nan", ".NaN",
        ".NAN", "nan", "inf",
        // Dates and times.
        "2024-01-01", "2024-1-1", "2024-01-01T10:00:00Z", "2024-01-01t10:00:00z", "2024-01-01 10:00:00", "2024-01-01 10:00:00 -5",
        "2024-01-01T10:00:00.5+02:00", "12:30", "12:30:00",
        // Booleans and nulls of YAML 1.1 and 1.2.
        "~", "null", "Null", "NULL", "nUll", "", "true", "True", "TRUE", "false", "yes", "Yes", "YES", "no", "No", "NO", "on", "On",
        "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
        // Ordinary text that must stay readable.
        "work", "3d-printing", "18f", "1a", "v1.0", "x86_64", "café", "cafe\u{301}", "日本語", "emoji 🎉", "a\\b", "a\"b", "a'b",
        "it's", "say \"hi\"", "C:\\path", "a/b", "#", "tag/sub", "a b c",
    ]

    /// The ways notez writes a string, each as a YAML line for key `k`.
    static func writings(_ text: String) -> [(name: String, line: String)] {
        var result: [(String, String)] = [
            ("block", "k: " + YAMLScalarWriter.scalar(text, in: .block)),
            ("flow", "k: [" + YAMLScalarWriter.scalar(text, in: .flow) + "]"),
            ("quoted", "k: " + YAMLValue.quoted(text)),
            ("single style", "k: " + YAMLScalarWriter.scalar(text, style: .singleQuoted, in: .block)),
        ]
        if let single = YAMLScalarWriter.singleQuoted(text) { result.append(("single", "k: " + single)) }
        return result
    }

    static func same(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }

    @Test func libyamlReadsEveryWritingBack() throws {
        for text in Self.tricky {
            for (name, line) in Self.writings(text) {
                let parsed = YAMLEventReader.events(of: Array((line + "\n").utf8))
                guard case .success(let all) = parsed, let value = all.filter({ $0.kind == .scalar }).last else {
                    Issue.record("\(name): \(line.debugDescription) does not parse: \(parsed)")
                    continue
                }
                expect(Self.same(value.value, text), "\(name): \(line.debugDescription) read as \(value.value.debugDescription)")
                if value.style == .plain {
                    // A plain scalar must not be one that YAML types as null, bool, number or date.
                    expect(!FrontMatterDocument.isNullLiteral(value.value), "\(name): \(line.debugDescription)")
                    expect(!YAMLScalarWriter.needsQuoting(text, in: name == "flow" ? .flow : .block), "\(name): \(line.debugDescription)")
                }
            }
        }
    }

    /// Skipped, with this reason shown, only where PyYAML is missing (`make setup` installs it).
    @Test(
        .enabled(
            if: YAMLRoundTripTests.python() != nil, "python3 with PyYAML is not installed: run `make setup` (apt-get install python3-yaml)")
    )
    func pyYAMLReadsEveryWritingBack() throws {
        let python = try #require(Self.python())
        var document = ""
        var expected: [(String, String, String)] = []
        for text in Self.tricky {
            for (name, line) in Self.writings(text) {
                document += "---\n" + line + "\n"
                expected.append((name, line, text))
            }
        }
        // One JSON value a line, ASCII only: `k`'s value, a list's first item unwrapped.
        let script = """
            import json, sys, yaml
            for doc in yaml.safe_load_all(sys.stdin.buffer.read().decode('utf-8')):
                v = doc['k']
                if isinstance(v, list): v = v[0] if len(v) == 1 else v
                print(json.dumps(v if isinstance(v, str) else ['not a string', repr(v)]))
            """
        let output = try Self.run(python, ["-c", script], input: document)
        expect(output.status, equals: 0, "PyYAML failed: \(output.stderr)")
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        expect(lines.count, equals: expected.count)
        for (line, (name, written, text)) in zip(lines, expected) {
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed)
            let read = value as? String
            expect(read.map { Self.same($0, text) }, equals: true, "\(name): \(written.debugDescription) read by PyYAML as \(line)")
        }
    }

    /// `python3` when it can import yaml, else nil.
    static func python() -> String? {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] where FileManager.default.isExecutableFile(atPath: candidate) {
            if let result = try? run(candidate, ["-c", "import yaml"], input: ""), result.status == 0 { return candidate }
        }
        return nil
    }

    static func run(_ executable: String, _ arguments: [String], input: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        group.enter()
        DispatchQueue.global().async {
            out = stdout.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            err = stderr.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
