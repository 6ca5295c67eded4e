import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `notez index --background` processes a first run starts after its answer. Such a refresh
/// takes the vault's refresh lock only once it has started, so waiting on the lock right after the
/// first run can pass before it begins: the next measured run then shared the two cores with it.
enum BackgroundRefreshes {
    /// Waits (at most `limit` seconds) until no refresh of a vault in `roots` is running.
    /// `posix_spawn` returns once the child has been started, so a refresh the last run started is
    /// already listed in `/proc`.
    static func waitForAll(roots: [String], limit: TimeInterval = 300) {
        let names = Set(roots + roots.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        let deadline = Date().addingTimeInterval(limit)
        while running(roots: names), Date() < deadline { usleep(10_000) }
    }

    /// Whether a process's command line is `… index --background --vault ROOT` for one of `roots`
    /// (read with plain system calls: this is polled between measured runs).
    static func running(roots: Set<String>) -> Bool {
        guard let proc = opendir("/proc") else { return false }
        defer { closedir(proc) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int32(name) != nil else { continue }
            let fd = open("/proc/\(name)/cmdline", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard count > 0 else { continue }
            let words = buffer[..<count].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard words.count >= 5, words[1] == "index", words.contains("--background"),
                let at = words.firstIndex(of: "--vault"), at + 1 < words.count
            else { continue }
            if roots.contains(words[at + 1]) { return true }
        }
        return false
    }
}
