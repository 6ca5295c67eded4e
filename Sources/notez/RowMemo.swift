import NotezKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rows of the last long listing a daemon laid out (`ls -r` of every note: 23 MB at 100,000
/// notes), kept in an unlinked file of the vault's private cache folder and sent again while the
/// snapshot, the notes listed and the layout are the same.
///
/// Kept in a file, not in memory: the `watch` budget (150 MB) cannot hold 23 MB more, and pages
/// of a file are the kernel's to drop; the daemon's memory grows by the positions and the
/// windows' offsets only. A row depends on the note and the layout alone (no clock: rows with
/// relative times are never kept), so a snapshot's version, the positions in order and the
/// layout's settings decide the bytes. Nothing is ever left in the cache folder (the file is
/// unlinked as soon as it is made), nothing is written into the vault.
final class RowMemo: @unchecked Sendable {
    /// What the kept rows were laid out from.
    struct Key: Equatable {
        var version: Int
        var color: Bool
        var width: Int?
        var snippets: Bool
        var showFolder: Bool
        /// The positions listed, in order (the caller's array: kept, not copied).
        var positions: [Int]
    }

    /// The largest listing kept (a vault's notes decide its size).
    static let limit = 256 << 20

    private let folder: String
    private var kept: (key: Key, fd: Int32, ends: [Int], largest: Int)?
    /// The list order of every note of a snapshot (with a limit), as the kept rows list them:
    /// sorting 100,000 notes again was most of a listing sent again.
    private var order: (version: Int, limit: Int?, positions: [Int])?
    /// The memory windows are read back into, reused while the answer's pieces are sent on.
    private var buffer: [UInt8] = []

    /// A memo whose files go in `folder` (the vault's private cache folder).
    init(folder: String) { self.folder = folder }

    deinit { drop() }

    /// The byte offset where each window of rows ends, when the rows of `key` are kept.
    func windows(of key: Key) -> [Int]? {
        guard let kept, kept.key == key else { return nil }
        return kept.ends
    }

    /// The list order of every note of snapshot `version`, at most `limit`: the one kept, else
    /// `compute()`'s, then kept.
    func listOrder(version: Int, limit: Int?, _ compute: () -> [Int]) -> [Int] {
        if let order, order.version == version, order.limit == limit { return order.positions }
        let positions = compute()
        order = (version, limit, positions)
        return positions
    }

    /// The bytes of window `number` of the kept rows; nil (and the memo dropped) when they cannot
    /// be read back whole. The same memory is reused when the caller let go of the last window
    /// (a daemon sends each window on before it asks for the next: no fresh pages each time).
    func read(window number: Int) -> [UInt8]? {
        guard let kept, number < kept.ends.count else { return nil }
        let start = number == 0 ? 0 : kept.ends[number - 1]
        let count = kept.ends[number] - start
        guard count > 0 else { return [] }
        if buffer.isEmpty {
            // Room for the largest window once; every byte counted is read into below before use.
            buffer = [UInt8](unsafeUninitializedCapacity: kept.largest) { _, initialized in initialized = count }
        }
        if buffer.count > count { buffer.removeLast(buffer.count - count) }
        if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
        let done = buffer.withUnsafeMutableBytes { bytes in
            var done = 0
            while done < count {
                let got = pread(kept.fd, bytes.baseAddress! + done, count - done, off_t(start + done))
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            return done
        }
        guard done == count else {
            drop()
            return nil
        }
        return buffer
    }

    /// Starts keeping the rows of `key` (dropping what was kept); nil when no file can be made.
    func record(_ key: Key) -> Recorder? {
        drop()
        guard let fd = SystemIO.unlinkedFile(in: folder) else { return nil }
        return Recorder(memo: self, key: key, fd: fd)
    }

    /// Forgets the kept rows unless they are of snapshot `version` (a daemon's newer snapshot
    /// makes them useless: the file is closed rather than kept until the next listing).
    func drop(unlessOf version: Int) {
        if let kept, kept.key.version != version { drop() }
        if let order, order.version != version { self.order = nil }
        buffer = []
    }

    /// Forgets the kept rows.
    func drop() {
        if let kept { close(kept.fd) }
        kept = nil
    }

    /// Writes one listing's windows to its file; the memo keeps them only when all were written.
    final class Recorder {
        private let memo: RowMemo
        private let key: Key
        private var fd: Int32
        private var ends: [Int] = []
        private var length = 0

        fileprivate init(memo: RowMemo, key: Key, fd: Int32) {
            self.memo = memo
            self.key = key
            self.fd = fd
        }

        deinit { if fd >= 0 { close(fd) } }

        /// Appends one window of rows, laid out in `parts`.
        func append(window parts: [[UInt8]]) {
            guard fd >= 0 else { return }
            for part in parts {
                length += part.count
                if length > RowMemo.limit || SystemIO.writeAll(fd, part) != nil { return abandon() }
            }
            ends.append(length)
        }

        /// Keeps the file when every window was written.
        func finish() {
            guard fd >= 0 else { return }
            let largest = zip(ends, [0] + ends).map { $0 - $1 }.max() ?? 0
            memo.kept = (key, fd, ends, largest)
            fd = -1
        }

        private func abandon() {
            close(fd)
            fd = -1
        }
    }
}
