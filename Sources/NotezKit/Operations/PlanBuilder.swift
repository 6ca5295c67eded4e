/// Shared planning helpers: front matter edit steps, names that do not clash, state file writes.
struct PlanBuilder {
    /// The index the plan is made from.
    public let index: VaultIndex
    /// The files the plan reads.
    public let files: any VaultFiles
    /// The plan being built.
    public var plan: Plan
    /// Lower-cased paths that earlier steps of this plan will create.
    private var claimed: Set<String> = []
    /// Lower-cased paths that earlier steps of this plan will move away, by bytes: an NFD twin
    /// of a vacated name still exists.
    private var vacated: Set<PathKey> = []
    /// Paths a running watch proved free among their siblings in any case (`FocusSet.freeTargets`):
    /// `isTaken` and `freePath` do not list the folder for them.
    var provenFree: [String] = []

    /// Starts a plan.
    public init(index: VaultIndex, files: any VaultFiles, operation: String, arguments: [String]) {
        self.index = index
        self.files = files
        plan = Plan(operation: operation, arguments: arguments)
    }

    /// Adds an edit step for a note, or records why it is skipped. Returns true when a step was added.
    ///
    /// `noChange` is the message for a note the edits would not change (`already pinned`).
    @discardableResult
    public mutating func edit(_ path: String, _ edits: [FrontMatterEdit], inverse: [FrontMatterEdit], noChange: String) -> Bool {
        if index.symlinkedNotes.contains(path) || files.kind(path) == .symlink {
            plan.skipped.append(FileIssue(path: path, reason: "symlinked note; notez never writes through symlinks"))
            return false
        }
        let contents: NoteReader.Contents
        do {
            guard let read = try files.read(path) else {
                plan.skipped.append(FileIssue(path: path, reason: "the file no longer exists"))
                return false
            }
            contents = read
        } catch {
            plan.skipped.append(FileIssue(path: path, reason: error.description))
            return false
        }
        let after: [UInt8]
        do {
            after = try NoteEditor.apply(edits, to: contents.bytes)
        } catch {
            plan.skipped.append(FileIssue(path: path, reason: "front matter not edited: \(error.description)"))
            return false
        }
        if after == contents.bytes {
            plan.messages.append("\(path): \(noChange)")
            return false
        }
        plan.steps.append(
            .edit(
                path, before: FileFingerprint(bytes: contents.bytes, stamp: contents.stamp),
                afterHash: ContentHash.of(after), edits: edits, inverse: inverse,
                frontMatter: FrontMatterChange.between(contents.bytes, after)))
        plan.previews[PathKey(path)] = Plan.Preview(before: contents.bytes, after: after)
        return true
    }

    /// Adds a warning when a note written or moved to `path` would be skipped by the `ignore:`
    /// globs of `.notez/config.yaml`: notez would stop listing it, which must not happen silently.
    mutating func warnIfIgnored(_ path: String) {
        guard !index.config.ignore.isEmpty, VaultWalker(root: index.root, ignore: index.config.ignore).isSkipped(path) else { return }
        plan.messages.append(
            "warning: \(path) is in a path ignored by .notez/config.yaml (ignore: \(index.config.ignore.joined(separator: ", "))); "
                + "notez will no longer list or search it")
    }

    /// True when the path exists (or will, after earlier steps), compared case-insensitively
    /// among its siblings so the vault also works on case-insensitive file systems.
    func isTaken(_ path: String) -> Bool {
        // Claims compare as String does (case and normalization ignored): the safe direction.
        if claimed.contains(path.lowercased()) { return true }
        if isProvenFree(path) { return false }
        let name = VaultPath.name(of: path)
        return presentNames(in: VaultPath.folder(of: path), startingWith: name).contains(name.lowercased())
    }

    /// The first free path for `name` in `folder`: `Name.md`, `Name 2.md`, `Name 3.md`, ...
    func freePath(folder: String, name: String) -> String {
        let (stem, ext) = PlanBuilder.split(name)
        return freePath(folder: folder, stem: stem, ext: ext)
    }

    /// The first free path `stem + ext`, `stem 2 + ext`, ... in `folder` (any extension: attachments).
    func freePath(folder: String, stem: String, ext: String) -> String {
        let name = stem + ext
        let first = VaultPath.join(folder, name)
        if !claimed.contains(first.lowercased()), isProvenFree(first) { return first }
        // The folder is listed once for every candidate (as `isTaken` compares): it may hold thousands of notes.
        let present = presentNames(in: folder, startingWith: stem)
        func isTaken(_ path: String) -> Bool {
            claimed.contains(path.lowercased()) || present.contains(VaultPath.name(of: path).lowercased())
        }
        var candidate = VaultPath.join(folder, name)
        var number = 2
        while isTaken(candidate) {
            candidate = VaultPath.join(folder, "\(stem) \(number)\(ext)")
            number += 1
        }
        return candidate
    }

    /// Whether the watch proved this very path free (compared by bytes: a proof for one spelling
    /// of a name says nothing of another).
    private func isProvenFree(_ path: String) -> Bool { provenFree.contains { PathKey.sameBytes($0, path) } }

