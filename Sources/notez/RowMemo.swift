import NotezKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The rows of the last long listing a daemon laid out (`ls -r` of every note: 23 MB at 100,000
/// notes), kept in an unlinked file of the vault's private cache folder. The same listing asked
/// again is read back from the file; after a change, the next listing in the same layout reads
/// the rows of the notes that did not change from the file and lays out only the others
/// (`NoteCollection.rowSources(since:)` tells which), whose rows are added at the file's end.
///
/// Kept in a file, not in memory: the `watch` budget (150 MB) cannot hold 23 MB more, and pages
/// of a file are the kernel's to drop; the daemon's memory grows by each row's place in the file
/// (8 bytes a row). A row depends on the note and the layout alone (no clock: rows with relative
/// times are never kept). Rows no listing uses any more stay in the file until they are as many
/// bytes as the listed ones; the next listing then writes a new file. Nothing is ever left in the
/// cache folder (the file is unlinked as soon as it is made), nothing is written into the vault.
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

        /// Whether rows of `other` are laid out as rows of this key are (only the snapshot and
        /// the notes listed may differ).
        func sameLayout(as other: Key) -> Bool {
            color == other.color && width == other.width && snippets == other.snippets && showFolder == other.showFolder
        }
    }

    /// The kept rows: the listing, its file, where each of its rows starts and ends in the file,
    /// the file's length, and the state of the snapshot the rows were laid out from.
    private struct Kept {
        var key: Key
        var fd: Int32
        var starts: [UInt32]
        var ends: [UInt32]
        var length: Int
        var mark: RowMark?
    }

    /// The largest file of rows (a vault's notes decide its size).
    static let limit = 256 << 20

    private let folder: String
    private var kept: Kept?
    /// The list order of every note of a snapshot, as the kept rows list them: sorting 100,000
    /// notes again was most of a listing sent again. Kept across snapshots, with the state it was
    /// made at, so that the next snapshot's order is carried from it.
    private var order: (version: Int, positions: [Int], mark: RowMark?)?

    /// A memo whose files go in `folder` (the vault's private cache folder).
    init(folder: String) { self.folder = folder }

    deinit { drop() }

    /// The list order of every note of snapshot `version` of `index`, at most `limit`: the one
    /// kept; else the kept one of an earlier snapshot brought up to date
    /// (`NoteCollection.listOrder(carrying:since:)`); else `index`'s. Then kept.
    func listOrder(version: Int, limit: Int?, index: any NoteCollection) -> [Int] {
        let all: [Int]
        if let order, order.version == version {
            all = order.positions
        } else {
            let carried = order.flatMap { order in order.mark.flatMap { index.listOrder(carrying: order.positions, since: $0) } }
            all = carried ?? index.listOrder(Array(0..<index.noteCount), limit: nil)
            order = (version, all, index.rowMark())
        }
        return limit.map { $0 < all.count ? Array(all.prefix($0)) : all } ?? all
    }

    /// `positions` (distinct) of snapshot `version` of `index` in list order, at most `limit`:
    /// picked from the kept order of every note (`Ordering.members`) when they are many, or when an
    /// order is kept to carry; else sorted.
    func listOrder(of positions: [Int], version: Int, limit: Int?, index: any NoteCollection) -> [Int] {
        if positions.count == index.noteCount { return listOrder(version: version, limit: limit, index: index) }
        // A walk of every note's position costs about what sorting a sixty-fourth of them does.
        guard positions.count * 64 >= index.noteCount, order != nil || positions.count * 4 >= index.noteCount else {
            return index.listOrder(positions, limit: limit)
        }
        let all = listOrder(version: version, limit: nil, index: index)
        return Ordering.members(positions, in: all, limit: limit) ?? index.listOrder(positions, limit: limit)
    }

    /// `positions` of the snapshot a command answers from in list order, at most `limit`: through
    /// the daemon's memo when there is one (`TerminalContext.rowMemo`).
    static func listOrder(_ positions: [Int], limit: Int?, index: any NoteCollection) -> [Int] {
        guard let kept = TerminalContext.current.rowMemo else { return index.listOrder(positions, limit: limit) }
        return kept.memo.listOrder(of: positions, version: kept.version, limit: limit, index: index)
    }

    /// Whether a kept file of `length` bytes, whose used runs are `starts`/`ends`, is still worth
    /// adding to: the bytes nothing uses any more (runs since replaced) are not more than the used
    /// ones (and 1 MB). Else the next writer starts a new file. The rule of `TagJSONMemo` too.
    static func isCompact(length: Int, starts: [UInt32], ends: [UInt32]) -> Bool {
        length <= 2 * zip(starts, ends).reduce(0) { $0 + Int($1.1 - $1.0) } + (1 << 20)
    }

    /// Whether the kept rows are those of `key` (the same listing asked again).
    func keeps(_ key: Key) -> Bool { kept?.key == key }

    /// For each row of the listing of `key` from `index`, the kept row that is the same bytes,
    /// else -1; nil when none is (another layout, rows of a state `index` does not follow, or a
    /// file more than half of whose bytes no listing uses).
    func carried(to key: Key, from index: any NoteCollection) -> [Int32]? {
        guard let kept, kept.key.sameLayout(as: key), RowMemo.isCompact(length: kept.length, starts: kept.starts, ends: kept.ends)
        else { return nil }
        if kept.key == key { return (0..<Int32(key.positions.count)).map { $0 } }
        guard let mark = kept.mark, let sources = index.rowSources(since: mark) else { return nil }
        var rowOf = [Int32](repeating: -1, count: kept.key.positions.max().map { $0 + 1 } ?? 0)
        for (row, position) in kept.key.positions.enumerated() { rowOf[position] = Int32(row) }
        return key.positions.map { position in
            let source = sources[position]
            return source >= 0 && source < rowOf.count ? rowOf[source] : -1
        }
    }

    /// Appends the bytes of the kept rows `rows` to `bytes`, and where each ends (from the start
    /// of `bytes`) to `ends`; false (nothing appended) when they cannot be read back whole.
    /// Workers call it side by side while a listing is laid out: it changes nothing of the memo.
    func append(keptRows rows: Range<Int>, to bytes: inout [UInt8], ends: inout [UInt32]) -> Bool {
        guard let kept, rows.upperBound <= kept.ends.count else { return false }
        let base = bytes.count
        var row = rows.lowerBound
        while row < rows.upperBound {
            // Rows that follow each other in the file are read at once.
            var last = row
            while last + 1 < rows.upperBound && kept.starts[last + 1] == kept.ends[last] { last += 1 }
            let start = Int(kept.starts[row])
            let count = Int(kept.ends[last]) - start
            let at = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: count))
            let done = bytes.withUnsafeMutableBytes { all in
                SystemIO.readAll(kept.fd, into: UnsafeMutableRawBufferPointer(rebasing: all[at..<(at + count)]), at: start)
            }
            guard done == count else {
                bytes.removeLast(bytes.count - base)
                ends.removeLast(row - rows.lowerBound)
                return false
            }
            for each in row...last { ends.append(UInt32(at + Int(kept.ends[each]) - start)) }
            row = last + 1
        }
        return true
    }

    /// Starts keeping the rows of `key`, laid out from the state `mark`: rows laid out afresh are
    /// added to the kept file when some rows are carried from it (`carrying`), else written to a
    /// new one. What was kept stays until every row is written. Nil when no file can be made.
    func record(_ key: Key, mark: RowMark?, carrying: Bool) -> Recorder? {
        if carrying, let kept { return Recorder(memo: self, key: key, mark: mark, fd: kept.fd, length: kept.length, shared: true) }
        guard let fd = SystemIO.unlinkedFile(in: folder) else { return nil }
        return Recorder(memo: self, key: key, mark: mark, fd: fd, length: 0, shared: false)
    }

    /// Forgets the kept rows.
    func drop() {
        if let kept { close(kept.fd) }
        kept = nil
    }

    /// Writes one listing's rows laid out afresh to its file and notes where every row is; the
    /// memo keeps them (in place of what it kept) only when all were written.
    final class Recorder {
        private let memo: RowMemo
        private let key: Key
        private let mark: RowMark?
        private var fd: Int32
        /// Whether `fd` is the kept rows' file (rows of the listing are read from it).
        private let shared: Bool
        private var length: Int
        private var starts: [UInt32] = []
        private var ends: [UInt32] = []

        fileprivate init(memo: RowMemo, key: Key, mark: RowMark?, fd: Int32, length: Int, shared: Bool) {
            self.memo = memo
            self.key = key
            self.mark = mark
            self.fd = fd
            self.length = length
            self.shared = shared
        }

        deinit { abandon() }

        /// One worker's run of rows: their bytes, where each row ends in them, and for each the
        /// kept row it was read from (-1: laid out afresh).
        struct Part {
            var bytes: [UInt8] = []
            var ends: [UInt32] = []
            var sources: [Int32] = []
        }

        /// Notes the rows of `parts`, in order, writing those laid out afresh at the file's end.
        func append(window parts: [Part]) {
            guard fd >= 0 else { return }
            // Taken once: a copy of the kept rows' tables for each row retained them each time.
            let (keptStarts, keptEnds) = (memo.kept?.starts ?? [], memo.kept?.ends ?? [])
            for part in parts {
                var row = 0
                while row < part.ends.count {
                    let begin = row == 0 ? 0 : Int(part.ends[row - 1])
                    let source = Int(part.sources[row])
                    if source >= 0 && source < keptEnds.count {
                        starts.append(keptStarts[source])
                        ends.append(keptEnds[source])
                        row += 1
                        continue
                    }
                    var last = row
                    while last + 1 < part.ends.count && part.sources[last + 1] < 0 { last += 1 }
                    let count = Int(part.ends[last]) - begin
                    guard length + count <= RowMemo.limit else { return abandon() }
                    let written = part.bytes.withUnsafeBytes { bytes in
                        SystemIO.writeAll(fd, UnsafeRawBufferPointer(rebasing: bytes[begin..<begin + count]), at: length)
                    }
                    guard written else { return abandon() }
                    for each in row...last {
                        starts.append(UInt32(length + (each == row ? 0 : Int(part.ends[each - 1]) - begin)))
                        ends.append(UInt32(length + Int(part.ends[each]) - begin))
                    }
                    length += count
                    row = last + 1
                }
            }
        }

        /// Keeps the rows when every one was noted.
        func finish() {
            guard fd >= 0, ends.count == key.positions.count else { return }
            if !shared { memo.drop() }
            memo.kept = Kept(key: key, fd: fd, starts: starts, ends: ends, length: length, mark: mark)
            fd = -1
        }

        private func abandon() {
            // The kept rows' file stays theirs: what was added past their end is written over next time.
            if fd >= 0 && !shared { close(fd) }
            fd = -1
        }
    }
}
