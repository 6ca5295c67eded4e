import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// A running `notez watch` child process whose stdout is read line by line.
final class WatchProcess: @unchecked Sendable {
    let process = Process()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var partial = Data()

    init(_ args: [String], stderr: FileHandle? = nil, environment: [String: String] = [:]) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = args
        process.environment = CLIRunner.environment(environment)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = stderr ?? FileHandle.nullDevice
        out.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.received(handle.availableData)
        }
        try process.run()
    }

    private func received(_ data: Data) {
        condition.withLock {
            partial.append(data)
            while let newline = partial.firstIndex(of: 0x0A) {
                lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial = Data(partial[(newline + 1)...])
            }
            condition.broadcast()
        }
    }

    /// Waits (at most 5 s) until `count` lines were printed; returns every line so far.
    @discardableResult
    func waitForLines(_ count: Int) -> [String] {
        let deadline = Date(timeIntervalSinceNow: 5)
        return condition.withLock {
            while lines.count < count, condition.wait(until: deadline) {}
            return lines
        }
    }

    /// Sends a signal and waits for the exit status.
    func stop(_ signal: Int32) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Times vary; everything else in a line is compared exactly.
private func normalized(_ lines: [String]) -> [String] {
    lines.map {
        $0.replacingOccurrences(of: #""time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, with: #""time":"T""#, options: .regularExpression)
    }
}

@Suite("notez watch end to end", .serialized)
struct WatchCommandTests {
    @Test("--json --query 'tag:x': initial results, then notes entering and leaving the set")
    func jsonQuery() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [x]\n---\n# A\n")
        try vault.write("b.md", "---\ntags: [y]\n---\n# B\n")
        try vault.write("Work/keep.md", "no tags\n")
        let watch = try WatchProcess(["watch", "--json", "--query", "tag:x", "--vault", vault.path])
        watch.waitForLines(2)
        var expected = [
            #"{"event":"match","path":"a.md","time":"T"}"#,
            #"{"event":"ready","matches":1,"notes":3,"time":"T"}"#,
        ]
        // Each step waits for its own line, so every step is its own batch.
        let steps: [(() throws -> Void, String?)] = [
            ({ try vault.write("b.md", "---\ntags: [y, x]\n---\n# B\n") }, #"{"event":"added","path":"b.md","time":"T"}"#),
            ({ try vault.write("Work/c.md", "---\ntags: [X/sub]\n---\n") }, #"{"event":"added","path":"Work/c.md","time":"T"}"#),
            (
                { try FileManager.default.moveItem(atPath: vault.path + "/a.md", toPath: vault.path + "/Work/a.md") },
                #"{"event":"moved","from":"a.md","path":"Work/a.md","time":"T"}"#
            ),
            ({ try vault.write("b.md", "---\ntags: [y, x]\n---\n# B\nmore\n") }, #"{"event":"modified","path":"b.md","time":"T"}"#),
            // A note that does not match prints nothing; the next step's line shows nothing came in between.
            ({ try vault.write("d.md", "---\ntags: [y]\n---\n") }, nil),
            ({ try vault.write("Work/c.md", "---\ntags: [y]\n---\n") }, #"{"event":"removed","path":"Work/c.md","time":"T"}"#),
            ({ try FileManager.default.removeItem(atPath: vault.path + "/b.md") }, #"{"event":"removed","path":"b.md","time":"T"}"#),
        ]
        for (edit, line) in steps {
            try edit()
            if let line {
                expected.append(line)
                expect(normalized(watch.waitForLines(expected.count)), equals: expected)
            }
        }
        expect(watch.stop(SIGINT), equals: 0)
        expect(normalized(watch.waitForLines(expected.count)), equals: expected)
    }

    @Test("text output: the count, then + ~ > - lines, folders with a trailing /; SIGTERM exits 0")
    func text() throws {
        let vault = try TempVault()
        try vault.write("a.md", "a\n")
        let watch = try WatchProcess(["watch", "--vault", vault.path])
        expect(watch.waitForLines(1), equals: ["watching 1 notes in 0 folders (Ctrl-C to stop)"])
        try FileManager.default.createDirectory(atPath: vault.path + "/New", withIntermediateDirectories: true)
        expect(watch.waitForLines(2).last, equals: "+ New/")
        try FileManager.default.moveItem(atPath: vault.path + "/a.md", toPath: vault.path + "/New/a.md")
        expect(watch.waitForLines(3).last, equals: "> a.md -> New/a.md")
        try vault.write("New/a.md", "changed\n")
        expect(watch.waitForLines(4).last, equals: "~ New/a.md")
        try FileManager.default.removeItem(atPath: vault.path + "/New")
        expect(Array(watch.waitForLines(6).suffix(2)), equals: ["- New/a.md", "- New/"])
        expect(watch.stop(SIGTERM), equals: 0)
    }
}

/// `watch --query` uses the query language of `notez search`, errors included.
@Suite struct WatchQueryLanguageTests {
    @Test func queryErrorsExitTwoWithACaret() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [x]\n---\n")
        let result = try vault.run(["watch", "--query", "(tag:x OR is:pinned"])
        expect(result.status, equals: 2)
        expect(result.stderr.hasPrefix("(tag:x OR is:pinned\n^\n"))
        expect(result.stderr.contains("notez: error: unbalanced '('"))
    }

    @Test("link terms are followed live: a note enters or leaves the set when another note's links change")
    func linkTermsFollowOtherNotes() throws {
        let vault = try TempVault()
        try vault.write("a.md", "[[b]]\n")
        try vault.write("b.md", "B\n")
        try vault.write("c.md", "C\n")
        let watch = try WatchProcess(["watch", "--vault", vault.path, "--query", "linkedfrom:a"])
        expect(watch.waitForLines(2), equals: ["= b.md", "1 of 3 notes match linkedfrom:a (Ctrl-C to stop)"])
        // Neither b nor c changes: a's new link moves them out of and into the set.
        try vault.write("a.md", "[[c]]\n")
        expect(Array(watch.waitForLines(4).suffix(2)), equals: ["- b.md", "+ c.md"])
        // c is renamed: a's link now resolves to nothing, so c leaves under its new name.
        try FileManager.default.moveItem(atPath: vault.path + "/c.md", toPath: vault.path + "/d.md")
        expect(watch.waitForLines(5).last, equals: "- c.md")
        expect(watch.stop(SIGTERM), equals: 0)
    }

    @Test("graph terms are followed live: is:orphan changes when another note links")
    func graphTermsFollowOtherNotes() throws {
        let vault = try TempVault()
        try vault.write("a.md", "A\n")
        try vault.write("b.md", "B\n")
        let watch = try WatchProcess(["watch", "--vault", vault.path, "--query", "is:orphan"])
        let first = watch.waitForLines(3)
        expect(Set(first.prefix(2)) == ["= a.md", "= b.md"] && first.last == "2 of 2 notes match is:orphan (Ctrl-C to stop)")
        // Only a changes, yet b leaves the set too: a links to it now.
        try vault.write("a.md", "[[b]]\n")
        expect(Set(watch.waitForLines(5).suffix(2)), equals: ["- a.md", "- b.md"])
        expect(watch.stop(SIGTERM), equals: 0)
    }
}
