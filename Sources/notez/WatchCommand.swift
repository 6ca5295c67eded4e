import ArgumentParser
import Dispatch
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// `notez watch`: keeps a live index while files change and prints each change as it happens.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep a live index of the vault and print every change (Ctrl-C to stop).",
        discussion: """
            Text lines: '+ path' added, '~ path' modified, '> old -> new' moved, '- path' removed; \
            folders end with '/'. With --json, one object per line: \
            {"event":"added|modified|moved|removed","from":"(moves only)","path":"...","time":"..."}. \
            With --query, the initial results ('= path') and then notes entering (+) and leaving (-) \
            the result set, '~' for a result that changed, '>' for a result that moved.
            """)

    @Option(name: .long, help: "Follow only the notes that match this query.")
    var query: String?

    // Listed for help and completion; `main` takes `--quiet` out as the global flag (`GlobalFlags`),
    // which this command reads as the same choice.
    @Flag(name: .long, help: "Print only the changes, not the initial summary (and no notices, as with every command).")
    var quiet = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let root = try vault.root()
        // Watching only reads: interrupted operations are left to the next changing command.
        for message in try vault.session().readNotices() { Terminal.notice(TerminalText.safe(message)) }
        let config = (try? VaultConfig.load(root: root)) ?? VaultConfig()
        let liveQuery = try query.map { LiveQuery(query: try QueryArgument.parse($0), root: root) }
        let quiet = quiet || Terminal.facts.quiet
        Terminal.flush()

        // Signals are handled on a queue, never in an async signal handler.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stopRequested = DispatchSemaphore(value: 0)
        let signalQueue = DispatchQueue(label: "notez.watch.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
            source.setEventHandler { stopRequested.signal() }
            source.resume()
            return source
        }

        let printer = WatchPrinter(json: output.json)
        // One live view: the printer follows its batches, the warm path answers from its snapshot.
        let live = WatchedIndex(root: root, config: config)
        live.addListener { report in printer.report(report) }
        // The lock is held until the initial output is printed, so changes always come after it.
        printer.lock.lock()
        // The initial index is let go of once printed: a copy kept for the whole watch would make
        // the watcher copy every note at its first change.
        do {
            let initial: LiveIndex
            do {
                initial = try live.start()
            } catch {
                printer.lock.unlock()
                throw error
            }
            if var live = liveQuery {
                let results = live.start(with: initial)
                printer.query = live
                if !quiet { printer.printInitial(results: results, index: initial, query: query ?? "") }
            } else if !quiet {
                printer.printInitial(index: initial)
            }
        }
        printer.lock.unlock()

        // Read commands on this vault are answered from the live index while the watch runs.
        var server: WarmServer?
        if getenv("NOTEZ_WARM").map({ String(cString: $0) }) != "off" {
            let (started, problem) = WarmService.start(vault: live)
            server = started
            if let problem { FileHandleOutput.stderr("notez: \(TerminalText.safe(problem))\n") }
        }

        stopRequested.wait()
        server?.stop()
        live.stop()
        sources.forEach { $0.cancel() }
    }

}

/// Prints watch output, one flushed line at a time, from the watcher's thread.
final class WatchPrinter: @unchecked Sendable {
    let lock = NSLock()
    let json: Bool
    /// The live result set when `--query` is given (touched under `lock`).
    var query: LiveQuery?

    init(json: Bool) {
        self.json = json
    }

    /// The summary of a plain watch.
    func printInitial(index: LiveIndex) {
        if json {
            emit("{\"event\":\"ready\",\"notes\":\(index.count),\"folders\":\(index.folders.count),\"time\":\(quoted(now()))}")
        } else {
            emit("watching \(index.count) notes in \(index.folders.count) folders (Ctrl-C to stop)")
        }
    }

    /// The initial results of a query watch.
    func printInitial(results: [Note], index: LiveIndex, query: String) {
        let time = now()
        for note in results {
            emit(
                json ? "{\"event\":\"match\",\"path\":\(quoted(note.path)),\"time\":\(quoted(time))}" : "= " + TerminalText.safe(note.path))
        }
        if json {
            emit("{\"event\":\"ready\",\"matches\":\(results.count),\"notes\":\(index.count),\"time\":\(quoted(time))}")
        } else {
            emit("\(results.count) of \(index.count) notes match \(TerminalText.safe(query)) (Ctrl-C to stop)")
        }
    }

    /// Prints one batch (filtered through the query when there is one) and its notices.
    func report(_ report: WatchReport) {
        lock.withLock {
            for notice in report.notices where !Terminal.facts.quiet {
                FileHandleOutput.stderr("notez: \(TerminalText.safe(notice))\n")
            }
            var changes = report.changes
            if query != nil { changes = query!.update(report) }
            let time = now()
            for change in changes { emit(json ? jsonLine(change, time: time) : TerminalText.safe(change.description)) }
        }
    }

    func jsonLine(_ change: WatchChange, time: String) -> String {
        let (event, from): (String, String?) =
            switch change {
            case .added: ("added", nil)
            case .modified: ("modified", nil)
            case .moved(let from, _): ("moved", from)
            case .removed: ("removed", nil)
            case .folderAdded: ("added", nil)
            case .folderRemoved: ("removed", nil)
            }
        var path = change.path
        switch change {
        case .folderAdded, .folderRemoved: path += "/"
        default: break
        }
        var line = "{\"event\":\"\(event)\""
        if let from { line += ",\"from\":" + quoted(from) }
        return line + ",\"path\":" + quoted(path) + ",\"time\":" + quoted(time) + "}"
    }

    private func now() -> String { NoteDate.iso8601(Date().timeIntervalSince1970) }

    private func quoted(_ text: String) -> String {
        var out = ""
        JSONText.quote(text, into: &out)
        return out
    }

    /// One line, written and flushed at once so a pipe reader sees it immediately.
    private func emit(_ line: String) {
        FileHandleOutput.write(fd: 1, Array((line + "\n").utf8))
    }
}
