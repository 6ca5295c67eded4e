import Foundation

/// The journal folder `.notez/journal/`: one signed JSON record per operation and a signed
/// `<id>.pending` marker while it is being applied.
///
/// Order of writes: marker, record (both fsynced) → steps → record rewritten with
/// `"complete": true` → marker removed. Recovery only has to look at markers.
///
/// The journal is machine-local (git-ignored), but a vault may still bring records from elsewhere
/// (a sync tool, a force-added file). So each record starts with a header line carrying an
/// HMAC-SHA-256 of its id and JSON under this user's `MachineKey`, and each marker carries one of
/// its id. A record or marker that does not verify was not written by notez for this user on this
/// machine: it is never replayed or undone, only reported (`ignored`).
public struct Journal: Sendable {
    /// The vault-relative journal folder.
    public static let folder = ".notez/journal"
    /// The first word of a record's header line.
    static let header = "notez-journal-record 2 hmac-sha256:"
    /// The largest record read (a 10,000-file merge is a few megabytes).
    static let maxRecordSize = 256 << 20
    /// The writer of the vault.
    public let writer: AtomicWriter
    private let key: MachineKey?

    /// The journal of the vault `writer` writes to; records are signed and checked with `key`
    /// (default: this user's key, created when the first record is written).
    public init(writer: AtomicWriter, key: MachineKey? = nil) {
        self.writer = writer
        // Read once: verifying a long journal must not read the key file once per record.
        self.key = key ?? MachineKey.loadExisting()
    }

    /// What reading the journal found.
    public struct Contents: Sendable {
        /// The records this machine wrote, oldest first.
        public var records: [JournalRecord] = []
        /// Files that were not used, with the reason (unsigned, forged, corrupt, unreadable).
        public var ignored: [FileIssue] = []
    }

    /// Creates `.notez/` and `.notez/journal/` when missing; refuses symlinked or non-folder ones.
    func ensureFolder() throws(NotezError) {
        if let problem = writer.directory.stateFolderProblem(Journal.folder) { throw .refused(problem) }
        for path in [".notez", Journal.folder] where writer.directory.kind(path) == nil {
            try writer.createFolder(path)
        }
    }

    /// A new id for a time: `yyyyMMddTHHmmssSSSZ-NNNN`, unique in the folder.
    public func newID(time: Double) -> String {
        let stamp = NoteDate.compactStamp(time)
        let taken = Set(writer.directory.names(in: Journal.folder))
        var counter = 1
        while true {
            let id = stamp + "-" + String(format: "%04d", counter)
            if !taken.contains(id + ".json"), !taken.contains(id + ".pending") { return id }
            counter += 1
        }
    }

    /// The largest record an operation may begin with: half the read limit, so that the completed
    /// record (with the reasons of files left alone) is still read back by `recover`.
    static let maxBeginRecordSize = maxRecordSize / 2

    /// Writes the marker and the record, both fsynced, before any note is touched. A record over
    /// `maxBeginRecordSize` is refused before anything is written: recovery could not read it back.
    func begin(_ record: JournalRecord, limit: Int = Journal.maxBeginRecordSize) throws(NotezError) {
        let bytes = try signed(record)
        guard bytes.count <= limit else { throw Journal.tooLarge(bytes.count, limit: limit) }
        let key = try signingKey()
        try writer.write(Array(("hmac-sha256:" + key.sign("journal pending marker", Array(record.id.utf8)) + "\n").utf8), to: marker(record.id))
        try writer.write(bytes, to: path(record.id))
    }

    /// The refusal of an operation whose journal record would be `size` bytes.
    static func tooLarge(_ size: Int, limit: Int) -> NotezError {
        .refused(
            "the operation is too large to journal safely (its record would be \(size) bytes, over the "
                + "\(limit) a record may have); nothing was changed: split it into smaller operations")
    }

    /// Rewrites the record (atomically), signed.
    public func save(_ record: JournalRecord) throws(NotezError) {
        try writer.write(try signed(record), to: path(record.id))
    }

