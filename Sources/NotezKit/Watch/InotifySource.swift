#if canImport(Glibc)
import Foundation
import Glibc

/// The Linux event source: one inotify instance, one watch per directory, a reader thread.
///
/// The reader thread only reads and translates; adding watches for new directories is the caller's
/// job (the watcher adds them as soon as it sees the event, before scanning the directory).
/// Hidden names are dropped here, except the root's `.git` folder, whose watch only reports
/// `index.lock` so that a batch can wait for a running git command.
final class InotifySource: FileEventSource, @unchecked Sendable {
    /// The mask of every vault directory watch (section 7): never OPEN or ACCESS.
    static let directoryMask: UInt32 =
        UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
        | UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)
    /// The mask of the `.git` watch: only names appearing and disappearing.
    static let gitMask: UInt32 =
        UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
        | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)
    static let bufferSize = 256 * 1024

    /// The absolute vault root.
    public let root: String
    private let lock = NSLock()
    private var fd: Int32 = -1
    private let reader = StoppableThread()
    private var pathByWatch: [Int32: String] = [:]
    private var watchByPath: [String: Int32] = [:]
    private var cookieWatch: Int32 = -1

    /// Creates a source for the vault at `root` (absolute).
    public init(root: String) {
        self.root = root
    }

    deinit { stop() }

    /// The number of directories currently watched.
    var watchCount: Int {
        lock.withLock { watchByPath.count }
    }

    /// Opens the inotify instance and starts the reader thread.
    public func start(handler: @escaping @Sendable ([RawFileEvent]) -> Void) throws(NotezError) {
        let instance = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard instance >= 0 else { throw .io(path: root, errno: errno) }
        lock.withLock { fd = instance }
        if let code = reader.start(name: "notez-inotify", { [self] wake in readLoop(fd: instance, wake: wake, handler: handler) }) {
            lock.withLock {
                close(instance)
                fd = -1
            }
            throw .io(path: root, errno: code)
        }
    }

    /// Stops the reader thread, then closes the instance (which drops every watch).
    public func stop() {
        guard reader.stop() else { return }
        lock.withLock {
            close(fd)
            fd = -1
            cookieWatch = -1
            pathByWatch.removeAll()
            watchByPath.removeAll()
        }
    }

    /// Watches a directory; re-adding a moved directory updates its path.
    func addWatch(directory: String) -> WatchAddResult {
        let absolute = directory.isEmpty ? root : root + "/" + directory
        return lock.withLock { () -> WatchAddResult in
            guard fd >= 0 else { return .failed(EBADF) }
            let mask = directory == ".git" ? InotifySource.gitMask : InotifySource.directoryMask
            let watch = inotify_add_watch(fd, absolute, mask)
            guard watch >= 0 else { return errno == ENOSPC ? .limitReached : .failed(errno) }
            // The same inode under a new name keeps its descriptor: forget the old name.
            if let old = pathByWatch[watch], old != directory { watchByPath[old] = nil }
            if let previous = watchByPath[directory], previous != watch {
                inotify_rm_watch(fd, previous)
                pathByWatch[previous] = nil
            }
            pathByWatch[watch] = directory
            watchByPath[directory] = watch
            return .added
        }
    }

    /// Watches the cookie folder with this instance, so that cookies queue behind vault events.
    public func watchCookies(in folder: String) -> Bool {
        lock.withLock { () -> Bool in
            guard fd >= 0 else { return false }
            let watch = inotify_add_watch(fd, folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_DONT_FOLLOW))
            guard watch >= 0 else { return false }
            cookieWatch = watch
            return true
        }
    }

    /// Removes the watches of a directory and of every watched directory below it.
    func removeWatch(directory: String) {
        lock.withLock {
            let prefix = directory + "/"
            for (path, watch) in watchByPath where directory.isEmpty || path == directory || path.hasPrefix(prefix) {
                if fd >= 0 { inotify_rm_watch(fd, watch) }
                watchByPath[path] = nil
                pathByWatch[watch] = nil
            }
        }
    }

    private func readLoop(fd: Int32, wake: Int32, handler: @Sendable ([RawFileEvent]) -> Void) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: InotifySource.bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            if SystemIO.retrying({ poll(&fds, 2, -1) }) < 0 {
                handler([RawFileEvent(.watchFailed, "")])
                return
            }
            if fds[1].revents != 0 { return }
            var events: [RawFileEvent] = []
            // Drain everything that is queued, then hand it on as one batch.
            while true {
                let count = SystemIO.retrying { read(fd, buffer, InotifySource.bufferSize) }
                if count < 0 {
                    if errno != EAGAIN { events.append(RawFileEvent(.watchFailed, "")) }
                    break
                }
                if count == 0 { break }
                translate(buffer, count: count, into: &events)
            }
            if !events.isEmpty { handler(events) }
        }
    }

    private func translate(_ buffer: UnsafeMutableRawPointer, count: Int, into events: inout [RawFileEvent]) {
        let headerSize = MemoryLayout<inotify_event>.size
        var offset = 0
        lock.lock()
        defer { lock.unlock() }
        while offset + headerSize <= count {
            let header = buffer.load(fromByteOffset: offset, as: inotify_event.self)
            let nameStart = buffer + offset + headerSize
            let nameLength = Int(header.len)
            offset += headerSize + nameLength
            let mask = header.mask
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                events.append(RawFileEvent(.overflow, ""))
                continue
            }
            if header.wd == cookieWatch, cookieWatch >= 0 {
                if mask & UInt32(IN_IGNORED) != 0 { cookieWatch = -1 }
                let bytes = UnsafeRawBufferPointer(start: nameStart, count: nameLength).prefix(while: { $0 != 0 })
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !bytes.isEmpty {
                    events.append(RawFileEvent(.cookie, String(decoding: bytes, as: UTF8.self)))
                }
                continue
            }
            guard let directory = pathByWatch[header.wd] else { continue }
            let isDirectory = mask & UInt32(IN_ISDIR) != 0
            if mask & UInt32(IN_IGNORED) != 0 || mask & UInt32(IN_UNMOUNT) != 0 {
                pathByWatch[header.wd] = nil
                if watchByPath[directory] == header.wd { watchByPath[directory] = nil }
                events.append(RawFileEvent(.watchRemoved, directory, isDirectory: true))
                continue
            }
            if mask & UInt32(IN_DELETE_SELF) != 0 {
                events.append(RawFileEvent(.selfDeleted, directory, isDirectory: true))
                continue
            }
            if mask & UInt32(IN_MOVE_SELF) != 0 {
                events.append(RawFileEvent(.selfMoved, directory, isDirectory: true))
                continue
            }
            guard nameLength > 0 else { continue }
            let bytes = UnsafeRawBufferPointer(start: nameStart, count: nameLength).prefix(while: { $0 != 0 })
            // Names that are not UTF-8 are not notes (the walker skips them too).
            guard let name = String(validating: bytes, as: UTF8.self) else { continue }
            if directory == ".git" {
                guard name == "index.lock" else { continue }
            } else if name.hasPrefix(".") && !(directory.isEmpty && name == ".git" && isDirectory) {
                continue
            }
            let kind: RawFileEvent.Kind
            if mask & UInt32(IN_CREATE) != 0 {
                kind = .created
            } else if mask & UInt32(IN_DELETE) != 0 {
                kind = .deleted
            } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                kind = .movedFrom
            } else if mask & UInt32(IN_MOVED_TO) != 0 {
                kind = .movedTo
            } else if mask & UInt32(IN_CLOSE_WRITE) != 0 {
                kind = .closedWrite
            } else if mask & UInt32(IN_MODIFY) != 0 {
                kind = .modified
            } else {
                kind = .attributes
            }
            events.append(RawFileEvent(kind, VaultPath.join(directory, name), cookie: header.cookie, isDirectory: isDirectory))
        }
    }
}
#endif
