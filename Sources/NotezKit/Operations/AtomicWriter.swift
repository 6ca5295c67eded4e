#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every change notez makes to the vault goes through here: atomic writes, moves that never
/// replace, folder creation and removal, all confined to the vault by `VaultDirectory` (the one
/// path resolver) and never through a symlink.
///
/// A write puts the bytes in a temporary file `.notez/tmp/.notez-tmp-*` (`O_CREAT|O_EXCL|O_NOFOLLOW`,
/// relative to the opened folder), fsyncs it and commits it over the target by a rename across the
/// two folders, so a kill never leaves a file beside the notes that `git status` would show. Beside
/// the target instead only where `.notez/tmp/` cannot serve: a vault without `.notez/` (nothing
/// creates it just for this), a target on another file system, `.notez/.gitignore` itself. When the write replaces
/// a version the caller read (`expected`), the commit is guarded on both sides so that a save by
/// someone else is never lost: right before the commit the file must still be that version (inode,
/// size, mtime and content); the commit swaps the two names atomically (`RENAME_EXCHANGE`), and
/// the file swapped out must still be the unchanged original, else the swap is reversed; after the
/// swap, a write that landed in the original through an already open handle is detected and that
/// version put back. Each case throws `changedWhileWriting`, and the caller re-plans from the new
/// bytes. The residual race is documented in docs/safety.md.
public struct AtomicWriter: Sendable {
    /// The vault root, with symlinks resolved.
    public var root: String { directory.root }
    /// The opened vault root.
    public let directory: VaultDirectory

    /// The prefix of temporary files; the walker skips them as hidden files and recovery removes stale ones.
    static let temporaryPrefix = ".notez-tmp-"
    /// The folder of temporary files, git-ignored by `.notez/.gitignore`.
    static let temporaryFolder = ".notez/tmp"

    /// A writer for the vault at `root` (which must exist).
    public init(root: String) throws(NotezError) {
        directory = try VaultDirectory(root: root)
    }

    /// Atomically replaces (or creates) a file with `bytes`, keeping the old file's mode.
    ///
    /// With `expected`, refuses when the file on disk is no longer that version (see the type's
    /// comment; `expectedHash` is `ContentHash.value` of the bytes planned from); with `mustNotExist`,
    /// refuses when the file exists (atomically: `RENAME_NOREPLACE`).
    public func write(
        _ bytes: [UInt8], to relative: String, expected: FileStamp? = nil, expectedHash: UInt64? = nil, mustNotExist: Bool = false
    ) throws(NotezError) {
        let prepared = try prepare(
            bytes, to: relative, expected: expected, expectedHash: expectedHash, mustNotExist: mustNotExist, durable: true)
        try commit(prepared, durable: true)
    }

