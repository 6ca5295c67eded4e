import Testing

@testable import NotezKit
import NotezTestSupport

@Suite("Coalescer: batching by explicit times")
struct CoalescerTests {
    @Test("a batch is ready after 100 ms without events")
    func quietPeriod() {
        var coalescer = Coalescer()
        coalescer.add([RawFileEvent(.modified, "a.md")], at: 10.0)
        expect(coalescer.poll(at: 10.05, gitLocked: false), equals: .wait(until: 10.1))
        coalescer.add([RawFileEvent(.closedWrite, "b.md")], at: 10.08)
        expect(coalescer.poll(at: 10.1, gitLocked: false), equals: .wait(until: 10.18))
        expect(coalescer.poll(at: 10.18, gitLocked: false), equals: .ready(.init(paths: ["a.md", "b.md"])))
        expect(coalescer.poll(at: 10.5, gitLocked: false), equals: .idle)
    }

    @Test("continuous events: ready at most 1 s after the first")
    func maxDelay() {
        var coalescer = Coalescer()
        var time = 0.0
        var decision = Coalescer.Decision.idle
        while time < 3 {
            coalescer.add([RawFileEvent(.modified, "n\(Int(time * 100)).md")], at: time)
            decision = coalescer.poll(at: time, gitLocked: false)
            if case .ready = decision { break }
            time += 0.05
        }
        guard case .ready(let batch) = decision else {
            Issue.record("never ready")
            return
        }
        expect(abs(time - 1.0) < 0.001)
        expect(batch.paths.count, equals: 21)
    }

    @Test("a batch waits while .git/index.lock exists, up to 10 s")
    func gitLock() {
        var coalescer = Coalescer()
        coalescer.add([RawFileEvent(.created, ".git/index.lock"), RawFileEvent(.modified, "a.md")], at: 0)
        expect(coalescer.poll(at: 0.2, gitLocked: true), equals: .wait(until: 0.25))
        expect(coalescer.poll(at: 5, gitLocked: true), equals: .wait(until: 5.05))
        expect(coalescer.poll(at: 5.1, gitLocked: false), equals: .ready(.init(paths: ["a.md"])))
        coalescer.add([RawFileEvent(.modified, "b.md")], at: 20)
        expect(coalescer.poll(at: 29.99, gitLocked: true), equals: .wait(until: 30))
        expect(coalescer.poll(at: 30, gitLocked: true), equals: .ready(.init(paths: ["b.md"])))
    }

    @Test("the git lock alone does not start a batch")
    func lockAlone() {
        var coalescer = Coalescer()
        coalescer.add([RawFileEvent(.created, ".git/index.lock"), RawFileEvent(.movedFrom, ".git/index.lock")], at: 0)
        expect(coalescer.poll(at: 1, gitLocked: false), equals: .idle)
    }

    @Test("over 2,000 dirty paths or an overflow make a full rescan")
    func fullRescan() {
        var coalescer = Coalescer()
        coalescer.add((0...2000).map { RawFileEvent(.created, "n\($0).md") }, at: 0)
        expect(coalescer.poll(at: 1, gitLocked: false), equals: .ready(.init(fullRescan: true)))
        coalescer.add([RawFileEvent(.modified, "a.md")], at: 2)
        expect(coalescer.poll(at: 2.1, gitLocked: false), equals: .ready(.init(paths: ["a.md"])))
        coalescer.add([RawFileEvent(.modified, "a.md"), RawFileEvent(.overflow, "")], at: 3)
        expect(coalescer.poll(at: 3.1, gitLocked: false), equals: .ready(.init(fullRescan: true)))
        coalescer.add([RawFileEvent(.selfMoved, "", isDirectory: true)], at: 4)
        expect(coalescer.poll(at: 4.1, gitLocked: false), equals: .ready(.init(fullRescan: true)))
    }

    @Test(
        "editor temporary and hidden files are not dirty paths",
        arguments: [
            "4913", "x.md~", ".#x.md", "#x.md#", "x.md___jb_tmp___", "x.md___jb_old___", "sedAb12Cd",
            ".x.md.swp", "Work/.obsidian/workspace.md", ".git/HEAD", "notes.txt",
        ])
    func notRelevant(path: String) {
        var coalescer = Coalescer()
        coalescer.add([RawFileEvent(.created, path), RawFileEvent(.closedWrite, path)], at: 0)
        expect(coalescer.poll(at: 1, gitLocked: false), equals: .idle)
    }

    @Test(
        "notes and directories are dirty paths",
        arguments: [
            RawFileEvent(.created, "x.md"), RawFileEvent(.movedTo, "Work/y.markdown"),
            RawFileEvent(.created, "Work", isDirectory: true), RawFileEvent(.deleted, "Old.md.d", isDirectory: true),
        ])
    func relevant(event: RawFileEvent) {
        var coalescer = Coalescer()
        coalescer.add([event], at: 0)
        expect(coalescer.poll(at: 1, gitLocked: false), equals: .ready(.init(paths: [event.path])))
    }
}
