import Foundation
import Testing

@testable import NotezKit

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// Real inotify in a temporary folder; every scenario ends by comparing the live index with a fresh scan.
@Suite("Watcher with real inotify", .serialized)
struct WatcherIntegrationTests {
    /// A quiet period long enough that a scripted save is one batch even on a loaded machine.
    static var patient: Watcher.Settings {
        var settings = Watcher.Settings()
        settings.coalescer.quietPeriod = 0.3
        settings.coalescer.maxDelay = 2
        return settings
    }

    @Test("create, edit in place, rename, move between folders, case-only rename, delete")
    func basics() throws {
        let vault = try WatchHarness(files: ["Work/plan.md": "---\ntitle: Plan\n---\n"])
        vault.verify()
        vault.put("idea.md", "---\ntags: [x]\n---\n# Idea\n")
        expect(vault.sync(), equals: ["+ idea.md"])
        vault.put("idea.md", "more\n", append: true)
        expect(vault.sync(), equals: ["~ idea.md"])
        expect(rename(vault.path("idea.md"), vault.path("Idea2.md")), equals: 0)
        expect(vault.sync(), equals: ["> idea.md -> Idea2.md"])
        expect(rename(vault.path("Idea2.md"), vault.path("Work/Idea2.md")), equals: 0)
        expect(vault.sync(), equals: ["> Idea2.md -> Work/Idea2.md"])
        expect(rename(vault.path("Work/Idea2.md"), vault.path("Work/idea2.md")), equals: 0)
        expect(vault.sync(), equals: ["> Work/Idea2.md -> Work/idea2.md"])
        expect(unlink(vault.path("Work/idea2.md")), equals: 0)
        expect(vault.sync(), equals: ["- Work/idea2.md"])
        vault.verify()
    }

    @Test("editor saves with real file operations are one modification each")
    func editorSaves() throws {
        let vault = try WatchHarness(files: ["x.md": "---\ntitle: Start\n---\n"], settings: Self.patient)
        // vim: probe file, backup by rename, new file, delete backup.
        vault.put("4913", "")
        unlink(vault.path("4913"))
        rename(vault.path("x.md"), vault.path("x.md~"))
        vault.put("x.md", "---\ntitle: Vim\n---\n")
        unlink(vault.path("x.md~"))
        expect(vault.sync(), equals: ["~ x.md"])
        // emacs: lock symlink, autosave file, backup rename, write.
        symlink("user@host.42:1700000000", vault.path(".#x.md"))
        vault.put("#x.md#", "autosave")
        rename(vault.path("x.md"), vault.path("x.md~"))
        vault.put("x.md", "---\ntitle: Emacs\n---\n")
        unlink(vault.path("#x.md#"))
        unlink(vault.path(".#x.md"))
        expect(vault.sync(), equals: ["~ x.md"])
        // JetBrains: write a temp, move the original aside, move the temp in, delete the old one.
        vault.put("x.md___jb_tmp___", "---\ntitle: JetBrains\n---\n")
        rename(vault.path("x.md"), vault.path("x.md___jb_old___"))
        rename(vault.path("x.md___jb_tmp___"), vault.path("x.md"))
        unlink(vault.path("x.md___jb_old___"))
        expect(vault.sync(), equals: ["~ x.md"])
        // sed -i: a real sed.
        vault.shell("sed -i 's/JetBrains/sed/' x.md")
        expect(vault.sync(), equals: ["~ x.md"])
        expect(vault.watcher.index.note(at: "x.md")?.title == "sed")
        vault.verify()
    }

    @Test("mkdir -p a/b/c then immediate writes")
    func mkdirThenWrite() throws {
        let vault = try WatchHarness()
        vault.shell("mkdir -p a/b/c && echo one > a/b/c/n.md && echo two > a/b/m.md && echo three > a/l.md")
        let changes = vault.sync()
        expect(Set(changes), equals: ["+ a/", "+ a/b/", "+ a/b/c/", "+ a/b/c/n.md", "+ a/b/m.md", "+ a/l.md"])
        vault.put("a/b/c/later.md", "later")
        expect(vault.sync(), equals: ["+ a/b/c/later.md"])
        vault.verify()
    }

