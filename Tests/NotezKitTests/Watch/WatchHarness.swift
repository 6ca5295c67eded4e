import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// A real vault in a temporary folder with a running watcher; syncs on cookie files, never sleeps.
final class WatchHarness: @unchecked Sendable {
    let root: String
    let watcher: Watcher
    private let condition = NSCondition()
    private var reports: [WatchReport] = []
    private var cookie = 0
    private var mark = 0

    init(files: [String: String] = [:], source: ((String) -> FileEventSource)? = nil, settings: Watcher.Settings = Watcher.Settings())
        throws
    {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("notez-watch-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
        for (path, text) in files { WatchHarness.put(root + "/" + path, text) }
        watcher = Watcher(root: root, config: VaultConfig(), source: source?(root), settings: settings)
        try watcher.start { [weak self] report in self?.received(report) }
    }

    deinit {
        watcher.stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    private func received(_ report: WatchReport) {
        condition.withLock {
            reports.append(report)
            condition.broadcast()
        }
    }

    /// Writes a file (creating folders), truncating it: an edit in place when it exists.
    static func put(_ absolute: String, _ text: String, append: Bool = false) {
        try? FileManager.default.createDirectory(
            atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(absolute, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0o644)
        precondition(fd >= 0, "open \(absolute): \(errno)")
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func put(_ path: String, _ text: String, append: Bool = false) { WatchHarness.put(root + "/" + path, text, append: append) }
    func path(_ relative: String) -> String { root + "/" + relative }

    /// Runs a shell command in the vault; fails the test on a non-zero exit.
    @discardableResult
    func shell(_ command: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        WatchHarness.shell(command, in: root, sourceLocation: sourceLocation)
    }

    @discardableResult
    static func shell(_ command: String, in folder: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try? process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expect(process.terminationStatus, equals: 0, "\(command): \(output)", sourceLocation: sourceLocation)
        return output
    }

    /// Waits (at most `timeout` s) until the changes since the last mark satisfy `predicate`.
    func wait(timeout: Double = 5, until predicate: ([WatchChange]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return condition.withLock {
            while !predicate(reports[mark...].flatMap(\.changes)) {
                if !condition.wait(until: deadline) { return predicate(reports[mark...].flatMap(\.changes)) }
            }
            return true
        }
    }

    /// Writes a cookie note and waits until the watcher reports it: every earlier event is applied.
    /// Returns the changes since the previous sync, cookies left out.
    @discardableResult
    func sync(sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        cookie += 1
        let name = "notez-cookie-\(cookie).md"
        put(name, "cookie \(cookie)\n")
        let seen = wait { $0.contains { $0.path == name } }
        expect(seen, "the watcher did not report \(name) within 5 s", sourceLocation: sourceLocation)
        return condition.withLock {
            let changes = reports[mark...].flatMap(\.changes)
            mark = reports.count
            return changes.map(\.description).filter { !$0.contains("notez-cookie-") }
        }
    }

    /// All reports so far.
    var allReports: [WatchReport] { condition.withLock { reports } }

    /// Checks that the live index equals a fresh full scan of the disk.
    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        let listing = VaultWalker(root: root).walk()
        let fresh = IndexBuilder.readNotes(listing.notes, root: root)
        let live = watcher.index
        let liveNotes = live.notes.values.sorted { $0.path < $1.path }
        expect(liveNotes.map(\.path), equals: fresh.map(\.path), sourceLocation: sourceLocation)
        expect(liveNotes, equals: fresh, sourceLocation: sourceLocation)
        expect(live.folders, equals: Set(listing.folders.map(PathKey.init)), sourceLocation: sourceLocation)
    }
}

/// Wraps a real source so a test can swallow events, inject an overflow, or refuse watches.
final class InjectingSource: FileEventSource, @unchecked Sendable {
    let inner: FileEventSource
    private let lock = NSLock()
    private var handler: (@Sendable ([RawFileEvent]) -> Void)?
    private var dropping = false
    private var refused: (String) -> Bool = { _ in false }

    init(_ inner: FileEventSource) {
        self.inner = inner
    }

    func start(handler: @escaping @Sendable ([RawFileEvent]) -> Void) throws(NotezError) {
        lock.withLock { self.handler = handler }
        try inner.start { [weak self] events in
            guard let self else { return }
            let (drop, deliver) = self.lock.withLock { (self.dropping, self.handler) }
            if !drop { deliver?(events) }
        }
    }

    func stop() { inner.stop() }

    func addWatch(directory: String) -> WatchAddResult {
        let refuse = lock.withLock { refused }
        return refuse(directory) ? .limitReached : inner.addWatch(directory: directory)
    }

    func removeWatch(directory: String) { inner.removeWatch(directory: directory) }

    /// Drops every event until `injectOverflow`, as a full kernel queue would.
    func startDropping() { lock.withLock { dropping = true } }

    /// Delivers an overflow marker (and stops dropping).
    func injectOverflow() {
        let deliver = lock.withLock { () -> (@Sendable ([RawFileEvent]) -> Void)? in
            dropping = false
            return handler
        }
        deliver?([RawFileEvent(.overflow, "")])
    }

    /// Answers `limitReached` for the directories `refuse` selects.
    func refuseWatches(_ refuse: @escaping (String) -> Bool) { lock.withLock { refused = refuse } }
}
