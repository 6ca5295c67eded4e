#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notes captured since the vault's `TitleTable` was written, so routing knows them at once:
/// `titles-v2-added.tsv` beside the table, one line a capture appended by the capture itself
/// (`folder<TAB>title[<TAB>tag]...`, with `\`, tab, line feed and carriage return escaped as `\\`,
/// `\t`, `\n`, `\r`). Rewriting the table removes it (the table then holds those notes).
///
/// Appending costs one small write instead of rewriting a table of 100,000 notes. It stops at
/// `maxSize` (routing then misses later captures until the table is rewritten: a less good
/// suggestion, never a wrong write). A line torn by a crash is skipped; a capture appends a line
/// feed first when the last line is unfinished.
struct TitleAdditions: Sendable {
    /// The file's name in the vault's cache folder.
    static let fileName = "titles-v2-added.tsv"
    /// The largest file appended to (about 10,000 captures).
    static let maxSize = 1 << 20

    /// One captured note.
    struct Entry: Sendable, Equatable {
        var folder: String
        var title: String
        var tags: [String]
    }

    /// The notes, oldest first.
    let entries: [Entry]

    /// The complete lines of a file's bytes (an unfinished last line is skipped).
    init(bytes: [UInt8]) {
        var entries: [Entry] = []
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
        if bytes.last != 0x0A, !lines.isEmpty { lines.removeLast() }
        for line in lines {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map(TitleAdditions.unescape)
            guard fields.count >= 2 else { continue }
            entries.append(Entry(folder: fields[0], title: fields[1], tags: Array(fields.dropFirst(2))))
        }
        self.entries = entries
    }

    /// The captures added to the vault at `root` since its table was written (none when unreadable or unsafe).
    static func load(root: String) -> TitleAdditions {
        guard let folder = IndexCache.folderPath(root: root), (try? UserFolders.check(folder)) != nil,
            let bytes = IndexCache.readFile(folder + "/" + fileName), bytes.count <= maxSize
        else { return TitleAdditions(bytes: []) }
        return TitleAdditions(bytes: bytes)
    }

    /// Adds a captured note for the vault at `root`. Nothing is added without a table (the capture
    /// that writes the next table reads the note from the vault) or past `maxSize`.
    static func add(_ entry: Entry, root: String) throws(NotezError) {
        guard let folder = IndexCache.folderPath(root: root), TitleTable.exists(root: root) else { return }
        try UserFolders.check(folder)
        let path = folder + "/" + fileName
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: path, errno: errno) }
        defer { close(fd) }
        guard let info = SystemIO.fstat(fd), SystemIO.isRegular(info), info.st_uid == getuid() else {
            throw .refused("\(path) is not the user's regular file; the capture is not added to the title table")
        }
        var line: [UInt8] = []
        if info.st_size > 0 {
            var last: UInt8 = 0
            if pread(fd, &last, 1, info.st_size - 1) == 1, last != 0x0A { line.append(0x0A) }
        }
        line += encode(entry)
        guard Int(info.st_size) + line.count <= maxSize else { return }
        if let failure = SystemIO.writeAll(fd, line) { throw .io(path: path, errno: failure) }
    }

    /// The line of one entry.
    static func encode(_ entry: Entry) -> [UInt8] {
        var out: [UInt8] = []
        for (position, field) in ([entry.folder, entry.title] + entry.tags).enumerated() {
            if position > 0 { out.append(0x09) }
            escape(field, into: &out)
        }
        out.append(0x0A)
        return out
    }

    static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x09: out += [0x5C, 0x74]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            default: out.append(byte)
            }
        }
    }

    static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case 0x74: out.append(0x09)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                default: out.append(byte)
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