    @Test("a populated folder moved in, then edited inside")
    func folderMovedIn() throws {
        let vault = try WatchHarness()
        let outside = vault.root + "-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        for index in 0..<20 { WatchHarness.put(outside + "/Tree/Sub\(index % 3)/n\(index).md", "---\ntitle: N\(index)\n---\n") }
        expect(rename(outside + "/Tree", vault.path("Tree")), equals: 0)
        let changes = vault.sync()
        expect(changes.filter { $0.hasPrefix("+ ") && $0.hasSuffix(".md") }.count, equals: 20)
        vault.verify()
        vault.put("Tree/Sub1/n1.md", "---\ntitle: Edited\n---\n")
        expect(vault.sync(), equals: ["~ Tree/Sub1/n1.md"])
        vault.verify()
    }

    @Test("a folder moved out, then edited outside: no ghost events")
    func folderMovedOut() throws {
        let vault = try WatchHarness(files: ["Out/a.md": "a", "Out/Deep/b.md": "b", "stay.md": "s"])
        let outside = vault.root + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        expect(rename(vault.path("Out"), outside + "/Out"), equals: 0)
        expect(vault.sync(), equals: ["- Out/Deep/b.md", "- Out/a.md", "- Out/Deep/", "- Out/"])
        WatchHarness.put(outside + "/Out/a.md", "edited outside")
        WatchHarness.put(outside + "/Out/Deep/new.md", "new outside")
        expect(vault.sync(), equals: [])
        vault.verify()
    }

    @Test("a folder renamed, then edited inside")
    func folderRenamed() throws {
        let vault = try WatchHarness(files: ["Old/a.md": "a", "Old/Sub/b.md": "b"])
        expect(rename(vault.path("Old"), vault.path("New")), equals: 0)
        expect(
            vault.sync(), equals: ["+ New/", "+ New/Sub/", "> Old/Sub/b.md -> New/Sub/b.md", "> Old/a.md -> New/a.md", "- Old/Sub/", "- Old/"])
        vault.put("New/Sub/b.md", "---\ntitle: Changed\n---\n")
        vault.put("New/Sub/c.md", "c")
        expect(vault.sync(), equals: ["+ New/Sub/c.md", "~ New/Sub/b.md"])
        vault.verify()
    }

    @Test("rm -rf of a tree")
    func removeTree() throws {
        var files: [String: String] = [:]
        for index in 0..<30 { files["T/\(index % 4)/\(index % 2)/n\(index).md"] = "n" }
        let vault = try WatchHarness(files: files.merging(["keep.md": "k"]) { a, _ in a })
        vault.shell("rm -rf T")
        let changes = vault.sync()
        expect(changes.filter { $0.hasSuffix(".md") }.count, equals: 30)
        expect(changes.allSatisfy { $0.hasPrefix("- T/") })
        vault.verify()
    }

    @Test("2,000 files changed by git checkout of another branch: one batch, index equals a fresh scan")
    func gitCheckout() throws {
        let vault = try WatchHarness()
        func writeAll(_ tag: String) {
            for index in 1...2000 { vault.put("\(["A", "B", "C"][index % 3])/n\(index).md", "---\ntags: [\(tag)]\n---\n# Note \(index)\n") }
        }
        writeAll("one")
        vault.shell("git init -q -b one . && git config user.email t@t && git config user.name t && git add -A && git commit -qm one")
        vault.shell("git checkout -q -b two")
        writeAll("two")
        vault.put("D/extra.md", "only on two")
        vault.shell("git add -A && git commit -qm two && git checkout -q one")
        vault.sync()
        vault.verify()
        vault.shell("git checkout -q two")
        let changes = vault.sync()
        expect(changes.filter { $0.hasPrefix("~ ") }.count, equals: 2000)
        expect(changes.contains("+ D/extra.md"))
        expect(vault.watcher.index.notes.values.filter { $0.tags == ["two"] }.count, equals: 2000)
        vault.verify()
    }