    /// The bytes of a record file: the signed header line, then the JSON.
    private func signed(_ record: JournalRecord) throws(NotezError) -> [UInt8] {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            data = try encoder.encode(record)
        } catch {
            throw .writeFailed(path: path(record.id), reason: "\(error)")
        }
        let json = Array(data) + [0x0A]
        let signature = try signingKey().sign("journal record", Array(record.id.utf8) + [0x0A] + json)
        return Array((Journal.header + signature + "\n").utf8) + json
    }

    /// Marks a record complete: rewrites it, then removes its marker.
    public func finish(_ record: JournalRecord) throws(NotezError) {
        try save(record)
        if writer.directory.kind(marker(record.id)) != nil { try writer.deleteFile(marker(record.id)) }
    }

    /// Reads one record by id; nil when there is none. Throws when it exists but is not trusted.
    public func record(id: String) throws(NotezError) -> JournalRecord? {
        guard let bytes = try writer.directory.readFile(path(id), limit: Journal.maxRecordSize) else { return nil }
        return try verified(id: id, bytes)
    }

    /// Every trusted record, oldest first, and what was ignored. A bad file never hides the others.
    public func read() -> Contents {
        var contents = Contents()
        if let problem = writer.directory.stateFolderProblem(Journal.folder) {
            contents.ignored.append(FileIssue(path: Journal.folder, reason: problem))
            return contents
        }
        for id in ids(suffix: ".json") {
            do {
                if let record = try record(id: id) { contents.records.append(record) }
            } catch {
                let prefix = path(id) + ": "
                let text = error.description
                contents.ignored.append(FileIssue(path: path(id), reason: text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text))
            }
        }
        return contents
    }

    /// Every trusted record, oldest first (see `read` for what was ignored).
    public func records() -> [JournalRecord] { read().records }

    /// Ids whose pending marker verifies, oldest first, and markers that do not.
    public func pending() -> (ids: [String], ignored: [FileIssue]) {
        guard writer.directory.stateFolderProblem(Journal.folder) == nil else { return ([], []) }
        var ids: [String] = []
        var ignored: [FileIssue] = []
        for id in self.ids(suffix: ".pending") {
            let text = (try? writer.directory.readFile(marker(id), limit: 4096)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
            let signature = text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
                $0.hasPrefix("hmac-sha256:") ? String($0.dropFirst("hmac-sha256:".count)) : nil
            }
            if let signature, let key, key.verify(signature, "journal pending marker", Array(id.utf8)) {
                ids.append(id)
            } else {
                ignored.append(FileIssue(path: marker(id), reason: "not written by notez on this machine (no valid signature); ignored"))
            }
        }
        return (ids, ignored)
    }

    /// Ids of records with a trusted pending marker, oldest first.
    func pendingIDs() -> [String] { pending().ids }

    /// Removes a marker whose record was never written (a crash between the two writes).
    func dropMarker(_ id: String) throws(NotezError) {
        try writer.deleteFile(marker(id))
    }

    private func path(_ id: String) -> String { Journal.folder + "/" + id + ".json" }

    private func marker(_ id: String) -> String { Journal.folder + "/" + id + ".pending" }

    private func ids(suffix: String) -> [String] {
        writer.directory.names(in: Journal.folder)
            .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            .map { String($0.dropLast(suffix.count)) }
            .sorted()
    }

    private func signingKey() throws(NotezError) -> MachineKey {
        if let key { return key }
        return try MachineKey.loadOrCreate()
    }

    /// The record in `bytes` when its header signs it for `id` under this user's key.
    private func verified(id: String, _ bytes: [UInt8]) throws(NotezError) -> JournalRecord {
        let shown = path(id)
        guard let newline = bytes.firstIndex(of: 0x0A) else {
            throw .refused("\(shown): not a signed notez journal record; ignored")
        }
        let headerLine = String(decoding: bytes[..<newline], as: UTF8.self)
        let json = Array(bytes[(newline + 1)...])
        guard headerLine.hasPrefix(Journal.header) else {
            throw .refused("\(shown): not a signed notez journal record (written elsewhere, or by a notez before 0.2); ignored")
        }
        let signature = String(headerLine.dropFirst(Journal.header.count))
        guard let key, key.verify(signature, "journal record", Array(id.utf8) + [0x0A] + json) else {
            throw .refused("\(shown): not written by notez on this machine (the signature does not match); ignored")
        }
        do {
            let record = try JSONDecoder().decode(JournalRecord.self, from: Data(json))
            guard record.id == id else { throw NotezError.refused("\(shown): the record's id does not match its file name; ignored") }
            return record
        } catch let error as NotezError {
            throw error
        } catch {
            throw .unreadable(path: shown, reason: "not a valid journal record: \(error)")
        }
    }
}
