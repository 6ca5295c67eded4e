import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one note file with POSIX calls: the first 4 KiB, more only when the front matter is longer.
public enum NoteReader {
    /// How much of a file is read when the front matter fits.
    static let prefixSize = 4096
    /// The largest note read whole (32 MiB): full text search skips bigger notes and edits refuse
    /// them, so no command ever allocates a file's size.
    public static let maxNoteSize = 32 << 20

    /// What reading a file gives: its bytes (possibly a prefix) and its stamp.
    public struct Contents: Sendable {
        /// The bytes read.
        public var bytes: [UInt8]
        /// Whether `bytes` is the whole file.
        public var isComplete: Bool
        /// The file's identity at the time of reading.
        public var stamp: FileStamp
        /// Birth time in seconds, when the file system reports it.
        var birthSeconds: Double?

        /// Creates contents, for callers that already hold the bytes (tests, fuzzers).
        public init(bytes: [UInt8], isComplete: Bool, stamp: FileStamp, birthSeconds: Double? = nil) {
            self.bytes = bytes
            self.isComplete = isComplete
            self.stamp = stamp
            self.birthSeconds = birthSeconds
        }
    }

    /// Reads up to `limit` bytes of the file at `absolutePath`.
    /// With `listedAsRegular`, the caller's walk has just seen a regular file there, and the
    /// `stat` before opening is left out (a full-text scan reads every note).
    public static func read(_ absolutePath: String, limit: Int, listedAsRegular: Bool = false) throws(NotezError) -> Contents {
        try read(absolutePath, limit: limit, listedAsRegular: listedAsRegular, at: nil)
    }

    /// `read`, the file opened as `at.path` relative to the open folder `at.folder` (the vault's
    /// root, `absolutePath` naming the same file for messages): a full-text pass opens thousands of
    /// notes, and opening each by its absolute path looks the root's folders up again every time.
    static func read(_ absolutePath: String, limit: Int, listedAsRegular: Bool, at: (folder: Int32, path: String)?) throws(NotezError)
        -> Contents
    {
        let (fd, info) = try openRegular(absolutePath, listedAsRegular: listedAsRegular, at: at, nameStart: 0)
        defer { close(fd) }
        let size = Int(info.st_size)
        let bytes = try readBytes(fd, limit: min(size, limit), expected: size, absolutePath)
        return Contents(bytes: bytes, isComplete: bytes.count >= size, stamp: FileStamp(info), birthSeconds: nil)
    }