    @Test("a forced overflow: lost events are recovered by a full rescan")
    func overflow() throws {
        var injecting: InjectingSource?
        let vault = try WatchHarness(
            files: ["a.md": "a", "F/b.md": "b"],
            source: { root in
                let source = InjectingSource(InotifySource(root: root))
                injecting = source
                return source
            })
        let source = try #require(injecting)
        source.startDropping()
        vault.put("a.md", "---\ntitle: Changed while lost\n---\n")
        vault.shell("mkdir -p G/H && echo x > G/H/new.md && rm F/b.md")
        source.injectOverflow()
        expect(Set(vault.sync()), equals: ["+ G/", "+ G/H/", "+ G/H/new.md", "- F/b.md", "~ a.md"])
        expect(vault.allReports.contains { $0.wasFullRescan && !$0.notices.isEmpty })
        // The folder created while events were lost is watched after the rescan.
        vault.put("G/H/later.md", "later")
        expect(vault.sync(), equals: ["+ G/H/later.md"])
        vault.verify()
    }

    @Test("watch limit reached: folders without a watch are caught by periodic rescans")
    func watchLimit() throws {
        var injecting: InjectingSource?
        var settings = Watcher.Settings()
        settings.degradedRescanInterval = 0.5
        let vault = try WatchHarness(
            files: ["Limited/a.md": "a"],
            source: { root in
                let source = InjectingSource(InotifySource(root: root))
                source.refuseWatches { $0.hasPrefix("Limited") }
                injecting = source
                return source
            }, settings: settings)
        _ = try #require(injecting)
        vault.put("Limited/b.md", "b")
        expect(vault.wait { $0.contains { $0.path == "Limited/b.md" } })
        expect(vault.allReports.contains { $0.notices.contains { $0.contains("watch limit") } })
        vault.sync()
        vault.verify()
    }

    @Test("a symlinked folder and a symlink loop are not followed")
    func symlinks() throws {
        let vault = try WatchHarness(files: ["real.md": "r"])
        let outside = vault.root + "-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        WatchHarness.put(outside + "/linked/n.md", "n")
        expect(symlink(outside + "/linked", vault.path("Linked")), equals: 0)
        expect(symlink(".", vault.path("loop")), equals: 0)
        expect(symlink("real.md", vault.path("alias.md")), equals: 0)
        expect(vault.sync(), equals: ["+ alias.md"])
        WatchHarness.put(outside + "/linked/n.md", "edited through the outside")
        expect(vault.sync(), equals: [])
        expect(vault.watcher.index.state.fingerprint(PathKey("alias.md"))?.isSymlink == true)
        vault.verify()
    }

    @Test("non-UTF-8 and very long file names")
    func oddNames() throws {
        let vault = try WatchHarness()
        let bad: [UInt8] = Array(vault.root.utf8) + Array("/bad-\u{FF}".utf8.prefix(5)) + [0xFF, 0xFE] + Array(".md".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644)
        }
        expect(fd >= 0)
        close(fd)
        let long = String(repeating: "ü", count: 125) + "12.md"
        expect(long.utf8.count, equals: 255)
        vault.put(long, "---\ntitle: Long\n---\n")
        expect(vault.sync(), equals: ["+ \(long)"])
        vault.verify()
    }

    @Test("a note written by notez itself is one modification, never repeated")
    func ownWrite() throws {
        let vault = try WatchHarness(files: ["n.md": "---\ntags: [a]\n---\n"])
        // An atomic write as notez does it: temporary file, rename over the target.
        vault.put(".n.md.notez-tmp", "---\ntags: [a, b]\n---\n")
        rename(vault.path(".n.md.notez-tmp"), vault.path("n.md"))
        expect(vault.sync(), equals: ["~ n.md"])
        expect(vault.sync(), equals: [])
        vault.verify()
    }
}
