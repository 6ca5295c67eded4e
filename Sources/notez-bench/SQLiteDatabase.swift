import CSQLite
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// The index in SQLite, as notez would keep it there: a table of notes with their stamps and
/// list-order index, a table of (tag key, note) pairs, and an FTS5 trigram table of the texts.
/// The bench's own code: a failed statement stops the bench with SQLite's message.
final class SQLiteDatabase {
    private var handle: OpaquePointer?

    /// A row as a listing prints it.
    struct Row {
        var path: String
        var title: String
        var pinned: Bool
        var modified: Double
        var snippet: String
        var tags: String
    }

    init(path: String) {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            fatalError("sqlite3_open_v2 \(path) failed")
        }
        // A derived cache needs no durability, as notez's own cache file is written without fsync.
        execute("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA temp_store=MEMORY")
    }

    deinit { sqlite3_close_v2(handle) }

    func createSchema() {
        execute(
            """
            CREATE TABLE notes(id INTEGER PRIMARY KEY, path TEXT NOT NULL, folder TEXT NOT NULL, title TEXT NOT NULL,
              pinned INTEGER NOT NULL, created REAL NOT NULL, modified REAL NOT NULL, snippet TEXT NOT NULL,
              inode INTEGER NOT NULL, size INTEGER NOT NULL, mtime INTEGER NOT NULL);
            CREATE TABLE tags(key TEXT NOT NULL, note INTEGER NOT NULL, spelling TEXT NOT NULL);
            CREATE INDEX tags_by_key ON tags(key, note);
            CREATE INDEX tags_by_note ON tags(note);
            CREATE INDEX notes_in_list_order ON notes(pinned DESC, modified DESC, path);
            CREATE INDEX notes_by_folder ON notes(folder);
            """)
    }

    /// Every note and tag in one transaction, through prepared statements.
    func insert(_ notes: [Note]) {
        execute("BEGIN")
        let note = prepare("INSERT INTO notes VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")
        let tag = prepare("INSERT INTO tags VALUES(?1, ?2, ?3)")
        for (id, item) in notes.enumerated() {
            sqlite3_bind_int64(note, 1, Int64(id))
            bind(note, 2, item.path)
            bind(note, 3, item.folder)
            bind(note, 4, item.title)
            sqlite3_bind_int64(note, 5, item.pinned ? 1 : 0)
            sqlite3_bind_double(note, 6, item.created)
            sqlite3_bind_double(note, 7, item.modified)
            bind(note, 8, item.snippet)
            sqlite3_bind_int64(note, 9, Int64(bitPattern: item.stamp.inode))
            sqlite3_bind_int64(note, 10, item.stamp.size)
            sqlite3_bind_int64(note, 11, item.stamp.mtimeNanos)
            step(note)
            for (spelling, key) in zip(item.tags, item.tagKeys) {
                bind(tag, 1, key.rawValue)
                sqlite3_bind_int64(tag, 2, Int64(id))
                bind(tag, 3, spelling)
                step(tag)
            }
        }
        sqlite3_finalize(note)
        sqlite3_finalize(tag)
        execute("COMMIT")
    }

    /// The notes' texts in an FTS5 table with the trigram tokenizer (no copy of the text kept).
    func insertBodies(_ bodies: [[UInt8]]) {
        execute("CREATE VIRTUAL TABLE texts USING fts5(body, tokenize='trigram', content=''); BEGIN")
        let insert = prepare("INSERT INTO texts(rowid, body) VALUES(?1, ?2)")
        for (id, body) in bodies.enumerated() {
            sqlite3_bind_int64(insert, 1, Int64(id))
            body.withUnsafeBytes { _ = sqlite3_bind_text(insert, 2, $0.baseAddress?.assumingMemoryBound(to: CChar.self), Int32($0.count), transient) }
            step(insert)
        }
        sqlite3_finalize(insert)
        execute("COMMIT")
    }

    /// The notes whose file is not as stored (stamps read from the table, `stat` on all cores).
    func staleNotes(root: String) -> Int {
        let select = prepare("SELECT path, inode, size, mtime FROM notes")
        var stored: [(String, FileStamp)] = []
        while sqlite3_step(select) == SQLITE_ROW {
            stored.append(
                (
                    text(select, 0),
                    FileStamp(
                        inode: UInt64(bitPattern: sqlite3_column_int64(select, 1)), size: sqlite3_column_int64(select, 2),
                        mtimeNanos: sqlite3_column_int64(select, 3))
                ))
        }
        sqlite3_finalize(select)
        let rows = stored
        let changed = Parallel.map(rows.count, minimumChunk: 256) { index -> Bool in
            var info = stat()
            guard stat(root + "/" + rows[index].0, &info) == 0 else { return true }
            let now = FileStamp(
                inode: UInt64(info.st_ino), size: Int64(info.st_size),
                mtimeNanos: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            return now != rows[index].1
        }
        return changed.filter { $0 }.count
    }

    /// Notes with the tag or one of its children (`key/…`), in list order, with their tags.
    func rows(taggedWith key: String) -> [Row] {
        rows(
            """
            SELECT n.path, n.title, n.pinned, n.modified, n.snippet, (SELECT group_concat(spelling, ' ') FROM tags WHERE note = n.id)
            FROM notes n WHERE n.id IN (SELECT note FROM tags WHERE key = ?1 OR (key > ?1 || '/' AND key < ?1 || '0'))
            ORDER BY n.pinned DESC, n.modified DESC, n.path
            """, key)
    }

    /// Every note in list order, with their tags.
    func allRows() -> [Row] {
        rows(
            """
            SELECT n.path, n.title, n.pinned, n.modified, n.snippet, (SELECT group_concat(spelling, ' ') FROM tags WHERE note = n.id)
            FROM notes n ORDER BY n.pinned DESC, n.modified DESC, n.path
            """, nil)
    }

    /// How many texts contain `word` by FTS5's trigram index (case folded by its own rules).
    func textMatches(_ word: String) -> Int {
        let select = prepare("SELECT count(*) FROM texts WHERE texts MATCH ?1")
        bind(select, 1, "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
        let count = sqlite3_step(select) == SQLITE_ROW ? Int(sqlite3_column_int64(select, 0)) : -1
        sqlite3_finalize(select)
        return count
    }

    private func rows(_ sql: String, _ argument: String?) -> [Row] {
        let select = prepare(sql)
        if let argument { bind(select, 1, argument) }
        var result: [Row] = []
        while sqlite3_step(select) == SQLITE_ROW {
            result.append(
                Row(
                    path: text(select, 0), title: text(select, 1), pinned: sqlite3_column_int64(select, 2) != 0,
                    modified: sqlite3_column_double(select, 3), snippet: text(select, 4), tags: text(select, 5)))
        }
        sqlite3_finalize(select)
        return result
    }

    // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
    private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func execute(_ sql: String) {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            fatalError("SQLite: \(message.map { String(cString: $0) } ?? "?") in \(sql)")
        }
    }

    private func prepare(_ sql: String) -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            fatalError("SQLite: \(String(cString: sqlite3_errmsg(handle))) in \(sql)")
        }
        return statement
    }

    private func bind(_ statement: OpaquePointer?, _ slot: Int32, _ value: String) {
        sqlite3_bind_text(statement, slot, value, -1, transient)
    }

    private func step(_ statement: OpaquePointer?) {
        guard sqlite3_step(statement) == SQLITE_DONE else { fatalError("SQLite: \(String(cString: sqlite3_errmsg(handle)))") }
        sqlite3_reset(statement)
    }

    private func text(_ statement: OpaquePointer?, _ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: bytes)
    }
}
