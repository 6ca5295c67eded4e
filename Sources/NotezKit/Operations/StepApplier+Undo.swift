extension StepApplier {
    /// Undoes one step of an operation that failed part way, from what its journal record says the
    /// step did (see `OperationRunner.rollBack`). True when the step's effect is gone: undone now,
    /// or never applied. False when it cannot be undone exactly: the file changed since, its old
    /// bytes are not in the journal (a permanently deleted note), or a system call failed; the
    /// operation then stays pending and `recover` finishes it instead.
    ///
    /// Every check compares with the planned end state first, so a step that was never applied
    /// (the one that failed, usually) is left as it is, without a write.
    func undo(_ step: FileStep) -> Bool {
        do {
            switch step.kind {
            case .edit: return try undoEdit(step)
            case .write: return try undoWrite(step)
            case .move:
                guard let target = step.to else { return false }
                switch (files.kind(step.path), files.kind(target)) {
                case (.some, nil): return true
                case (nil, .some(let kind)) where kind != .symlink:
                    try injectFault(step.path)
                    try writer.move(from: target, to: step.path)
                    return true
                default: return false
                }
            case .createFolder:
                guard let kind = files.kind(step.path) else { return true }
                guard kind == .folder, files.names(in: step.path).isEmpty else { return false }
                try injectFault(step.path)
                try writer.removeEmptyFolder(step.path)
                return true
            case .removeFolder:
                if let kind = files.kind(step.path) { return kind == .folder }
                try injectFault(step.path)
                try writer.createFolder(step.path)
                return true
            case .delete: return try undoDelete(step)
            case .copy:
                guard let before = step.before else { return false }
                guard let kind = files.kind(step.path) else { return true }
                guard kind == .file else { return false }
                let current = try NoteReader.read(files.root + "/" + step.path, limit: Int(clamping: before.size) + 1)
                guard before.matches(current.bytes) else { return false }
                try injectFault(step.path)
                try writer.deleteFile(step.path)
                return true
            }
        } catch {
            return false
        }
    }

    /// The fault a test injected into this write of a rollback, thrown (see `WriteCounter`).
    private func injectFault(_ path: String) throws(NotezError) {
        if let failure = counter.injectedFailure(path: path) { throw failure }
    }

    /// An edit is undone only from exactly its planned result, and only when the journaled
    /// inverse gives back exactly the bytes it was planned from.
    private func undoEdit(_ step: FileStep) throws(NotezError) -> Bool {
        guard files.kind(step.path) == .file, let contents = try files.read(step.path), let before = step.before else { return false }
        let bytes = contents.bytes
        if before.matches(bytes) { return true }
        guard let after = step.afterHash, ContentHash.of(bytes) == after, let inverse = step.inverted else { return false }
        let restored: [UInt8]
        do {
            restored = try inverse.editResult(of: bytes)
        } catch {
            return false
        }
        guard before.matches(restored) else { return false }
        try injectFault(step.path)
        try writer.write(restored, to: step.path, expected: contents.stamp, expectedHash: ContentHash.value(bytes))
        return true
    }

    private func undoWrite(_ step: FileStep) throws(NotezError) -> Bool {
        if let kind = files.kind(step.path), kind != .file { return false }
        let current = try files.read(step.path)
        guard let before = step.before else {
            // The step created the file: remove it if it is still what was written.
            guard let current else { return true }
            guard let after = step.afterHash, ContentHash.of(current.bytes) == after else { return false }
            try injectFault(step.path)
            try writer.deleteFile(step.path)
            return true
        }
        guard let current else { return false }
        if before.matches(current.bytes) { return true }
        guard let after = step.afterHash, ContentHash.of(current.bytes) == after, let previous = step.previousContents else { return false }
        let bytes = Array(previous.utf8)
        guard before.matches(bytes) else { return false }
        try injectFault(step.path)
        try writer.write(bytes, to: step.path, expected: current.stamp, expectedHash: ContentHash.value(current.bytes))
        return true
    }

    private func undoDelete(_ step: FileStep) throws(NotezError) -> Bool {
        if files.kind(step.path) != nil { return true }
        if let text = step.previousContents {
            let bytes = Array(text.utf8)
            if let before = step.before, !before.matches(bytes) { return false }
            try injectFault(step.path)
            try writer.write(bytes, to: step.path, mustNotExist: true)
            return true
        }
        // A copy of `notez attach` deleted by an undo: copied again from its source, if unchanged.
        guard let source = step.source, let before = step.before else { return false }
        let bytes = try AttachmentSource.read(source, limit: before.size)
        guard before.matches(bytes) else { return false }
        try injectFault(step.path)
        try writer.write(bytes, to: step.path, mustNotExist: true)
        return true
    }
}