    /// Opens a regular file for reading, never through a symlink, and returns it with its `fstat`.
    /// With `listedAsRegular`, the caller's walk has just seen a regular file there and the `stat`
    /// before opening is left out: the open (`O_NOFOLLOW`, `O_NONBLOCK`) and the `fstat` of the
    /// descriptor prove as much, and a file swapped in since is refused the same way. With `at`,
    /// the file opened is `at.path` from its byte `nameStart` on, relative to `at.folder`.
    private static func openRegular(
        _ absolutePath: String, listedAsRegular: Bool, at: (folder: Int32, path: String)?, nameStart: Int
    ) throws(NotezError) -> (fd: Int32, info: stat) {
        // A FIFO or device must not even be opened: opening some devices has side effects.
        if !listedAsRegular, let early = SystemIO.statFollowing(absolutePath), !SystemIO.isRegular(early) {
            throw NotezError.unreadable(path: absolutePath, reason: "not a regular file")
        }
        // A note that is a symbolic link is never read: it may point outside the vault (`/etc/passwd`)
        // and be retargeted at any moment. It is listed, and `check` reports it (docs/safety.md).
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW
        // The name is the path's tail: its C string from the path's own, without a copy.
        let fd = at.map { location in location.path.withCString { openat(location.folder, $0 + nameStart, flags) } } ?? open(absolutePath, flags)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { throw NotezError.unreadable(path: absolutePath, reason: symlinkReason) }
            throw NotezError.io(path: absolutePath, errno: code)
        }
        guard let info = SystemIO.fstat(fd) else {
            let code = errno
            close(fd)
            throw NotezError.io(path: absolutePath, errno: code)
        }
        guard SystemIO.isRegular(info) else {
            close(fd)
            throw NotezError.unreadable(path: absolutePath, reason: "not a regular file")
        }
        return (fd, info)
    }

    /// Up to `limit` bytes from the descriptor's position.
    private static func readBytes(_ fd: Int32, limit: Int, expected: Int, _ absolutePath: String) throws(NotezError) -> [UInt8] {
        switch SystemIO.read(fd, limit: limit, expected: expected, retryWhenNotReady: true) {
        case .bytes(let read): return read
        case .failed(let code): throw NotezError.io(path: absolutePath, errno: code)
        }
    }

    /// Reads the whole file; refuses files larger than `maxNoteSize`.
    public static func readAll(_ absolutePath: String) throws(NotezError) -> Contents {
        // Refuse from the size alone, so a 100 GiB sparse file costs one `stat`.
        if let info = SystemIO.statFollowing(absolutePath), Int64(info.st_size) > Int64(maxNoteSize) {
            throw NotezError.unreadable(path: absolutePath, reason: tooLargeReason)
        }
        let contents = try read(absolutePath, limit: maxNoteSize + 1)
        guard contents.isComplete, contents.bytes.count <= maxNoteSize else {
            throw NotezError.unreadable(path: absolutePath, reason: tooLargeReason)
        }
        return contents
    }

    /// Why a symlinked note is not read.
    public static let symlinkReason = "a symbolic link; notez never reads a note through a link (it may point outside the vault)"

    /// Why a note over `maxNoteSize` is not read whole.
    public static let tooLargeReason = "larger than the 32 MiB note size limit; notez does not read it whole or edit it"

    /// Reads a note as the index needs it: front matter, title, tags, snippet. With
    /// `titleFromHeading` (the vault's `title_from: heading`), a note without a `title:` key is
    /// titled by its first `# Heading`.
    public static func note(relativePath: String, root: String, titleFromHeading: Bool = false) -> Note {
        noteAndContents(relativePath: relativePath, root: root, titleFromHeading: titleFromHeading).note
    }

    /// The note and the bytes it was read from (nil when the file could not be read).
    /// With `listedAsRegular` (a walk has just listed a regular file there, not a symlink), the
    /// `stat` before opening is left out; with `openAt` (an open folder of the vault and the byte
    /// offset in `relativePath` of the name to open in it, `FolderOpener`), the note is opened
    /// relative to it rather than by its absolute path: a first run opens every note. Without
    /// `snippet`, the note's snippet is left empty (an answer that prints none).
    static func noteAndContents(
        relativePath: String, root: String, titleFromHeading: Bool = false, listedAsRegular: Bool = false,
        openAt: (folder: Int32, nameStart: Int)? = nil, snippet: Bool = true
    ) -> (note: Note, contents: Contents?) {
        switch indexRead(relativePath: relativePath, root: root, listedAsRegular: listedAsRegular, openAt: openAt) {
        case .read(let contents):
            return (parse(contents, relativePath: relativePath, titleFromHeading: titleFromHeading, snippet: snippet), contents)
        case .unreadable(let note):
            return (note, nil)
        }
    }

    /// What reading a note for the index gives: its bytes, or the note that says why it was not read.
    enum IndexRead {
        /// The bytes, to parse.
        case read(Contents)
        /// The note of a file that could not be read, with its problem.
        case unreadable(Note)
    }

    /// Reads a note's bytes for the index (`readForIndex`), `listedAsRegular` and `openAt` as for
    /// `noteAndContents`; a file that cannot be read gives its note with the problem.
    static func indexRead(
        relativePath: String, root: String, listedAsRegular: Bool = false, openAt: (folder: Int32, nameStart: Int)? = nil
    ) -> IndexRead {
        let absolute = root + "/" + relativePath
        func failed(_ problem: NoteProblem, stamp: FileStamp = FileStamp(inode: 0, size: 0, mtimeNanos: 0)) -> IndexRead {
            .unreadable(
                Note(
                    path: relativePath, folder: VaultPath.folder(of: relativePath), title: VaultPath.fileTitle(of: relativePath), tags: [],
                    tagKeys: [], pinned: false, created: stamp.mtimeSeconds, modified: stamp.mtimeSeconds, snippet: "", stamp: stamp,
                    problem: problem))
        }
        do {
            return .read(
                try readForIndex(
                    absolute, listedAsRegular: listedAsRegular, at: openAt.map { ($0.folder, relativePath) }, nameStart: openAt?.nameStart ?? 0))
        } catch {
            // A symlinked note keeps the stamp the walk gives it (its target's), so the cache can
            // hold it and a run need not read it again to learn it is not read.
            // Any other unreadable file keeps no stamp and is tried again next run (a chmod changes no mtime).
            if let link = SystemIO.lstat(absolute), (link.st_mode & S_IFMT) == S_IFLNK, let target = SystemIO.statFollowing(absolute) {
                return failed(NoteProblem(kind: .symlink, message: error.description), stamp: FileStamp(target))
            }
            return failed(NoteProblem(kind: .unreadable, message: error.description))
        }
    }

    /// Reads what the index needs of a note: the whole file up to `maxNoteSize` (inline #tags can
    /// be anywhere in the body); of a larger file the first 4 KiB, more when the front matter is longer.
    /// The file is opened once (a first run opens every note): its size from `fstat` says whether
    /// it is read whole. `listedAsRegular` and `at` as for `read`; with `nameStart`, the file is
    /// `at.path`'s bytes from that offset on, relative to `at.folder`.
    static func readForIndex(
        _ absolutePath: String, listedAsRegular: Bool = false, at: (folder: Int32, path: String)? = nil, nameStart: Int = 0
    ) throws(NotezError) -> Contents {
        let (fd, info) = try openRegular(absolutePath, listedAsRegular: listedAsRegular, at: at, nameStart: nameStart)
        defer { close(fd) }
        let size = Int(info.st_size)
        if size <= maxNoteSize {
            let bytes = try readBytes(fd, limit: size, expected: size, absolutePath)
            return Contents(bytes: bytes, isComplete: bytes.count >= size, stamp: FileStamp(info), birthSeconds: nil)
        }
        var bytes = try readBytes(fd, limit: prefixSize, expected: prefixSize, absolutePath)
        if bytes.count < size, case .unterminated = FrontMatterBlock.scan(bytes, isComplete: false) {
            // A longer front matter: read on from where the prefix ended.
            let rest = FrontMatterBlock.maxSize + prefixSize - bytes.count
            bytes += try readBytes(fd, limit: rest, expected: rest, absolutePath)
        }
        return Contents(bytes: bytes, isComplete: bytes.count >= size, stamp: FileStamp(info), birthSeconds: nil)
    }

    /// Builds a note from bytes already read; pure, for tests and the watcher. Without `snippet`, its snippet is empty.
    public static func parse(_ contents: Contents, relativePath: String, titleFromHeading: Bool = false, snippet: Bool = true) -> Note {
        let bytes = contents.bytes
        let stamp = contents.stamp
        var problem: NoteProblem?
        var metadata = NoteMetadata()
        var bodyStart = 0
        switch FrontMatterBlock.scan(bytes, isComplete: contents.isComplete) {
        case .none(let start):
            bodyStart = start
            // Without front matter there is no text part to trust: NULs up front mean a binary file.
            if bytes.prefix(8192).contains(0) {
                problem = NoteProblem(kind: .binary, message: "binary file (contains NUL bytes)")
            }
        case .unterminated where bytes.prefix(8192).contains(0):
            // `---` followed by binary data: there is no text front matter to read.
            problem = NoteProblem(kind: .binary, message: "binary file (contains NUL bytes)")
        case .unterminated:
            problem = NoteProblem(
                kind: .unterminatedFrontMatter, line: 1, column: 1,
                message: "front matter starts with '---' but has no closing '---' or '...'")
        case .tooLarge:
            problem = NoteProblem(
                kind: .frontMatterTooLarge, line: 1, column: 1,
                message: "front matter is larger than 1 MiB")
        case .block(let block):
            bodyStart = block.bodyStart
            // NULs in the body (a pasted binary dump) do not make the front matter unreadable.
            if let nul = bytes[..<block.bodyStart].firstIndex(of: 0) {
                let (line, column) = position(of: nul, in: bytes)
                problem = NoteProblem(kind: .binary, line: line, column: column, message: "front matter contains a NUL byte")
                break
            }
            let slice = Array(bytes[block.yaml])
            switch FrontMatterDocument.parse(slice, sliceStart: block.yaml.lowerBound) {
            case .success(let document):
                metadata = NoteMetadata(document: document)
                if let duplicate = document.duplicateEntries.first {
                    let event = document.events[duplicate.keyEvent]
                    problem = NoteProblem(
                        kind: .duplicateKey, line: event.line + 2, column: event.column + 1,
                        message: "duplicate key '\(duplicate.key)' in front matter (notez will not edit this note)")
                }
            case .failure(let error):
                // Lines are 0-based in the slice; the opening `---` is line 1 of the file.
                problem = NoteProblem(
                    kind: .yaml, line: error.line + 2, column: error.column + 1,
                    message: error.message)
            }
        }
        if problem == nil { problem = lineEndingProblem(bytes) }
        // ASCII (most notes) is valid UTF-8: checked eight bytes at a time, without making a String.
        if problem == nil, !ASCIIBytes.only(bytes[...]), String(validating: bytes, as: UTF8.self) == nil,
            !endsInCutCharacter(bytes, contents.isComplete)
        {
            problem = NoteProblem(kind: .notUTF8, message: "not valid UTF-8")
        }
        let body = bytes[min(bodyStart, bytes.count)...]
        // Obsidian names a note by its file name; a first `# Heading` is body text, not a title,
        // unless the vault asks for zk's way (`title_from: heading`).
        let heading = titleFromHeading && metadata.title == nil ? MarkdownText.firstHeading(bytes: body).map(MarkdownText.titleText) : nil
        let title = metadata.title ?? heading ?? VaultPath.fileTitle(of: relativePath)
        var tags: [String] = []
        var keys: [TagKey] = []
        // Their own size: grown one tag at a time, they kept spare room for as long as the note lives.
        tags.reserveCapacity(metadata.tags.count)
        keys.reserveCapacity(metadata.tags.count)
        // A note has a handful of tags: looked up among the keys so far, hashed only when many.
        var seen: Set<TagKey> = []
        func firstSighting(_ key: TagKey) -> Bool {
            if keys.count < 16 { return !keys.contains(key) }
            if seen.isEmpty { seen = Set(keys) }
            return seen.insert(key).inserted
        }
        for tag in metadata.tags {
            let key = TagKey(tag)
            if firstSighting(key) {
                tags.append(tag)
                keys.append(key)
            }
        }
        var origins: [TagOrigin] = []
        // Inline tags only from a whole, readable text: a prefix of a huge file or a binary file has none.
        if contents.isComplete, problem?.kind != .binary, problem?.kind != .notUTF8 {
            let inline = InlineTagScanner.tags(in: body)
            if !inline.isEmpty {
                origins = Array(repeating: .frontMatter, count: tags.count)
                for tag in inline {
                    let key = tag.key
                    if firstSighting(key) {
                        tags.append(tag.name)
                        keys.append(key)
                        origins.append(.inline)
                    } else if let position = keys.firstIndex(of: key) {
                        origins[position].insert(.inline)
                    }
                }
            }
        }
        let mtime = stamp.mtimeSeconds
        return Note(
            path: relativePath, folder: VaultPath.folder(of: relativePath), title: title,
            tags: tags, tagKeys: keys, pinned: metadata.pinned,
            created: metadata.created?.seconds ?? contents.birthSeconds ?? mtime,
            modified: metadata.modified?.seconds ?? mtime,
            snippet: problem?.kind == .binary || !snippet ? "" : MarkdownText.snippet(bytes: body),
            stamp: stamp, problem: problem, tagOrigins: origins, aliases: metadata.aliases)
    }

    /// A doubled byte order mark, or CR-only line endings (the first line break is a lone CR):
    /// both hide the front matter, so `notez check` reports them.
    static func lineEndingProblem(_ bytes: [UInt8]) -> NoteProblem? {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: bom + bom) {
            return NoteProblem(
                kind: .doubledBOM, line: 1, column: 1,
                message: "doubled byte order mark (U+FEFF twice); the front matter after it is not recognized")
        }
        guard let breakIndex = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), bytes[breakIndex] == 0x0D,
            breakIndex + 1 < bytes.count, bytes[breakIndex + 1] != 0x0A
        else { return nil }
        let (line, column) = position(of: breakIndex, in: bytes)
        return NoteProblem(
            kind: .crLineEndings, line: line, column: column,
            message: "CR-only line endings (classic Mac); notez reads the file as one line, so front matter and headings are not recognized"
        )
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// A prefix read may cut a multi-byte character in half; that is not an encoding error.
    static func endsInCutCharacter(_ bytes: [UInt8], _ isComplete: Bool) -> Bool {
        guard !isComplete else { return false }
        var trimmed = bytes
        for _ in 0..<3 where !trimmed.isEmpty && trimmed.last! & 0x80 != 0 {
            trimmed.removeLast()
            if String(validating: trimmed, as: UTF8.self) != nil { return true }
        }
        return false
    }
}
