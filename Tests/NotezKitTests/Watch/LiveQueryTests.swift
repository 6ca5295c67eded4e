import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("LiveQuery and LiveIndex")
struct LiveQueryTests {
    @Test("notes enter and leave the result set")
    func enterAndLeave() {
        var fs = MemoryFileSystem()
        fs.create("a.md", "---\ntags: [x]\n---\n")
        fs.create("b.md", "---\ntags: [y]\n---\n")
        var index = LiveIndex(root: "/memory")
        let reconciler = Reconciler()
        index.apply(reconciler.reconcile(.init(fullRescan: true), previous: .init(), fileSystem: fs))
        var query = LiveQuery { $0.tagKeys.contains(where: { $0.isSelfOrDescendant(of: TagKey("x")) }) }
        expect(query.start(with: index).map(\.path), equals: ["a.md"])

        fs.write("b.md", "---\ntags: [X/sub]\n---\n")
        fs.write("a.md", "---\ntags: [y]\n---\n")
        fs.create("c.md", "---\ntags: [x]\n---\n")
        var result = reconciler.reconcile(.init(paths: ["a.md", "b.md", "c.md"]), previous: index.state, fileSystem: fs)
        index.apply(result)
        expect(query.update(result.changes).map(\.description), equals: ["+ c.md", "- a.md", "+ b.md"])

        fs.rename("b.md", "Moved.md")
        fs.write("c.md", "---\ntags: [x]\n---\nbody\n")
        result = reconciler.reconcile(.init(paths: ["b.md", "Moved.md", "c.md"]), previous: index.state, fileSystem: fs)
        index.apply(result)
        expect(query.update(result.changes).map(\.description), equals: ["> b.md -> Moved.md", "~ c.md"])
        expect(query.matching, equals: ["Moved.md", "c.md"])
        expect(index.snapshot().notes.map(\.path), equals: ["Moved.md", "a.md", "c.md"])
    }

    @Test("the live note array stays in path order through edits, additions, moves and removals")
    func liveArrayKeepsPathOrder() {
        var fs = MemoryFileSystem()
        fs.mkdir("W")
        for name in ["b.md", "d.md", "W/a.md", "W/c.md", "Z.md", "é.md"] { fs.create(name, "---\ntitle: \(name)\n---\n") }
        var index = LiveIndex(root: "/memory")
        let reconciler = Reconciler()
        index.apply(reconciler.reconcile(.init(fullRescan: true), previous: .init(), fileSystem: fs))
        expect(index.snapshot().notes.map(\.path), equals: ["W/a.md", "W/c.md", "Z.md", "b.md", "d.md", "é.md"])
        let rounds: [(MemoryFileSystem) -> MemoryFileSystem] = [
            { var fs = $0; fs.write("d.md", "---\ntitle: changed\n---\n"); return fs },
            { var fs = $0; fs.create("a.md", "new\n"); fs.create("W/b.md", "new\n"); fs.create("zz.md", "new\n"); return fs },
            { var fs = $0; fs.remove("b.md"); fs.rename("W/a.md", "c.md"); return fs },
        ]
        for round in rounds {
            let before = Array(fs.nodes.keys)
            fs = round(fs)
            let result = reconciler.reconcile(.init(paths: Array(Set(before + fs.nodes.keys))), previous: index.state, fileSystem: fs)
            index.apply(result)
            expect(index.sortedNotes.map(\.path), equals: Ordering.pathOrder(Array(index.notes.values)).map(\.path))
            expect(index.sortedNotes.map(\.title), equals: Ordering.pathOrder(Array(index.notes.values)).map(\.title))
        }
        expect(index.sortedNotes.map(\.path), equals: ["W/b.md", "W/c.md", "Z.md", "a.md", "c.md", "d.md", "zz.md", "é.md"])
        expect(index.note(at: "d.md")?.title == "changed")
    }

    @Test("the snapshot has the folder tree with recursive counts")
    func snapshotTree() {
        var fs = MemoryFileSystem()
        fs.mkdir("W")
        fs.mkdir("W/S")
        fs.create("W/S/a.md", "a")
        fs.create("W/b.md", "b")
        var index = LiveIndex(root: "/memory")
        index.apply(Reconciler().reconcile(.init(fullRescan: true), previous: .init(), fileSystem: fs))
        let tree = index.snapshot().folderTree
        expect(tree.find("W")?.count == 2)
        expect(tree.find("W/S")?.direct == 1)
    }
}
