/// Applies one `FileStep` idempotently: a step already done is skipped, a file that changed since the
/// plan is re-planned (edits) or left alone and reported (everything else). Used both for a fresh
/// operation and for rolling an interrupted one forward.
struct StepApplier: Sendable {
    /// What happened to a step.
    public enum Outcome: Sendable, Equatable {
        /// The step was applied to the version it was planned from.
        case applied
        /// The file already was in the planned end state.
        case alreadyDone
        /// The file had changed since the plan; the edits were re-applied to its new content.
        case replanned
        /// Left alone, with the reason.
        case skipped(String)
        /// A system call failed (no space left, permission denied, ...), with the reason.
        case failed(String)
    }

    /// The writer (confines every change to the vault).
    public let writer: AtomicWriter
    /// Reads the current files.
    public let files: DiskVaultFiles
    /// Counts writes for fault injection.
    public let counter: WriteCounter

    /// Creates an applier over a vault.
    public init(writer: AtomicWriter, counter: WriteCounter) {
        self.writer = writer
        self.files = DiskVaultFiles(root: writer.root)
        self.counter = counter
    }

    /// Applies one step. Throws only for a simulated crash; failures are `.skipped` with the reason.
    public func apply(_ step: FileStep) throws(NotezError) -> Outcome {
        if let injected = counter.injectedFailure(path: step.path) { return .failed(injected.description) }
        do {
            switch step.kind {
            case .edit: return try applyEdit(step)
            case .write: return try applyWrite(step)
            case .move: return try applyMove(step)
            case .createFolder:
                if files.kind(step.path) == .folder { return .alreadyDone }
                if files.kind(step.path) != nil { return .skipped("a file with that name exists") }
                try writer.createFolder(step.path)
            case .removeFolder:
                guard let kind = files.kind(step.path) else { return .alreadyDone }
                guard kind == .folder else { return .skipped("not a folder") }
                let left = files.names(in: step.path)
                if !left.isEmpty {
                    return .skipped("folder kept: it still contains " + left.sorted().prefix(3).joined(separator: ", "))
                }
                try writer.removeEmptyFolder(step.path)
            case .copy: return try applyCopy(step)
            case .delete:
                guard files.kind(step.path) != nil else { return .alreadyDone }
                // Read as large as planned: an attachment may be larger than a note may be.
                let limit = step.before.map { Int(clamping: $0.size) + 1 } ?? NoteReader.maxNoteSize + 1
                let contents = try NoteReader.read(files.root + "/" + step.path, limit: limit)
                if let before = step.before, !before.matches(contents.bytes) {
                    return .skipped("changed since the plan; not deleted")
                }
                try writer.deleteFile(step.path)
            }
        } catch {
            if case .refused(let message) = error, message.hasPrefix("simulated crash") { throw error }
            return error.category == .io ? .failed(error.description) : .skipped(error.description)
        }
        try counter.didWrite()
        return .applied
    }

    /// An edit step made ready for a batched commit (see `OperationRunner`).
    public enum Preparation {
        /// Nothing left to commit: the step's outcome is known.
        case finished(Outcome)
        /// The new bytes wait in a temporary file; `replanned` when the file changed since the plan.
        case pending(PreparedWrite, replanned: Bool)
        /// Could not be prepared ahead (the file changed while reading it): apply it alone.
        case alone
    }

    /// The first half of an edit step for a batch: reads the file, computes the edit, writes the
    /// temporary file without fsync. Other kinds of step are applied alone.
    public func prepare(_ step: FileStep) -> Preparation {
        guard step.kind == .edit else { return .alone }
        if files.kind(step.path) == .symlink { return .finished(.skipped("symlinked note; never written through")) }
        do {
            guard let contents = try files.read(step.path) else { return .finished(.skipped("the file no longer exists")) }
            let bytes = contents.bytes
            if let after = step.afterHash, ContentHash.of(bytes) == after { return .finished(.alreadyDone) }
            guard step.canReplay(on: bytes) else { return .finished(.skipped(FileStep.notReplayed)) }
            let edited: [UInt8]
            do {
                edited = try step.editResult(of: bytes)
            } catch {
                return .finished(.skipped("front matter not edited: \(error.description)"))
            }
            if edited == bytes { return .finished(.alreadyDone) }
            let prepared = try writer.prepare(
                edited, to: step.path, expected: contents.stamp, expectedHash: ContentHash.value(bytes), durable: false)
            return .pending(prepared, replanned: !(step.before?.matches(bytes) ?? false))
        } catch {
            // Whatever went wrong is met again, and reported, when the step is applied alone.
            return .alone
        }
    }

