import Testing

@testable import NotezKit
import NotezTestSupport

/// One recorded scenario: file operations and the inotify events they produced, with times.
private struct Scenario {
    var before = MemoryFileSystem()
    var operations: (inout MemoryFileSystem) -> Void
    var events: [(time: Double, event: RawFileEvent)]
}

/// Runs a scenario through the coalescer and the reconciler; checks the live index against a fresh scan.
private func run(_ scenario: Scenario) -> (changes: [WatchChange], index: LiveIndex) {
    var index = LiveIndex(root: "/memory")
    index.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: scenario.before))
    var after = scenario.before
    scenario.operations(&after)
    var coalescer = Coalescer()
    var changes: [WatchChange] = []
    for (time, event) in scenario.events { coalescer.add([event], at: time) }
    let end = (scenario.events.map(\.time).max() ?? 0) + 0.1
    if case .ready(let batch) = coalescer.poll(at: end, gitLocked: false) {
        let result = Reconciler().reconcile(batch, previous: index.state, fileSystem: after)
        index.apply(result)
        changes = result.changes
    }
    let fresh = after.fullScan()
    expect(index.notes, equals: fresh.notes)
    expect(index.state, equals: fresh.state)
    return (changes, index)
}

/// Events at 1 ms steps, in the order given.
private func timed(_ events: [RawFileEvent], start: Double = 0) -> [(time: Double, event: RawFileEvent)] {
    events.enumerated().map { (start + Double($0.offset) / 1000, $0.element) }
}

private func vault(_ files: [String: String], folders: [String] = []) -> MemoryFileSystem {
    var fs = MemoryFileSystem()
    for folder in folders { fs.mkdir(folder) }
    for (path, text) in files.sorted(by: { $0.key < $1.key }) { fs.create(path, text) }
    return fs
}

@Suite("Reconciler: editor save patterns and batches")
struct ReconcilerTests {
    @Test("vim: 4913 probe, rename to x.md~, create, write, delete backup -> one modification")
    func vimSave() {
        let result = run(
            Scenario(
                before: vault(["x.md": "---\ntitle: Old\n---\n"]),
                operations: { fs in
                    fs.create("4913"); fs.remove("4913")
                    fs.rename("x.md", "x.md~")
                    fs.create("x.md", "---\ntitle: New\n---\n")
                    fs.remove("x.md~")
                },
                events: timed([
                    .init(.created, "4913"), .init(.attributes, "4913"), .init(.closedWrite, "4913"), .init(.deleted, "4913"),
                    .init(.movedFrom, "x.md", cookie: 7), .init(.movedTo, "x.md~", cookie: 7),
                    .init(.created, "x.md"), .init(.modified, "x.md"), .init(.attributes, "x.md"),
                    .init(.closedWrite, "x.md"), .init(.attributes, "x.md"), .init(.deleted, "x.md~"),
                ])))
        expect(result.changes.map(\.description), equals: ["~ x.md"])
        expect(result.index.note(at: "x.md")?.title == "New")
    }

    @Test("emacs: lock symlink .#x.md, autosave #x.md#, backup rename -> one modification")
    func emacsSave() {
        let result = run(
            Scenario(
                before: vault(["x.md": "---\ntitle: Old\n---\n"]),
                operations: { fs in
                    fs.symlink(".#x.md", to: "user@host.1234")
                    fs.create("#x.md#", "autosave"); fs.remove("#x.md#")
                    fs.rename("x.md", "x.md~")
                    fs.create("x.md", "---\ntitle: Saved by emacs\n---\n")
                    fs.remove(".#x.md")
                },
                events: timed([
                    .init(.created, ".#x.md"),
                    .init(.created, "#x.md#"), .init(.modified, "#x.md#"), .init(.closedWrite, "#x.md#"),
                    .init(.movedFrom, "x.md", cookie: 3), .init(.movedTo, "x.md~", cookie: 3),
                    .init(.created, "x.md"), .init(.modified, "x.md"), .init(.closedWrite, "x.md"),
                    .init(.deleted, "#x.md#"), .init(.deleted, ".#x.md"),
                ])))
        expect(result.changes.map(\.description), equals: ["~ x.md"])
        expect(result.index.note(at: "x.md")?.title == "Saved by emacs")
    }

