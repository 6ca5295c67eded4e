import Testing

@testable import NotezKit
import NotezTestSupport

/// A flat in-memory vault keyed by path bytes, so NFC and NFD twins are two files (as on Linux).
private struct TwinFileSystem: ReconcilerFileSystem {
    var files: [PathKey: (bytes: [UInt8], inode: UInt64)] = [:]

    func lstat(_ path: String) -> FileStatus? {
        if path.isEmpty { return FileStatus(kind: .directory, stamp: FileStamp(inode: 1, size: 0, mtimeNanos: 0)) }
        guard let file = files[PathKey(path)] else { return nil }
        return FileStatus(kind: .file, stamp: FileStamp(inode: file.inode, size: Int64(file.bytes.count), mtimeNanos: 1))
    }

    func readNote(_ path: String) -> NoteReadResult {
        guard let file = files[PathKey(path)], let status = lstat(path) else { return .missing }
        return .contents(NoteReader.Contents(bytes: file.bytes, isComplete: true, stamp: status.stamp, birthSeconds: nil))
    }

    func listDirectory(_ path: String) -> [DirectoryEntry]? {
        guard path.isEmpty else { return nil }
        return files.keys.map { DirectoryEntry(name: $0.path, status: lstat($0.path)!) }
    }
}

@Suite("Reconciler: NFC and NFD twins")
struct ReconcilerTwinTests {
    static let nfc = "caf\u{E9}.md"
    static let nfd = "cafe\u{301}.md"

    @Test func twinsAreTwoNotesAndAChangeToOneLeavesTheOther() {
        var fileSystem = TwinFileSystem()
        fileSystem.files[PathKey(Self.nfc)] = (Array("---\ntags: [nfc]\n---\n".utf8), 10)
        fileSystem.files[PathKey(Self.nfd)] = (Array("---\ntags: [nfd]\n---\n".utf8), 11)
        var index = LiveIndex(root: "/memory")
        index.apply(Reconciler().reconcile(Coalescer.Batch(fullRescan: true), previous: ReconcilerState(), fileSystem: fileSystem))
        expect(index.count, equals: 2)
        expect(index.note(at: Self.nfc)?.tags == ["nfc"])
        expect(index.note(at: Self.nfd)?.tags == ["nfd"])

        // Both spellings dirty in one batch, one of them deleted: only that one goes.
        fileSystem.files[PathKey(Self.nfd)] = nil
        var coalescer = Coalescer()
        coalescer.add([RawFileEvent(.deleted, Self.nfd), RawFileEvent(.closedWrite, Self.nfc)], at: 0)
        guard case .ready(let batch) = coalescer.poll(at: 10, gitLocked: false) else {
            Issue.record("no batch")
            return
        }
        expect(batch.paths.count, equals: 2)
        let result = Reconciler().reconcile(batch, previous: index.state, fileSystem: fileSystem)
        expect(result.changes.count, equals: 1)
        if case .removed(let path) = result.changes.first {
            expect(PathKey.sameBytes(path, Self.nfd))
        } else {
            Issue.record("\(result.changes)")
        }
        index.apply(result)
        expect(index.count, equals: 1)
        expect(index.note(at: Self.nfc)?.tags == ["nfc"])
        expect(index.note(at: Self.nfd) == nil)
    }
}
