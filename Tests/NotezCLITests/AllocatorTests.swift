import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `notez` allocates through jemalloc on Linux (Package.swift), with its settings: two arenas in
/// every command, and a daemon's freed pages returned within a second (`SystemIO.returnFreedPagesSoon`).
/// jemalloc prints its settings at exit when `MALLOC_CONF` asks for its statistics.
@Suite("jemalloc in notez", .serialized)
struct AllocatorTests {
    #if os(Linux)
    @Test func aCommandAllocatesWithJemallocInTwoArenas() throws {
        let result = try CLIRunner.run(["--version"], environment: ["MALLOC_CONF": "stats_print:true"])
        expect(result.status, equals: 0)
        expect(result.stdout, equals: "0.1.0\n")
        expect(result.stderr.contains("___ Begin jemalloc statistics ___"), "\(result.stderr.prefix(300))")
        expect(result.stderr.contains("opt.narenas: 2\n"))
        // A command that does not run long keeps jemalloc's own decay.
        expect(result.stderr.contains("arenas.dirty_decay_ms: 10000)"))
    }

    @Test func aWatchReturnsFreedPagesWithinASecond() throws {
        let vault = try TempVault()
        try vault.write("a.md", "---\ntags: [x]\n---\n# A\n")
        let stderrFile = FileManager.default.temporaryDirectory.appendingPathComponent("notez-watch-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: stderrFile) }
        let handle = try FileHandle(forWritingTo: stderrFile)
        let watch = try WatchProcess(["watch", "--vault", vault.path], stderr: handle, environment: ["MALLOC_CONF": "stats_print:true"])
        expect(watch.waitForLines(1).first?.hasPrefix("watching 1 note") == true)
        expect(watch.stop(SIGINT), equals: 0)
        try handle.close()
        let printed = try String(contentsOf: stderrFile, encoding: .utf8)
        expect(printed.contains("opt.dirty_decay_ms: 10000 (arenas.dirty_decay_ms: 1000)"), "\(printed.prefix(2000))")
        expect(printed.contains("opt.muzzy_decay_ms: 0 (arenas.muzzy_decay_ms: 0)"))
    }
    #endif
}