    @Test("JetBrains: ___jb_tmp___ and ___jb_old___ -> one modification")
    func jetBrainsSave() {
        let result = run(
            Scenario(
                before: vault(["Work/x.md": "---\ntags: [a]\n---\nold\n"], folders: ["Work"]),
                operations: { fs in
                    fs.create("Work/x.md___jb_tmp___", "---\ntags: [a, b]\n---\nnew\n")
                    fs.rename("Work/x.md", "Work/x.md___jb_old___")
                    fs.rename("Work/x.md___jb_tmp___", "Work/x.md")
                    fs.remove("Work/x.md___jb_old___")
                },
                events: timed([
                    .init(.created, "Work/x.md___jb_tmp___"), .init(.modified, "Work/x.md___jb_tmp___"),
                    .init(.closedWrite, "Work/x.md___jb_tmp___"),
                    .init(.movedFrom, "Work/x.md", cookie: 1), .init(.movedTo, "Work/x.md___jb_old___", cookie: 1),
                    .init(.movedFrom, "Work/x.md___jb_tmp___", cookie: 2), .init(.movedTo, "Work/x.md", cookie: 2),
                    .init(.deleted, "Work/x.md___jb_old___"),
                ])))
        expect(result.changes.map(\.description), equals: ["~ Work/x.md"])
        expect(result.index.note(at: "Work/x.md")?.tags == ["a", "b"])
    }

    @Test("sed -i: temporary sedXXXXXX renamed over the note -> one modification")
    func sedInPlace() {
        let result = run(
            Scenario(
                before: vault(["x.md": "tags: old\n"]),
                operations: { fs in
                    fs.create("sedAb12Cd", "tags: new\n")
                    fs.rename("sedAb12Cd", "x.md")
                },
                events: timed([
                    .init(.created, "sedAb12Cd"), .init(.modified, "sedAb12Cd"), .init(.attributes, "sedAb12Cd"),
                    .init(.closedWrite, "sedAb12Cd"),
                    .init(.movedFrom, "sedAb12Cd", cookie: 9), .init(.movedTo, "x.md", cookie: 9),
                ])))
        expect(result.changes.map(\.description), equals: ["~ x.md"])
    }

    @Test("10 saves in 100 ms -> one update with the final content")
    func tenSaves() {
        let result = run(
            Scenario(
                before: vault(["x.md": "---\ntitle: v0\n---\n"]),
                operations: { fs in for version in 1...10 { fs.write("x.md", "---\ntitle: v\(version)\n---\n") } },
                events: (0..<10).flatMap { (step: Int) -> [(time: Double, event: RawFileEvent)] in
                    let at = Double(step) * 0.01
                    return [(at, RawFileEvent(.modified, "x.md")), (at + 0.001, RawFileEvent(.closedWrite, "x.md"))]
                }))
        expect(result.changes.map(\.description), equals: ["~ x.md"])
        expect(result.index.note(at: "x.md")?.title == "v10")
    }

    @Test("create then delete within a batch -> nothing")
    func createThenDelete() {
        let result = run(
            Scenario(
                before: vault(["x.md": "x"]),
                operations: { fs in
                    fs.create("y.md", "y"); fs.remove("y.md")
                },
                events: timed([.init(.created, "y.md"), .init(.closedWrite, "y.md"), .init(.deleted, "y.md")])))
        expect(result.changes.isEmpty)
    }

    @Test("delete then create at the same path -> modified")
    func deleteThenCreate() {
        let result = run(
            Scenario(
                before: vault(["x.md": "---\ntitle: One\n---\n"]),
                operations: { fs in
                    fs.remove("x.md"); fs.create("x.md", "---\ntitle: Two\n---\n")
                },
                events: timed([.init(.deleted, "x.md"), .init(.created, "x.md"), .init(.closedWrite, "x.md")])))
        expect(result.changes.map(\.description), equals: ["~ x.md"])
        expect(result.index.note(at: "x.md")?.title == "Two")
    }

