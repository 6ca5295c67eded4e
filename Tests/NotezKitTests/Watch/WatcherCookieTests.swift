import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// The warm path's freshness proof: a cookie created after a write is seen only after the write is applied.
@Suite("Watcher cookies", .serialized)
struct WatcherCookieTests {
    /// A quiet period far longer than the test: only the cookie can make the watcher apply a batch in time.
    static var slow: Watcher.Settings {
        var settings = Watcher.Settings()
        settings.coalescer.quietPeriod = 30
        settings.coalescer.maxDelay = 60
        return settings
    }

    @Test("every write that finished before the cookie is in the index the cookie returns")
    func writesBeforeCookieAreApplied() throws {
        let vault = try ScratchFolder()
        let cookies = try ScratchFolder()
        try vault.write("a.md", "---\ntitle: A\n---\n")
        let watcher = Watcher(root: vault.path, config: VaultConfig(), settings: WatcherCookieTests.slow)
        try watcher.start { _ in }
        defer { watcher.stop() }
        expect(watcher.watchCookies(in: cookies.path))
        for round in 0..<20 {
            try vault.write("Deep/New \(round)/n.md", "---\ntitle: N\(round)\n---\n")
            try vault.write("a.md", "---\ntitle: A \(round)\n---\n")
            try cookies.write("cookie-\(round)", "")
            let result = watcher.synchronize(cookie: "cookie-\(round)", timeout: 10)
            expect(result?.index.note(at: "Deep/New \(round)/n.md") != nil, "round \(round)")
            expect(result?.index.note(at: "a.md")?.title == "A \(round)", "round \(round)")
        }
    }

    @Test("an unknown cookie times out; without a cookie folder nothing is proven")
    func unprovenFreshness() throws {
        let vault = try ScratchFolder()
        let cookies = try ScratchFolder()
        let watcher = Watcher(root: vault.path, config: VaultConfig())
        try watcher.start { _ in }
        defer { watcher.stop() }
        try cookies.write("early", "")
        expect(watcher.synchronize(cookie: "early", timeout: 0.2) == nil, "cookies are not watched yet")
        expect(watcher.watchCookies(in: cookies.path))
        expect(watcher.synchronize(cookie: "never-created", timeout: 0.2) == nil)
        try cookies.write("late", "")
        let first = watcher.synchronize(cookie: "late", timeout: 10)
        expect(first != nil)
        expect(watcher.synchronize(cookie: "late", timeout: 0.2) == nil, "a cookie proves one request only")
    }

    @Test("the version grows with each change and not without one")
    func versions() throws {
        let vault = try ScratchFolder()
        let cookies = try ScratchFolder()
        let watcher = Watcher(root: vault.path, config: VaultConfig(), settings: WatcherCookieTests.slow)
        try watcher.start { _ in }
        defer { watcher.stop() }
        expect(watcher.watchCookies(in: cookies.path))
        try cookies.write("1", "")
        let before = try #require(watcher.synchronize(cookie: "1", timeout: 10)).version
        try cookies.write("2", "")
        expect(watcher.synchronize(cookie: "2", timeout: 10)?.version == before)
        try vault.write("x.md", "x\n")
        try cookies.write("3", "")
        expect(try #require(watcher.synchronize(cookie: "3", timeout: 10)).version > before)
    }
}
