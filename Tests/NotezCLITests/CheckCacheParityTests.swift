import Foundation
import Testing

/// `notez check` with a current index cache (body facts and stored link resolutions taken from it,
/// nothing resolved) prints, byte for byte, what it prints with no cache at all.
@Suite struct CheckCacheParityTests {
    @Test func checkFromTheCacheEqualsCheckWithoutOne() throws {
        let vault = try TempVault()
        try vault.write(
            "a/Source.md",
            "---\ntags: [Topic]\n---\nSee [[Nowhere]], [[Twin]], [[README]], ![[gone.png]], [[pic.png]].\n[text](../Gone%20Away.md) [ok](../b/Target.md)\n")
        try vault.write("b/Target.md", "---\ntags: [topic]\n---\nBack to [[Source]] and [[Source#Missing heading]].\n")
        try vault.write("x/Twin.md", "one\n")
        try vault.write("y/Twin.md", "two\n")
        try vault.write("Conflict.md", "before\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n")
        try vault.write("Dates.md", "---\ncreated: someday\n---\nbody\n")
        try vault.write("Notes (conflicted copy).md", "copy\n")
        try vault.write("Broken.md", "---\ntitle: [unclosed\n---\nbody\n")
        try vault.write("README", "not a note\n")
        try vault.write("pic.png", "png\n")
        // In the attachment folder of the root notes (`./attachments`), linked by none.
        try vault.write("attachments/unused.png", "png\n")
        // An hour old, so that the cache keeps every note (a note changed in the last seconds is read again).
        let old = Date(timeIntervalSinceNow: -3600)
        let enumerator = FileManager.default.enumerator(atPath: vault.path)!
        for case let relative as String in enumerator {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: vault.path + "/" + relative)
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("notez-check-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let before = try vault.snapshot()
        for arguments in [["check"], ["check", "--json"], ["check", "--no-attachments"], ["check", "--no-links"]] {
            // No cache home: every note read, every link resolved.
            let without = try vault.run(arguments, environment: ["XDG_CACHE_HOME": "/dev/null"])
            let first = try vault.run(arguments, environment: ["XDG_CACHE_HOME": cache])
            let fromCache = try vault.run(arguments, environment: ["XDG_CACHE_HOME": cache])
            for run in [first, fromCache] {
                #expect(run.stdout == without.stdout, "\(arguments)")
                #expect(run.stderr == without.stderr, "\(arguments)")
                #expect(run.status == without.status, "\(arguments)")
            }
            #expect(without.status == 1)
        }
        let all = try vault.run(["check"], environment: ["XDG_CACHE_HOME": cache]).stdout
        for kind in [
            "broken link [[Nowhere]]", "ambiguous link [[Twin]]", "missing attachment ![[gone.png]]", "orphaned attachment",
            "broken link [text](../Gone%20Away.md)", "conflict markers from a merge at line 2", "created: 'someday' is not a date",
            "a conflict copy made by", "Broken.md:", "tag spelled in 2 ways", "attachments/unused.png: orphaned attachment",
        ] {
            #expect(all.contains(kind), "\(kind) in \(all)")
        }
        #expect(!all.contains("[[README]]") && !all.contains("pic.png") && !all.contains("[ok]"), "\(all)")
        // check is a read: the vault is as it was.
        #expect(try vault.snapshot() == before)
    }
}
