#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and when this machine captured notes into one vault: the input of routing.
///
/// Kept outside the vault, in `$XDG_STATE_HOME/notez/captures/VAULT.tsv` (`VAULT` is a hash of the
/// vault's real path), one line per capture: `seconds<TAB>hour<TAB>weekday<TAB>folder`, with the
/// local hour and weekday of the capture in the zone it was made in. Lines are appended with one
/// `write`, so an interrupted capture leaves at most one torn last line, which reading skips.
public struct CaptureHistory: Sendable, Equatable {
    /// One capture.
    public struct Entry: Sendable, Equatable {
        /// When (seconds since 1970).
        public var seconds: Double
        /// The local hour, 0-23.
        public var hour: Int
        /// The local weekday, 0 = Monday ... 6 = Sunday.
        var weekday: Int
        /// The folder the note went to ("" is the root).
        public var folder: String

        /// An entry.
        public init(seconds: Double, hour: Int, weekday: Int, folder: String) {
            self.seconds = seconds
            self.hour = hour
            self.weekday = weekday
            self.folder = folder
        }

        /// The entry of a capture at `time` into `folder`.
        public init(time: LocalTime, folder: String) {
            self.init(seconds: time.seconds, hour: time.parts.hour, weekday: time.weekday, folder: folder)
        }
    }

    /// The entries, oldest first.
    public var entries: [Entry]

    /// The most entries kept: older ones are dropped when the file is rewritten.
    public static let limit = 5000

    /// A history.
    public init(entries: [Entry] = []) { self.entries = entries }

    /// The history file of a vault, nil when there is no state folder (no `HOME`).
    public static func file(root: String) -> String? {
        guard let state = UserFolders.statePath() else { return nil }
        let real = realpath(root, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let name = SHA256.hex(SHA256.hash(Array((real ?? root).utf8))).prefix(24)
        return state + "/captures/" + name + ".tsv"
    }

    /// Parses the file's text; malformed lines (a torn last line, edits by hand) are skipped.
    public static func parse(_ text: String) -> CaptureHistory {
        var entries: [Entry] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let seconds = Double(fields[0]), let hour = Int(fields[1]), let weekday = Int(fields[2]),
                (0..<24).contains(hour), (0..<7).contains(weekday),
                let folder = try? VaultPath.validated(String(fields[3])), folder == String(fields[3])
            else { continue }
            entries.append(Entry(seconds: seconds, hour: hour, weekday: weekday, folder: folder))
        }
        return CaptureHistory(entries: Array(entries.suffix(limit)))
    }

    /// The line of an entry.
    public static func line(_ entry: Entry) -> String {
        "\(Int64(entry.seconds))\t\(entry.hour)\t\(entry.weekday)\t\(entry.folder)\n"
    }

    /// Reads a history file; a missing or unsafe one is empty.
    public static func load(file: String) -> CaptureHistory {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return CaptureHistory() }
        defer { close(descriptor) }
        guard let info = SystemIO.fstat(descriptor), SystemIO.isRegular(info), info.st_uid == getuid(),
            case .bytes(let bytes) = SystemIO.read(descriptor, limit: 16 << 20)
        else { return CaptureHistory() }
        return parse(String(decoding: bytes, as: UTF8.self))
    }

    /// Appends one capture (creating the private folder and file as needed).
    public static func append(_ entry: Entry, file: String) throws(NotezError) {
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        try UserFolders.ensure(folder)
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path: file, errno: errno) }
        defer { close(descriptor) }
        let bytes = Array(line(entry).utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw .io(path: file, errno: errno) }
    }
}