    /// The first half of `write`: the checks and the temporary file, not yet committed. With
    /// `durable: false` the temporary file is not fsynced; the caller must `syncAll()` before
    /// committing (batched operations: one file system sync for many files).
    public func prepare(
        _ bytes: [UInt8], to relative: String, expected: FileStamp? = nil, expectedHash: UInt64? = nil,
        mustNotExist: Bool = false, durable: Bool
    ) throws(NotezError) -> PreparedWrite {
        try ensureStateIgnored(for: relative)
        let parent = try directory.parent(of: relative)
        var original: OriginalFile?
        if let expected { original = try OriginalFile(parent, expected: expected, expectedHash: expectedHash) }
        var mode: mode_t?
        if let original {
            mode = original.mode
        } else if let info = parent.status() {
            if (info.st_mode & S_IFMT) == S_IFLNK { throw .refused("'\(relative)' is a symlink; notez never writes through symlinks") }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw .refused("'\(relative)' is not a regular file; not replaced") }
            if mustNotExist { throw .refused("'\(relative)' already exists; not replaced") }
            mode = info.st_mode
        }
        let folder = temporaryFolder(for: relative, beside: parent)
        let temporary = try createTemporary(in: folder?.fd ?? parent.fd, relative: parent.relative, bytes: bytes, mode: mode, durable: durable)
        return PreparedWrite(parent: parent, folder: folder, temporary: temporary, original: original, mustNotExist: mustNotExist)
    }

    /// The open `.notez/tmp/` for the temporary file of a write to `relative`, created on first use;
    /// nil when the temporary file goes beside the target (see the type's comment).
    private func temporaryFolder(for relative: String, beside parent: VaultDirectory.Parent) -> VaultDirectory.Parent? {
        guard relative != StateIgnore.path, !relative.hasPrefix(AtomicWriter.temporaryFolder + "/") else { return nil }
        // Opened without following a symlink: a planted `.notez/tmp` link is never written through.
        if let holder = try? directory.parent(of: AtomicWriter.temporaryFolder + "/x") { return sameDevice(holder, parent) }
        guard directory.kind(".notez") == .folder else { return nil }
        if directory.kind(AtomicWriter.temporaryFolder) == nil {
            guard (try? ensureStateIgnored(for: AtomicWriter.temporaryFolder + "/")) != nil,
                let notez = try? directory.parent(of: AtomicWriter.temporaryFolder)
            else { return nil }
            if mkdirat(notez.fd, notez.name, 0o777) != 0, errno != EEXIST { return nil }
        }
        guard let holder = try? directory.parent(of: AtomicWriter.temporaryFolder + "/x") else { return nil }
        return sameDevice(holder, parent)
    }

    /// `holder` when it is on the file system of `parent`, else nil: a rename cannot cross file
    /// systems (a folder of the vault may be a mount point).
    private func sameDevice(_ holder: VaultDirectory.Parent, _ parent: VaultDirectory.Parent) -> VaultDirectory.Parent? {
        guard let here = SystemIO.fstat(holder.fd), let there = SystemIO.fstat(parent.fd), here.st_dev == there.st_dev else { return nil }
        return holder
    }

    /// The second half of `write`: the guarded commit of a prepared file. With `durable: false` the
    /// folder is not fsynced; the caller must `syncAll()` afterwards.
    public func commit(_ prepared: PreparedWrite, durable: Bool) throws(NotezError) {
        let parent = prepared.parent
        let relative = parent.relative
        let folder = prepared.temporaryFD
        if let original = prepared.original {
            try original.checkUnchanged()
            ConcurrentWriteHook.shared.fire(.beforeCommit, parent: parent)
            try commit(prepared.temporary, from: folder, over: original, in: parent)
            prepared.committed = true
            ConcurrentWriteHook.shared.fire(.afterCommit, parent: parent, original: original.fd)
            try original.checkNotWrittenAfterCommit(restoringInto: self, relative: relative, parent: parent)
        } else if prepared.mustNotExist {
            if Self.rename(folder, prepared.temporary, parent.fd, parent.name, flags: Self.renameNoReplace) != 0 {
                if errno == EEXIST { throw .refused("'\(relative)' already exists; not replaced") }
                throw .io(path: relative, errno: errno)
            }
            prepared.committed = true
        } else {
            if renameat(folder, prepared.temporary, parent.fd, parent.name) != 0 { throw .io(path: relative, errno: errno) }
            prepared.committed = true
        }
        if durable { try sync(parent.fd, relative) }
    }

    /// Makes everything written to the vault's file system so far durable (`syncfs`; `sync` where
    /// it is missing): one flush for a batch of prepared files, then one for their commits.
    func syncAll() throws(NotezError) {
        #if os(Linux)
        if let syncfs = AtomicWriter.syncfs {
            if syncfs(directory.fd) != 0 { throw .io(path: root, errno: errno) }
            return
        }
        #endif
        Glibc.sync()
    }

    /// Writes a whole UTF-8 text file (notez's own state files).
    public func write(text: String, to relative: String) throws(NotezError) {
        try write(Array(text.utf8), to: relative)
    }

    /// Renames a file or folder; never replaces an existing target.
    public func move(from source: String, to target: String) throws(NotezError) {
        try ensureStateIgnored(for: target)
        let from = try directory.parent(of: source)
        guard let kind = from.kind() else { throw .io(path: source, errno: ENOENT) }
        if kind == .symlink { throw .refused("'\(source)' is a symlink; notez never moves or writes symlinks") }
        let to = try directory.parent(of: target)
        if to.status() != nil { throw .refused("'\(target)' already exists; not replaced") }
        if Self.rename(from.fd, from.name, to.fd, to.name, flags: Self.renameNoReplace) != 0 {
            if errno == EEXIST { throw .refused("'\(target)' already exists; not replaced") }
            throw .io(path: target, errno: errno)
        }
        try sync(from.fd, source)
        if VaultPath.folder(of: source) != VaultPath.folder(of: target) { try sync(to.fd, target) }
    }

    /// Creates one folder (its parent must exist).
    public func createFolder(_ relative: String) throws(NotezError) {
        if relative != ".notez" { try ensureStateIgnored(for: relative) }
        let parent = try directory.parent(of: relative)
        if mkdirat(parent.fd, parent.name, 0o777) != 0 { throw .io(path: relative, errno: errno) }
        try sync(parent.fd, relative)
        if relative == ".notez" { try ensureStateIgnored(for: ".notez/") }
    }

    /// Removes an empty folder.
    func removeEmptyFolder(_ relative: String) throws(NotezError) {
        let parent = try directory.parent(of: relative)
        guard parent.kind() == .folder else { throw .refused("'\(relative)' is not a folder; not removed") }
        if unlinkat(parent.fd, parent.name, AT_REMOVEDIR) != 0 { throw .io(path: relative, errno: errno) }
        try sync(parent.fd, relative)
    }

    /// Deletes one regular file (never a folder, a symlink or a device).
    func deleteFile(_ relative: String) throws(NotezError) {
        let parent = try directory.parent(of: relative)
        guard parent.kind() == .file else { throw .refused("'\(relative)' is not a regular file; not deleted") }
        if unlinkat(parent.fd, parent.name, 0) != 0 { throw .io(path: relative, errno: errno) }
        try sync(parent.fd, relative)
    }

    /// Removes temporary files a killed notez left in `folder` (vault-relative); returns their names.
    func removeStaleTemporaries(in folder: String) -> [String] {
        guard let parent = try? folder.isEmpty ? nil : directory.parent(of: folder) else {
            return folder.isEmpty ? removeStale(at: directory.fd) : []
        }
        let fd = openat(parent.fd, parent.name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return removeStale(at: fd)
    }

    private func removeStale(at folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var removed: [String] = []
        while let entry = readdir(stream) {
            let name = String(decoding: SystemIO.entryName(entry), as: UTF8.self)
            guard name.hasPrefix(AtomicWriter.temporaryPrefix) else { continue }
            // Only regular files: a temporary name is never a folder or a link notez made.
            if let info = SystemIO.fstatat(folder, name), SystemIO.isRegular(info),
                unlinkat(folder, name, 0) == 0
            {
                removed.append(name)
            }
        }
        return removed
    }

    // MARK: - Writing

    /// Writes `bytes` to a new temporary file in the open folder `folder`; `relative` names the
    /// target in messages.
    private func createTemporary(in folder: Int32, relative: String, bytes: [UInt8], mode: mode_t?, durable: Bool) throws(NotezError)
        -> String
    {
        let name = AtomicWriter.temporaryPrefix + String(getpid()) + "-" + AtomicWriter.uniqueSuffix()
        let fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .io(path: relative, errno: errno) }
        var failure: NotezError?
        if let mode, fchmod(fd, mode & 0o7777) != 0 { failure = .io(path: relative, errno: errno) }
        if failure == nil, let code = SystemIO.writeAll(fd, bytes) { failure = .io(path: relative, errno: code) }
        if failure == nil, durable, fsync(fd) != 0 { failure = .io(path: relative, errno: errno) }
        if close(fd) != 0, failure == nil { failure = .io(path: relative, errno: errno) }
        if let failure {
            unlinkat(folder, name, 0)
            throw failure
        }
        return name
    }

    /// Swaps the new file (`temporary` in the open folder `folder`) in; reverses the swap when what
    /// it swapped out is not the checked original.
    private func commit(_ temporary: String, from folder: Int32, over original: OriginalFile, in parent: VaultDirectory.Parent)
        throws(NotezError)
    {
        guard Self.rename(folder, temporary, parent.fd, parent.name, flags: Self.renameExchange) == 0 else {
            // No RENAME_EXCHANGE on this file system: a plain rename after the last check.
            if errno == EINVAL || errno == ENOSYS || errno == ENOTSUP {
                if renameat(folder, temporary, parent.fd, parent.name) != 0 { throw .io(path: parent.relative, errno: errno) }
                return
            }
            throw .io(path: parent.relative, errno: errno)
        }
        let sameFile = SystemIO.fstatat(folder, temporary).map { $0.st_ino == original.inode && $0.st_dev == original.device } ?? false
        if !sameFile || !original.isUnchanged() {
            // Someone saved between the check and the swap: give the name back to their version.
            _ = Self.rename(folder, temporary, parent.fd, parent.name, flags: Self.renameExchange)
            throw .changedWhileWriting(path: parent.relative)
        }
        unlinkat(folder, temporary, 0)
    }

    private func sync(_ folder: Int32, _ relative: String) throws(NotezError) {
        // Some file systems do not support fsync on folders; that is not a failure of the write.
        if fsync(folder) != 0, errno != EINVAL, errno != ENOTSUP, errno != EBADF { throw .io(path: relative, errno: errno) }
    }

    // MARK: - .notez/.gitignore

    /// Before anything is created in `.notez/`, its `.gitignore` lists every machine-local path.
    private func ensureStateIgnored(for relative: String) throws(NotezError) {
        guard relative.hasPrefix(".notez/"), relative != StateIgnore.path, !StateIgnore.isDone(root) else { return }
        guard directory.kind(".notez") == .folder else { return }
        let existing = try directory.readFile(StateIgnore.path)
        if let updated = StateIgnore.updated(existing) {
            let parent = try directory.parent(of: StateIgnore.path)
            let stamp = parent.status().map(FileStamp.init(status:))
            try write(updated, to: StateIgnore.path, expected: stamp, mustNotExist: stamp == nil)
        }
        StateIgnore.markDone(root)
    }

    // MARK: - System calls

    static let renameNoReplace: UInt32 = 1
    static let renameExchange: UInt32 = 2

    /// `renameat2`; without it (old kernels, some file systems) a no-replace rename falls back to a
    /// checked `renameat`, and an exchange fails with ENOSYS.
    static func rename(_ fromFolder: Int32, _ from: String, _ toFolder: Int32, _ to: String, flags: UInt32) -> Int32 {
        #if os(Linux)
        // Glibc's module map hides renameat2 (it needs _GNU_SOURCE); look it up at run time.
        if let renameat2 = AtomicWriter.renameat2 {
            let result = renameat2(fromFolder, from, toFolder, to, flags)
            if result == 0 || (errno != EINVAL && errno != ENOSYS) || flags == renameExchange { return result }
        }
        #endif
        if flags == renameExchange {
            errno = ENOSYS
            return -1
        }
        if SystemIO.fstatat(toFolder, to) != nil {
            errno = EEXIST
            return -1
        }
        return renameat(fromFolder, from, toFolder, to)
    }

    #if os(Linux)
    private typealias SyncFS = @convention(c) (Int32) -> Int32
    // Hidden by Glibc's module map like renameat2 (it needs _GNU_SOURCE).
    private static let syncfs: SyncFS? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()

    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameat2: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif

    private static let counter = Counter()

    static func uniqueSuffix() -> String {
        String(counter.next()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
    }
}

/// A process-wide counter for unique temporary names.
final class Counter: @unchecked Sendable {
    private var value = 0
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    func next() -> Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        value += 1
        return value
    }
}
