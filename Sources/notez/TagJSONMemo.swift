import NotezKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of each tag of the last `overview --json` a daemon wrote, kept in an unlinked file of
/// the vault's private cache folder with where each tag's text starts and ends. After a change,
/// the next overview copies the text of every tag whose summary did not change from the file (the
/// index tells which: `NoteCollection.changedTagPositions(since:)`) and writes only the others,
/// whose text is added at the file's end: making the text of 47,000 tags was most of the first
/// `overview --json` after a change.
///
/// In a file, as `RowMemo`'s rows, so the daemon's memory holds 8 bytes a tag, not its text (6.6
/// MB at 47,000 tags). Text no tag uses any more stays in the file until it is as many bytes as
/// the used text; the next overview then writes a new file.
final class TagJSONMemo: @unchecked Sendable {
    /// The kept text: its file, where each tag's text starts and ends, the file's length, the
    /// indentation the text was written at, and the state of the snapshot its tags came from.
    fileprivate struct Kept {
        var fd: Int32
        var starts: [UInt32]
        var ends: [UInt32]
        var length: Int
        var indent: Int?
        var mark: RowMark
    }

    /// The largest file of tags' text (a vault's tags decide its size); beyond, nothing is kept.
    static let limit = 64 << 20
    /// Bytes read or written at a time.
    static let chunk = 1 << 16

    private let folder: String
    private var kept: Kept?

    /// A memo whose files go in `folder` (the vault's private cache folder).
    init(folder: String) { self.folder = folder }

    deinit { drop() }

    private func drop() {
        if let kept { close(kept.fd) }
        kept = nil
    }

    /// A writer of the tags of `index` (a daemon's snapshot) that copies what it can from the kept
    /// text; nil when `index` keeps no history (no state to keep the text at).
    func writer(for index: any NoteCollection) -> Writer? {
        guard let mark = index.rowMark() else { return nil }
        let tags = index.tags
        if let kept, kept.ends.count == tags.count, RowMemo.isCompact(length: kept.length, starts: kept.starts, ends: kept.ends),
            let positions = index.changedTagPositions(since: kept.mark)
        {
            var changed = [Bool](repeating: false, count: tags.count)
            for position in positions where position < changed.count { changed[position] = true }
            return Writer(memo: self, tags: tags, mark: mark, carried: (kept, changed), fd: kept.fd, length: kept.length)
        }
        return Writer(memo: self, tags: tags, mark: mark, carried: nil, fd: SystemIO.unlinkedFile(in: folder) ?? -1, length: 0)
    }

    /// Writes the text of each tag once, in order, copying it from the kept file where the tag did
    /// not change (and adding only the others to that file), and keeps where every tag's text is
    /// when all were written.
    final class Writer: @unchecked Sendable {
        private let memo: TagJSONMemo
        private let tags: [TagSummary]
        private let mark: RowMark
        private let carried: (kept: Kept, changed: [Bool])?
        /// The file's bytes from `readStart` on, read a chunk at a time.
        private var read: [UInt8] = []
        private var readStart = 0
        /// The file written to: the kept one when carried (never closed here), else a new one.
        private var fd: Int32
        private var pending: [UInt8] = []
        private var length: Int
        private var starts: [UInt32] = []
        private var ends: [UInt32] = []
        private var indent: Int??

        fileprivate init(
            memo: TagJSONMemo, tags: [TagSummary], mark: RowMark, carried: (kept: Kept, changed: [Bool])?, fd: Int32, length: Int
        ) {
            self.memo = memo
            self.tags = tags
            self.mark = mark
            self.carried = carried
            self.fd = fd
            self.length = length
        }

        deinit { abandon() }

        /// Appends the text of the tag at `position` (the next one) at `indent` to `out`.
        func write(_ position: Int, into out: inout [UInt8], indent: Int?) {
            let begin = out.count
            let copied = copy(position, into: &out, indent: indent)
            if copied == nil { TagJSON.write(tags[position], into: &out, indent: indent) }
            guard fd >= 0 else { return }
            // One indentation for every tag kept (the overview writes them all at one).
            if self.indent == nil { self.indent = indent }
            guard self.indent == indent, position == ends.count else { return abandon() }
            if let copied, carried != nil {
                starts.append(copied.start)
                ends.append(copied.end)
                return
            }
            guard length + out.count - begin <= TagJSONMemo.limit else { return abandon() }
            pending.append(contentsOf: out[begin...])
            starts.append(UInt32(length))
            length += out.count - begin
            ends.append(UInt32(length))
            if pending.count >= TagJSONMemo.chunk { flush() }
        }

        /// The kept text of the tag at `position` appended to `out` when it is the same, and where
        /// it is in the kept file.
        private func copy(_ position: Int, into out: inout [UInt8], indent: Int?) -> (start: UInt32, end: UInt32)? {
            guard let (kept, changed) = carried, kept.indent == indent, position < changed.count, !changed[position] else { return nil }
            let (start, end) = (Int(kept.starts[position]), Int(kept.ends[position]))
            if start < readStart || end > readStart + read.count {
                // Unchanged tags are in file order: the file is read on from `start`.
                read = [UInt8](repeating: 0, count: max(TagJSONMemo.chunk, end - start))
                let got = read.withUnsafeMutableBytes { SystemIO.readAll(kept.fd, into: $0, at: start) }
                read.removeLast(read.count - got)
                readStart = start
                guard end <= readStart + read.count else { return nil }
            }
            out.append(contentsOf: read[(start - readStart)..<(end - readStart)])
            return (kept.starts[position], kept.ends[position])
        }

        private func flush() {
            guard fd >= 0, !pending.isEmpty else { return }
            let written = pending.withUnsafeBytes { SystemIO.writeAll(fd, $0, at: length - pending.count) }
            pending.removeAll(keepingCapacity: true)
            if !written { abandon() }
        }

        /// Keeps where every tag's text is, when every tag was written.
        func finish() {
            flush()
            guard fd >= 0, ends.count == tags.count, let indent else { return abandon() }
            // The kept file stays open when it is this one.
            if carried == nil { memo.drop() }
            memo.kept = Kept(fd: fd, starts: starts, ends: ends, length: length, indent: indent, mark: mark)
            fd = -1
        }

        private func abandon() {
            // The kept file stays the kept text's: what was added past its end is written over next time.
            if fd >= 0 && carried == nil { close(fd) }
            fd = -1
        }
    }
}