    /// The second half: commits a prepared edit without fsync (the runner syncs the batch); a file
    /// saved by someone else since the preparation is re-read and the step applied alone.
    public func commit(_ step: FileStep, _ preparation: Preparation) throws(NotezError) -> Outcome {
        switch preparation {
        case .finished(let outcome):
            return outcome
        case .alone:
            return try apply(step)
        case .pending(let prepared, let replanned):
            if let injected = counter.injectedFailure(path: step.path) { return .failed(injected.description) }
            do {
                try writer.commit(prepared, durable: false)
            } catch .changedWhileWriting(_) {
                return try apply(step)
            } catch {
                if case .refused(let message) = error, message.hasPrefix("simulated crash") { throw error }
                return error.category == .io ? .failed(error.description) : .skipped(error.description)
            }
            try counter.didWrite()
            return replanned ? .replanned : .applied
        }
    }

    private func applyEdit(_ step: FileStep) throws(NotezError) -> Outcome {
        if files.kind(step.path) == .symlink { return .skipped("symlinked note; never written through") }
        for _ in 0..<3 {
            guard let contents = try files.read(step.path) else { return .skipped("the file no longer exists") }
            let bytes = contents.bytes
            if let after = step.afterHash, ContentHash.of(bytes) == after { return .alreadyDone }
            guard step.canReplay(on: bytes) else { return .skipped(FileStep.notReplayed) }
            let changed = !(step.before?.matches(bytes) ?? false)
            let edited: [UInt8]
            do {
                edited = try step.editResult(of: bytes)
            } catch {
                return .skipped("front matter not edited: \(error.description)")
            }
            if edited == bytes { return .alreadyDone }
            do {
                try writer.write(edited, to: step.path, expected: contents.stamp, expectedHash: ContentHash.value(bytes))
            } catch .changedWhileWriting(_) {
                // Saved by someone else while we wrote; their version is in place: plan again from it.
                continue
            }
            try counter.didWrite()
            return changed ? .replanned : .applied
        }
        return .skipped("the file kept changing while notez tried to write it")
    }

    private func applyWrite(_ step: FileStep) throws(NotezError) -> Outcome {
        let current = try files.read(step.path)
        if let current, let after = step.afterHash, ContentHash.of(current.bytes) == after { return .alreadyDone }
        let bytes = step.writtenBytes
        if let before = step.before {
            guard let current else { return .skipped("the file no longer exists; not recreated") }
            guard before.matches(current.bytes) else { return .skipped("changed since the plan; not replaced") }
            try writer.write(bytes, to: step.path, expected: current.stamp, expectedHash: ContentHash.value(current.bytes))
        } else {
            if current != nil { return .skipped("a file with that name appeared; not replaced") }
            try writer.write(bytes, to: step.path, mustNotExist: true)
        }
        try counter.didWrite()
        return .applied
    }

    /// Copies a file from outside the vault; a destination that appeared is never replaced, and a
    /// source that changed since the plan is not copied.
    private func applyCopy(_ step: FileStep) throws(NotezError) -> Outcome {
        guard let source = step.source, let expected = step.before else { return .skipped("copy without a source") }
        if let kind = files.kind(step.path) {
            if kind == .file, let current = try? NoteReader.read(files.root + "/" + step.path, limit: Int(clamping: expected.size) + 1),
                expected.matches(current.bytes)
            {
                return .alreadyDone
            }
            return .skipped("a file with that name appeared; not replaced")
        }
        let bytes: [UInt8]
        do {
            bytes = try AttachmentSource.read(source, limit: expected.size)
        } catch {
            return .skipped("'\(source)' cannot be copied: \(error.description)")
        }
        guard expected.matches(bytes) else { return .skipped("'\(source)' changed since the plan; not copied") }
        try writer.write(bytes, to: step.path, mustNotExist: true)
        try counter.didWrite()
        return .applied
    }

    private func applyMove(_ step: FileStep) throws(NotezError) -> Outcome {
        guard let target = step.to else { return .skipped("move without a target") }
        let source = files.kind(step.path)
        let destination = files.kind(target)
        switch (source, destination) {
        case (nil, nil): return .skipped("'\(step.path)' no longer exists")
        case (nil, _): return .alreadyDone
        case (_, nil): break
        default: return .skipped("'\(target)' already exists; not replaced")
        }
        try writer.move(from: step.path, to: target)
        try counter.didWrite()
        return .applied
    }
}