    @Test("move between folders -> moved, same note")
    func moveBetweenFolders() {
        let result = run(
            Scenario(
                before: vault(["a.md": "---\ntitle: A\n---\n", "Work/b.md": "b"], folders: ["Work"]),
                operations: { fs in fs.rename("a.md", "Work/a.md") },
                events: timed([.init(.movedFrom, "a.md", cookie: 5), .init(.movedTo, "Work/a.md", cookie: 5)])))
        expect(result.changes.map(\.description), equals: ["> a.md -> Work/a.md"])
        expect(result.index.note(at: "Work/a.md")?.folder == "Work")
    }

    @Test("folder rename -> folder added, notes moved, folder removed")
    func folderRename() {
        let result = run(
            Scenario(
                before: vault(["Work/a.md": "a", "Work/Sub/b.md": "b", "c.md": "c"], folders: ["Work", "Work/Sub"]),
                operations: { fs in fs.rename("Work", "Projects") },
                events: timed([
                    .init(.movedFrom, "Work", cookie: 2, isDirectory: true),
                    .init(.movedTo, "Projects", cookie: 2, isDirectory: true),
                    .init(.selfMoved, "Work", isDirectory: true),
                ])))
        expect(
            result.changes.map(\.description), equals: [
                "+ Projects/", "+ Projects/Sub/",
                "> Work/Sub/b.md -> Projects/Sub/b.md", "> Work/a.md -> Projects/a.md",
                "- Work/Sub/", "- Work/",
            ])
    }

    @Test("copy and delete (sync tools) keeps the content: a move by hash")
    func moveByContent() {
        let result = run(
            Scenario(
                before: vault(["a.md": "same words"]),
                operations: { fs in
                    fs.create("b.md", "same words"); fs.remove("a.md")
                },
                events: timed([.init(.created, "b.md"), .init(.closedWrite, "b.md"), .init(.deleted, "a.md")])))
        expect(result.changes.map(\.description), equals: ["> a.md -> b.md"])
    }

    @Test("a chain of renames a -> b -> c in one batch")
    func renameChain() {
        let result = run(
            Scenario(
                before: vault(["a.md": "first", "b.md": "second"]),
                operations: { fs in
                    fs.rename("b.md", "c.md"); fs.rename("a.md", "b.md")
                },
                events: timed([
                    .init(.movedFrom, "b.md", cookie: 1), .init(.movedTo, "c.md", cookie: 1),
                    .init(.movedFrom, "a.md", cookie: 2), .init(.movedTo, "b.md", cookie: 2),
                ])))
        expect(result.changes.map(\.description), equals: ["> a.md -> b.md", "> b.md -> c.md"])
    }

    @Test("mkdir -p then writes whose events were missed: the new folder is scanned")
    func newTreeScanned() {
        let result = run(
            Scenario(
                before: vault(["x.md": "x"]),
                operations: { fs in
                    fs.mkdir("a"); fs.mkdir("a/b"); fs.mkdir("a/b/c")
                    fs.create("a/b/c/n.md", "n"); fs.create("a/m.md", "m")
                },
                // Only the root's event: the watches below did not exist yet.
                events: timed([.init(.created, "a", isDirectory: true)])))
        expect(result.changes.map(\.description), equals: ["+ a/", "+ a/b/", "+ a/b/c/", "+ a/b/c/n.md", "+ a/m.md"])
    }

