import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal folder `.notez/journal/`: one JSON record per operation, a `<id>.pending` marker
/// while it is being applied, and a lock file so two notez processes never apply at once.
///
/// Order of writes: marker, record (both fsynced) → steps → record rewritten with
/// `"complete": true` → marker removed. Recovery only has to look at markers.
public struct Journal: Sendable {
    /// The vault-relative journal folder.
    public static let folder = ".notez/journal"
    /// The writer of the vault.
    public let writer: AtomicWriter

    /// The journal of the vault `writer` writes to.
    public init(writer: AtomicWriter) { self.writer = writer }

    private var absoluteFolder: String { writer.root + "/" + Journal.folder }

    /// Creates `.notez/` and `.notez/journal/` when missing.
    public func ensureFolder() throws(NotezError) {
        let files = DiskVaultFiles(root: writer.root)
        for path in [".notez", Journal.folder] where files.kind(path) == nil {
            try writer.createFolder(path)
        }
    }

    /// A new id for a time: `yyyyMMddTHHmmssSSSZ-NNNN`, unique in the folder.
    public func newID(time: Double) -> String {
        let stamp = NoteDate.compactStamp(time)
        var counter = 1
        while true {
            let id = stamp + "-" + String(format: "%04d", counter)
            if access(absoluteFolder + "/" + id + ".json", F_OK) != 0, access(absoluteFolder + "/" + id + ".pending", F_OK) != 0 {
                return id
            }
            counter += 1
        }
    }

    /// Writes the marker and the record, both fsynced, before any note is touched.
    public func begin(_ record: JournalRecord) throws(NotezError) {
        try writer.write([], to: Journal.folder + "/" + record.id + ".pending")
        try save(record)
    }

    /// Rewrites the record (atomically).
    public func save(_ record: JournalRecord) throws(NotezError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(record)
        } catch {
            throw .writeFailed(path: Journal.folder + "/" + record.id + ".json", reason: "\(error)")
        }
        try writer.write(Array(data) + [0x0A], to: Journal.folder + "/" + record.id + ".json")
    }

    /// Marks a record complete: rewrites it, then removes its marker.
    public func finish(_ record: JournalRecord) throws(NotezError) {
        try save(record)
        let marker = Journal.folder + "/" + record.id + ".pending"
        if DiskVaultFiles(root: writer.root).kind(marker) != nil { try writer.deleteFile(marker) }
    }

    /// Reads one record by id.
    public func record(id: String) throws(NotezError) -> JournalRecord? {
        let path = absoluteFolder + "/" + id + ".json"
        guard access(path, F_OK) == 0 else { return nil }
        let bytes = try NoteReader.readAll(path).bytes
        do {
            return try JSONDecoder().decode(JournalRecord.self, from: Data(bytes))
        } catch {
            throw .unreadable(path: Journal.folder + "/" + id + ".json", reason: "not a valid journal record: \(error)")
        }
    }

    /// Every record, oldest first (for history and undo).
    public func records() throws(NotezError) -> [JournalRecord] {
        var result: [JournalRecord] = []
        for id in ids(suffix: ".json") {
            if let record = try record(id: id) { result.append(record) }
        }
        return result
    }

    /// Ids of records with a pending marker, oldest first.
    public func pendingIDs() -> [String] { ids(suffix: ".pending") }

    /// Removes a marker whose record was never written (a crash between the two writes).
    func dropMarker(_ id: String) throws(NotezError) {
        try writer.deleteFile(Journal.folder + "/" + id + ".pending")
    }

    private func ids(suffix: String) -> [String] {
        DiskVaultFiles(root: writer.root).names(in: Journal.folder)
            .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            .map { String($0.dropLast(suffix.count)) }
            .sorted()
    }

    /// Takes the journal lock (`flock` on `.notez/journal/.lock`); released when the handle is closed.
    /// With `wait: false`, returns nil when another notez process holds it.
    public func lock(wait: Bool) throws(NotezError) -> JournalLock? {
        let path = absoluteFolder + "/.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .io(path: path, errno: errno) }
        while flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
            close(fd)
            if code == EWOULDBLOCK { return nil }
            throw .io(path: path, errno: code)
        }
        return JournalLock(fd: fd)
    }
}

/// A held journal lock.
public final class JournalLock: Sendable {
    private let fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }
}
