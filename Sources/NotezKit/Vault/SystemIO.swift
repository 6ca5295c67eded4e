import CAllocator

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls notez loops over, in one place: whole-buffer reads and writes that retry
/// interrupted calls (EINTR), and `stat` in its three forms returning a value instead of filling
/// a variable.
package enum SystemIO {
    /// Runs `call` again while it fails with EINTR; returns its last result (errno set when < 0).
    package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Writes all of `bytes` to `fd` (with `send(MSG_NOSIGNAL)` for a socket, so a closed peer is an
    /// error, never SIGPIPE); nil when everything was written, else the errno of the failure.
    package static func writeAll(_ fd: Int32, _ bytes: [UInt8], socket: Bool = false) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                retrying {
                    socket
                        ? send(fd, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
                        : write(fd, buffer.baseAddress! + written, buffer.count - written)
                }
            }
            if count < 0 { return errno }
            written += count
        }
        return nil
    }

    /// Writes all of `bytes` to `fd` from `offset` (`pwrite`); false when a write failed.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = retrying { pwrite(fd, bytes.baseAddress! + written, bytes.count - written, off_t(offset + written)) }
            if count <= 0 { return false }
            written += count
        }
        return true
    }

    /// Reads into `buffer` from `fd`, at `offset` (`pread`) or from the current position (nil:
    /// a socket), until it is full or the stream ends; the bytes read (fewer at the end, on an
    /// error or a timeout).
    package static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int?) -> Int {
        var done = 0
        while done < buffer.count {
            let start = buffer.baseAddress! + done
            let room = buffer.count - done
            let count = retrying { offset.map { pread(fd, start, room, off_t($0 + done)) } ?? Glibc.read(fd, start, room) }
            guard count > 0 else { break }
            done += count
        }
        return done
    }

    /// A new file in `folder` that no path names, open for reading and writing: `O_TMPFILE`, or
    /// where the file system has none, a file removed as soon as it is made. nil when `folder` is
    /// not a private folder of this user's (a vault's cache folder, as notez makes it) or no file
    /// can be made.
    package static func unlinkedFile(in folder: String) -> Int32? {
        guard let info = lstat(folder), isFolder(info), info.st_uid == getuid(), info.st_mode & 0o077 == 0 else { return nil }
        #if os(Linux)
        // O_TMPFILE is `__O_TMPFILE | O_DIRECTORY`, a macro Swift does not import: never named, so
        // never left behind.
        let fd = open(folder, Int32(0o20_000_000) | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
        if fd >= 0 { return fd }
        #endif
        let path = folder + "/notez-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).tmp"
        let named = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard named >= 0 else { return nil }
        unlink(path)
        return named
    }

    /// What a read got: the bytes up to the end of the file or the limit, or the errno of a failure.
    package enum ReadResult {
        case bytes([UInt8])
        case failed(Int32)
    }

    /// Reads from `fd` until end of file or `limit` bytes, from `offset` with `pread` when given (the
    /// descriptor's position is then left alone), else from the current position. With
    /// `retryWhenNotReady`, EAGAIN is retried like EINTR (a file opened non-blocking). `expected`
    /// (the size `fstat` gave) sizes the buffer once; without it the buffer grows as bytes arrive.
    package static func read(
        _ fd: Int32, limit: Int, at offset: off_t? = nil, expected: Int? = nil, retryWhenNotReady: Bool = false
    ) -> ReadResult {
        /// One read into `room` bytes at `start`, `at` bytes in, retried while interrupted (or not
        /// ready); the count read, or -1 with errno set.
        func piece(_ start: UnsafeMutableRawPointer, _ room: Int, at position: Int) -> Int {
            while true {
                let count = offset.map { pread(fd, start, room, $0 + off_t(position)) } ?? Glibc.read(fd, start, room)
                if count >= 0 || !(errno == EINTR || (retryWhenNotReady && errno == EAGAIN)) { return count }
            }
        }
        // The first buffer is read straight into the new array's storage: zeroing it first was a
        // hundredth of a first run.
        let first = min(limit, expected ?? (1 << 16))
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, initialized in
            while initialized < first {
                let count = piece(buffer.baseAddress! + initialized, first - initialized, at: initialized)
                if count < 0 { failure = errno }
                if count <= 0 { return }
                initialized += count
            }
        }
        if let failure { return .failed(failure) }
        var filled = bytes.count
        // Less than the buffer holds: end of file (or the limit) was reached.
        if filled < first || filled == limit { return .bytes(bytes) }
        while filled < limit {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: min(limit - filled, max(bytes.count, 1 << 16))) }
            let count = bytes.withUnsafeMutableBytes { buffer in piece(buffer.baseAddress! + filled, buffer.count - filled, at: filled) }
            if count < 0 { return .failed(errno) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return .bytes(bytes)
    }

    /// The name of a directory entry, read up to its NUL only: copying the whole `d_name` field
    /// (256 bytes) reads past a short entry at the end of the directory buffer, which can cross
    /// into an unmapped page (`check` crashed so listing a corpus's files).
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        Array(entryNameBytes(entry))
    }

    /// The name of a directory entry, valid until the next `readdir` of its folder.
    static func entryNameBytes(_ entry: UnsafeMutablePointer<dirent>) -> UnsafeRawBufferPointer {
        let start = UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name)!)
        return UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
    }

    /// `lstat` of a path; nil with errno set when it fails.
    package static func lstat(_ path: String) -> stat? {
        var info = stat()
        return Glibc.lstat(path, &info) == 0 ? info : nil
    }

    /// `stat` of a path (symlinks followed); nil with errno set when it fails.
    package static func statFollowing(_ path: String) -> stat? {
        statOfPath(path)
    }

    /// `fstat` of an open descriptor; nil with errno set when it fails.
    package static func fstat(_ fd: Int32) -> stat? {
        var info = stat()
        return Glibc.fstat(fd, &info) == 0 ? info : nil
    }

    /// `fstatat` of a name in an open folder (`AT_SYMLINK_NOFOLLOW` unless `following`); nil with errno set when it fails.
    package static func fstatat(_ folder: Int32, _ name: String, following: Bool = false) -> stat? {
        var info = stat()
        return Glibc.fstatat(folder, name, &info, following ? 0 : AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// `fstatat` of a NUL-terminated name in an open folder, following a symlink; nil when it fails.
    package static func fstatat(_ folder: Int32, cName: UnsafePointer<CChar>) -> stat? {
        var info = stat()
        return Glibc.fstatat(folder, cName, &info, 0) == 0 ? info : nil
    }

    /// Opens a folder for `fstatat` (through a symlink as its last component only when
    /// `following`); nil when it fails.
    package static func openFolder(_ path: String, following: Bool = false) -> Int32? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW))
        return fd >= 0 ? fd : nil
    }

    /// Wall-clock time in nanoseconds since 1970.
    package static func currentTimeNanos() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Whether `info` describes a regular file.
    package static func isRegular(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFREG }

    /// Whether `info` describes a folder.
    package static func isFolder(_ info: stat) -> Bool { (info.st_mode & S_IFMT) == S_IFDIR }

    /// For a long-running process (watch, serve), which makes and frees large arrays at changes and
    /// answers: freed pages go back to the system soon after. With jemalloc (`notez` on Linux),
    /// dirty pages are purged after a second instead of ten. With glibc, every allocation of 256
    /// KiB or more is a mapping of its own (by default glibc raises that threshold after the first
    /// such free, and later ones stay in its heaps, where freed space is rarely returned), in two
    /// arenas at most: memory freed in one thread's arena was not reused by the others (`serve`
    /// peaked at 160 MB against 146 MB with two).
    package static func returnFreedPagesSoon() {
        notez_allocator_return_freed_pages_soon()
    }

    /// Gives the pages of freed memory back to the system (the allocator keeps them): after
    /// the large transient work of a long-running process, so the next one starts from less.
    package static func releaseFreedMemory() {
        notez_allocator_release_freed_memory()
    }
}

/// `stat(2)` at file scope, where the name means the function and not the struct.
private func statOfPath(_ path: String) -> stat? {
    var info = stat()
    return stat(path, &info) == 0 ? info : nil
}