    @Test("rm -rf of a tree, symlinks not followed, hidden and ignored paths skipped")
    func removeTreeAndLinks() {
        var before = vault(["T/a.md": "a", "T/U/b.md": "b", "keep.md": "k"], folders: ["T", "T/U"])
        before.symlink("loop", to: "")
        before.symlink("link.md", to: "keep.md")
        let result = run(
            Scenario(
                before: before,
                operations: { fs in
                    fs.remove("T"); fs.create(".hidden.md", "h")
                },
                events: timed([
                    .init(.deleted, "T/U/b.md"), .init(.deleted, "T/U", isDirectory: true),
                    .init(.deleted, "T/a.md"), .init(.deleted, "T", isDirectory: true),
                    .init(.created, ".hidden.md"),
                ])))
        expect(result.changes.map(\.description), equals: ["- T/U/b.md", "- T/a.md", "- T/U/", "- T/"])
        expect(result.index.state.fingerprint(PathKey("link.md"))?.isSymlink == true)
    }

    @Test("a touched file with the same stamp is not re-read; a second event for the same version reports nothing")
    func unchangedStamp() {
        var fs = vault(["x.md": "x"])
        var index = LiveIndex(root: "/memory")
        index.apply(Reconciler().reconcile(.init(fullRescan: true), previous: .init(), fileSystem: fs))
        let nothing = Reconciler().reconcile(.init(paths: ["x.md"]), previous: index.state, fileSystem: fs)
        expect(nothing.changes.isEmpty)
        fs.write("x.md", "---\ntitle: Written by notez\n---\n")
        let once = Reconciler().reconcile(.init(paths: ["x.md"]), previous: index.state, fileSystem: fs)
        expect(once.changes.map(\.description), equals: ["~ x.md"])
        index.apply(once)
        let again = Reconciler().reconcile(.init(paths: ["x.md"]), previous: index.state, fileSystem: fs)
        expect(again.changes.isEmpty)
    }

    @Test("ignore globs from the configuration apply to events and scans")
    func ignoreGlobs() {
        var fs = vault(["a.md": "a"])
        let reconciler = Reconciler(ignore: ["Archive/", "*.draft.md"])
        var index = LiveIndex(root: "/memory")
        index.apply(reconciler.reconcile(.init(fullRescan: true), previous: .init(), fileSystem: fs))
        fs.mkdir("Archive")
        fs.create("Archive/old.md", "o")
        fs.create("b.draft.md", "d")
        fs.create("c.md", "c")
        let result = reconciler.reconcile(.init(paths: ["Archive", "b.draft.md", "c.md"]), previous: index.state, fileSystem: fs)
        expect(result.changes.map(\.description), equals: ["+ c.md"])
    }

    @Test("the links a scan keeps are the encoder's bytes, in a buffer of their own size")
    func storedLinksKeepNoSpareRoom() {
        // Enough links that the encoder grows its buffer more than once.
        let body = (0..<40).map { "[[Note \($0)|label \($0)]] and [t](Folder/Other%20\($0).md)" }.joined(separator: "\n")
        let files = ["a.md": body, "b.md": "no links", "Folder/c.md": "[[a]]"]
        let state = Reconciler().scanAll(vault(files, folders: ["Folder"]))
        expect(state.notes.map(\.path), equals: ["Folder/c.md", "a.md", "b.md"])
        // A buffer of its own size keeps only the allocator's rounding, which depends on the heap's
        // state (glibc hands out a free chunk up to 31 bytes larger than asked rather than split it):
        // a doubling encoder's buffer keeps up to half its size spare.
        func hasNoSpareRoom(_ bytes: [UInt8]) -> Bool { bytes.capacity - bytes.count <= max(64, bytes.count / 16) }
        for (position, note) in state.notes.enumerated() {
            let expected = LinkTable.storedForm(of: Array(files[note.path]!.utf8))
            expect(state.links[position], equals: expected)
            expect(hasNoSpareRoom(state.links[position]), "\(state.links[position].capacity) for \(expected.count) bytes")
        }
        var oversized = LinkTable.storedForm(of: Array(body.utf8))
        oversized.reserveCapacity(oversized.count * 4)
        let copied = Reconciler.exact(oversized)
        expect(copied, equals: oversized)
        expect(hasNoSpareRoom(copied), "\(copied.capacity) for \(copied.count) bytes")
        expect(!hasNoSpareRoom(oversized), "the test's own oversized buffer")
    }
}