    /// The lower-cased names (`String.lowercased()`) in `folder` that no earlier step vacates,
    /// among them every one that could equal a lower-cased name starting with `prefix`. When
    /// `prefix` is ASCII, an ASCII name is compared as bytes and kept only when it starts with
    /// `prefix` in any case; other names are always kept (`K`, the Kelvin sign, lower-cases to an
    /// ASCII `k`). A rename into a folder of 20,000 notes made and lower-cased a `String` for each
    /// name, a tenth of its CPU.
    private func presentNames(in folder: String, startingWith prefix: String) -> Set<String> {
        let asciiPrefix: [UInt8]? = prefix.utf8.allSatisfy { $0 < 0x80 } ? TextFold.lowercasedASCII(ArraySlice(prefix.utf8)) : nil
        let loweredFolder = folder.lowercased()
        var present: Set<String> = []
        files.forEachName(in: folder) { name in
            if let asciiPrefix, ASCIIBytes.only(name) {
                guard name.count >= asciiPrefix.count, zip(name, asciiPrefix).allSatisfy({ ASCIIBytes.lowercased($0) == $1 })
                else { return }
            }
            let lowered = VaultPath.loweredName(name)
            if !vacated.contains(PathKey(VaultPath.join(loweredFolder, lowered))) { present.insert(lowered) }
        }
        return present
    }

    /// Adds a move step and claims its target.
    public mutating func move(_ source: String, to target: String) {
        plan.steps.append(.move(source, to: target))
        claimed.insert(target.lowercased())
        vacated.insert(PathKey(source.lowercased()))
        claimed.remove(source.lowercased())
    }

    /// Adds a folder creation step and claims the path.
    public mutating func createFolder(_ path: String) {
        plan.steps.append(.createFolder(path))
        claimed.insert(path.lowercased())
    }

    /// Claims a path created by a write step added by the caller.
    mutating func claim(_ path: String) {
        claimed.insert(path.lowercased())
    }

    /// Adds the step that writes a `.notez/` state file; nothing when the text is unchanged.
    ///
    /// `.notez/` itself is not a step: the vault lock creates it before any step runs, and a step
    /// would make undo try to remove it (with the journal inside) and report a failure.
    mutating func writeState(_ path: String, text: String) throws(NotezError) {
        let previous = try files.read(path).map { String(decoding: $0.bytes, as: UTF8.self) }
        guard previous != text else { return }
        plan.steps.append(.write(path, contents: text, previous: previous))
        plan.previews[PathKey(path)] = Plan.Preview(before: Array((previous ?? "").utf8), after: Array(text.utf8))
    }

    /// Splits `Name.md` into `Name` and `.md` (the extension only for notes).
    static func split(_ name: String) -> (String, String) {
        for ext in [".md", ".markdown"] where name.lowercased().hasSuffix(ext) && name.count > ext.count {
            return (String(name.dropLast(ext.count)), String(name.suffix(ext.count)))
        }
        return (name, "")
    }

    /// Resolves NOTE arguments, each note once, in argument order.
    func resolveNotes(_ arguments: [String]) throws(NotezError) -> [Note] {
        var seen: Set<PathKey> = []
        var notes: [Note] = []
        for argument in arguments {
            let note = try index.resolve(argument)
            if seen.insert(PathKey(note.path)).inserted { notes.append(note) }
        }
        return notes
    }

    /// Fills in fingerprints and after-hashes of edit steps from the files as they are now, for
    /// plans made from journaled steps (undo); edits that change nothing are dropped and reported.
    public static func rebase(_ steps: [FileStep], files: any VaultFiles, operation: String, arguments: [String]) -> Plan {
        var plan = Plan(operation: operation, arguments: arguments)
        for step in steps {
            guard step.kind == .edit else {
                plan.steps.append(step)
                continue
            }
            do {
                guard let contents = try files.read(step.path) else {
                    plan.skipped.append(FileIssue(path: step.path, reason: "the file no longer exists"))
                    continue
                }
                let after = try step.editResult(of: contents.bytes)
                if after == contents.bytes { continue }
                var rebased = step
                rebased.before = FileFingerprint(bytes: contents.bytes, stamp: contents.stamp)
                rebased.afterHash = ContentHash.of(after)
                // What this step will actually change, so undoing the undo is exact too.
                rebased.frontMatter = FrontMatterChange.between(contents.bytes, after)
                rebased.wholeFile = rebased.frontMatter == nil ? WholeFileChange.between(contents.bytes, after) : nil
                plan.steps.append(rebased)
                plan.previews[PathKey(step.path)] = Plan.Preview(before: contents.bytes, after: after)
            } catch let error as EditRefusal {
                plan.skipped.append(FileIssue(path: step.path, reason: "front matter not edited: \(error.description)"))
            } catch {
                plan.skipped.append(FileIssue(path: step.path, reason: "\(error)"))
            }
        }
        return plan
    }
}
