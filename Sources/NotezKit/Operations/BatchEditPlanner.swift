import Foundation

/// Plans front matter edit steps for many notes at once (tag rename, merge, deletion), reading and
/// editing the files on all cores.
///
/// Like `PlanBuilder.edit`, but made for vault-wide operations: a file's bytes are dropped as soon
/// as its step is computed, so a 10,000-file merge holds only the steps (edits, hashes and the two
/// front matter texts), and the dry-run previews hold the front matter only, except for notes whose
/// body changes (inline tags), whose whole texts the journal keeps anyway.
enum BatchEditPlanner {
    /// The edits wanted for one note.
    public struct Request: Sendable {
        /// The vault-relative path.
        public var path: String
        /// The edits to apply.
        public var edits: [FrontMatterEdit]
        /// The semantic inverse, used by undo when the file changed after the operation.
        var inverse: [FrontMatterEdit]
        /// The exact front matter change to use instead of `edits` when it still fits (undo).
        public var frontMatter: FrontMatterChange?
        /// The exact whole-file change to use instead of `edits` when it still fits (undo of inline tag edits).
        var wholeFile: WholeFileChange?

        /// Creates a request.
        public init(path: String, edits: [FrontMatterEdit], inverse: [FrontMatterEdit], frontMatter: FrontMatterChange? = nil) {
            self.path = path
            self.edits = edits
            self.inverse = inverse
            self.frontMatter = frontMatter
        }
    }

    /// What planning the requests gave.
    public struct Outcome: Sendable {
        /// Edit steps, in request order.
        public var steps: [FileStep] = []
        /// Files left alone, with the reason.
        public var skipped: [FileIssue] = []
        /// Files the edits would not change.
        public var unchanged: [String] = []
        /// Files that no longer exist.
        public var missing: [String] = []
        /// Steps whose request's exact front matter change fit the file (byte-identical undo).
        public var exact: [String] = []
        /// Front matter before and after of each step, for the dry-run diff.
        public var previews: [PathKey: Plan.Preview] = [:]
    }

    private enum One: Sendable {
        case step(FileStep, Plan.Preview, exact: Bool)
        case skipped(FileIssue)
        case unchanged(String)
        case missing(String)
    }

    private final class Results: @unchecked Sendable {
        let lock = NSLock()
        var items: [One?]
        var next = 0
        var done = 0

        init(count: Int) { items = Array(repeating: nil, count: count) }
    }

    /// Plans every request; `progress` is called with (files planned, total) from worker threads.
    public static func plan(
        _ requests: [Request], files: any VaultFiles, symlinked: Set<String>,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) -> Outcome {
        let results = Results(count: requests.count)
        let chunk = 64
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, (requests.count + chunk - 1) / chunk))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                results.lock.lock()
                let start = results.next
                results.next += chunk
                results.lock.unlock()
                guard start < requests.count else { return }
                let end = min(start + chunk, requests.count)
                var local: [One] = []
                local.reserveCapacity(end - start)
                for request in requests[start..<end] {
                    local.append(planOne(request, files: files, symlinked: symlinked))
                }
                results.lock.lock()
                for (offset, item) in local.enumerated() { results.items[start + offset] = item }
                results.done += local.count
                let done = results.done
                results.lock.unlock()
                progress?(done, requests.count)
            }
        }
        var outcome = Outcome()
        for item in results.items {
            switch item {
            case .step(let step, let preview, let exact)?:
                outcome.steps.append(step)
                outcome.previews[PathKey(step.path)] = preview
                if exact { outcome.exact.append(step.path) }
            case .missing(let path)?: outcome.missing.append(path)
            case .skipped(let issue)?: outcome.skipped.append(issue)
            case .unchanged(let path)?: outcome.unchanged.append(path)
            case nil: break
            }
        }
        return outcome
    }

    private static func planOne(_ request: Request, files: any VaultFiles, symlinked: Set<String>) -> One {
        let path = request.path
        if symlinked.contains(path) || files.kind(path) == .symlink {
            return .skipped(FileIssue(path: path, reason: "symlinked note; notez never writes through symlinks"))
        }
        let contents: NoteReader.Contents
        do {
            guard let read = try files.read(path) else { return .missing(path) }
            contents = read
        } catch {
            return .skipped(FileIssue(path: path, reason: error.description))
        }
        let after: [UInt8]
        var exact = false
        do {
            if let change = request.wholeFile, let restored = change.apply(to: contents.bytes) {
                after = restored
                exact = true
            } else if let change = request.frontMatter, let restored = change.apply(to: contents.bytes) {
                after = restored
                exact = true
            } else {
                after = try NoteEditor.apply(request.edits, to: contents.bytes)
            }
        } catch {
            return .skipped(FileIssue(path: path, reason: "front matter not edited: \(error.description)"))
        }
        if after == contents.bytes { return .unchanged(path) }
        let frontMatter = FrontMatterChange.between(contents.bytes, after)
        var step = FileStep.edit(
            path, before: FileFingerprint(bytes: contents.bytes, stamp: contents.stamp),
            afterHash: ContentHash.of(after), edits: request.edits, inverse: request.inverse,
            frontMatter: frontMatter)
        // The body changed (inline tags): only the whole text makes undo byte-identical, and the
        // dry run shows the body's lines too (the step keeps both texts already).
        var preview = Plan.Preview(before: FrontMatterChange.prefix(contents.bytes), after: FrontMatterChange.prefix(after))
        if frontMatter == nil {
            step.wholeFile = WholeFileChange.between(contents.bytes, after)
            preview = Plan.Preview(before: contents.bytes, after: after)
        }
        return .step(step, preview, exact: exact)
    }
}
