// `notez-bench --storage`: the persisted index as notez keeps it (one memory-mapped file of
// fixed-size records, string tables and posting lists) against the same facts in SQLite, in this
// process, on the same vault, so the storage choice is a measurement (docs/performance.md).
import CSQLite
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// SQLite is driven through its C API: GRDB, the Swift library the issue named, is a layer over
/// the same calls, so these figures are the best GRDB could reach.
enum StorageComparison {
    /// One measured step: milliseconds (median of the runs) for each store, and what came out.
    struct Line {
        var measure: String
        var cache: Double
        var sqlite: Double
        var result: String
    }

    /// Measures every step `runs` times and returns the Markdown table.
    static func run(facts: VaultFacts, runs: Int) throws -> String {
        let root = facts.root
        let index = try IndexBuilder.build(root: root)
        let notes = index.notes
        log("storage comparison: \(notes.count) notes, reading bodies for the full-text index ...")
        let bodies = Parallel.map(notes.count) { (try? NoteReader.readAll(root + "/" + notes[$0].path).bytes) ?? [] }
        let database = NSTemporaryDirectory() + "/notez-bench-storage-\(getpid()).sqlite"
        let cacheCopy = NSTemporaryDirectory() + "/notez-bench-storage-\(getpid()).bin"
        defer {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(database + suffix) }
            unlink(cacheCopy)
        }
        var lines: [Line] = []

        // Writing: what a run that read changed notes pays to store the index again.
        var cacheBytes = 0
        let writeCache = timed(runs) {
            let bytes = IndexCache.encode(notes) ?? []
            cacheBytes = bytes.count
            _ = FileManager.default.createFile(atPath: cacheCopy, contents: Data(bytes))
        }
        let writeSQLite = timed(runs) {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(database + suffix) }
            let db = SQLiteDatabase(path: database)
            db.createSchema()
            db.insert(notes)
        }
        let metadataSize = fileSize(database)
        lines.append(
            Line(
                measure: "write the index (all notes, tags, titles, snippets)", cache: writeCache, sqlite: writeSQLite,
                result: "\(megabytes(cacheBytes)) against \(megabytes(metadataSize))"))
        let ftsWrite = timed(1) {
            let db = SQLiteDatabase(path: database)
            db.insertBodies(bodies)
        }
        let withText = fileSize(database)
        let cacheFile = IndexCache.filePath(root: root).map(fileSize) ?? 0
        lines.append(
            Line(
                measure: "add full text (cache: per-note trigram signatures; SQLite: FTS5 trigram)",
                cache: 0, sqlite: ftsWrite,
                result: "cache file with signatures \(megabytes(cacheFile)); SQLite with FTS5 \(megabytes(withText))"))

        // Opening and proving every note current: the floor of every cold command.
        var cachedView: (any NoteCollection)?
        let openCache = timed(runs) { cachedView = IndexBuilder.collection(root: root) }
        var stale = 0
        let openSQLite = timed(runs) { stale = SQLiteDatabase(path: database).staleNotes(root: root) }
        guard let view = cachedView else { throw NotezError.usage("no index") }
        lines.append(
            Line(
                measure: "open and check every note's stamp", cache: openCache, sqlite: openSQLite,
                result: "\(stale) notes changed (both must find 0)"))

        // A tag query with its rows (tag, then list order, then the row's fields and tags).
        let tag = TagKey(facts.topTags[0])
        var cacheHits = 0
        var sqliteHits = 0
        let tagCache = timed(runs) { cacheHits = view.notesInListOrder(view.positions(taggedWith: tag), limit: nil).count }
        let db = SQLiteDatabase(path: database)
        let tagSQLite = timed(runs) { sqliteHits = db.rows(taggedWith: tag.rawValue).count }
        lines.append(Line(measure: "tag:\(facts.topTags[0]) with rows", cache: tagCache, sqlite: tagSQLite, result: "\(cacheHits) / \(sqliteHits) notes"))

        // Every note in list order: `ls -r`.
        let allCache = timed(runs) { cacheHits = view.notesInListOrder(Array(0..<view.noteCount), limit: nil).count }
        let allSQLite = timed(runs) { sqliteHits = db.allRows().count }
        lines.append(Line(measure: "every note in list order (ls -r)", cache: allCache, sqlite: allSQLite, result: "\(cacheHits) / \(sqliteHits) notes"))

        // Full text: notez reads the candidates its signatures leave and folds them fully; FTS5
        // answers from its index, with simpler folding (no normalization; ASCII-only `LIKE` rules).
        let query = try QueryParser.parse(facts.word)
        let textCache = timed(runs) { cacheHits = QueryEvaluator(collection: view).positions(matching: query).count }
        let textSQLite = timed(runs) { sqliteHits = db.textMatches(facts.word) }
        lines.append(Line(measure: "full text '\(facts.word)'", cache: textCache, sqlite: textSQLite, result: "\(cacheHits) / \(sqliteHits) notes"))

        var table = "| step (\(notes.count) notes, in-process, median of \(runs)) | index cache | SQLite | result |\n|---|---|---|---|\n"
        for line in lines {
            table += "| \(line.measure) | \(milliseconds(line.cache)) | \(milliseconds(line.sqlite)) | \(line.result) |\n"
        }
        return table
    }

    private static func timed(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return median(times)
    }

    private static func milliseconds(_ value: Double) -> String { value == 0 ? "-" : String(format: "%.1f ms", value) }
    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
