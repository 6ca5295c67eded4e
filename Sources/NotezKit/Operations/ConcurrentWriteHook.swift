#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test switch that plays another program saving a note at the worst moment of a guarded write,
/// so the end-to-end tests can prove such a save is never lost (like `NOTEZ_FAULT_AFTER_WRITES`
/// for crashes). `NOTEZ_TEST_CONCURRENT_WRITE=WHEN:HOW`, fired once per process on the first note
/// written: WHEN is `before-commit` (after the last check, before the swap) or `after-commit`;
/// HOW is `inplace` (appends a line to the same inode), `rename` (saves a new file over the name),
/// or `sametime` (rewrites the last bytes in place and restores the mtime, invisible to a stat).
final class ConcurrentWriteHook: @unchecked Sendable {
    enum Moment: String { case beforeCommit = "before-commit", afterCommit = "after-commit" }

    static let shared = ConcurrentWriteHook(getenv("NOTEZ_TEST_CONCURRENT_WRITE").map { String(cString: $0) })

    /// The line `inplace` and `rename` add.
    static let marker = "concurrent edit\n"

    private let moment: Moment?
    private let how: String
    private var fired = false
    private var lock = pthread_mutex_t()

    init(_ setting: String?) {
        let parts = setting?.split(separator: ":").map(String.init) ?? []
        moment = parts.count == 2 ? Moment(rawValue: parts[0]) : nil
        how = parts.count == 2 ? parts[1] : ""
        pthread_mutex_init(&lock, nil)
    }

    /// Plays the concurrent save when this is the configured moment (once).
    func fire(_ now: Moment, parent: VaultDirectory.Parent, original: Int32? = nil) {
        guard moment == now, !parent.relative.hasPrefix(".notez/"), takeTurn() else { return }
        switch (now, how) {
        case (.afterCommit, _):
            guard let original else { return }
            // The editor still has the old file open and writes through that handle.
            let fd = open("/proc/self/fd/\(original)", O_WRONLY | O_APPEND | O_CLOEXEC)
            if fd >= 0 {
                _ = Self.marker.withCString { Glibc.write(fd, $0, strlen($0)) }
                close(fd)
            }
        case (_, "inplace"):
            let fd = openat(parent.fd, parent.name, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 {
                _ = Self.marker.withCString { Glibc.write(fd, $0, strlen($0)) }
                close(fd)
            }
        case (_, "sametime"):
            guard let info = SystemIO.fstatat(parent.fd, parent.name), info.st_size >= 4 else { return }
            let fd = openat(parent.fd, parent.name, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return }
            _ = "ZZZ\n".withCString { pwrite(fd, $0, 4, off_t(info.st_size) - 4) }
            var times = [info.st_atim, info.st_mtim]
            futimens(fd, &times)
            close(fd)
        case (_, "rename"):
            let source = openat(parent.fd, parent.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard source >= 0, let bytes = try? VaultDirectory.Parent.readAll(source, limit: 1 << 26, path: parent.relative) else { return }
            close(source)
            let content = bytes + Array(Self.marker.utf8)
            let temporary = "concurrent-save.tmp"
            let fd = openat(parent.fd, temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return }
            _ = content.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            close(fd)
            renameat(parent.fd, temporary, parent.fd, parent.name)
        default:
            return
        }
    }

    private func takeTurn() -> Bool {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if fired { return false }
        fired = true
        return true
    }
}
