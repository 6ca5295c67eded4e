import Dispatch
import Foundation

/// Builds a `VaultIndex` from disk: walk, then read notes on all cores.
public enum IndexBuilder {
    /// Reads the whole vault at `root`.
    public static func build(root: String) throws(NotezError) -> VaultIndex {
        let config = try VaultConfig.load(root: root)
        let registry = try TagRegistry.load(root: root)
        let colors = try FolderColors.load(root: root)
        let listing = VaultWalker(root: root, ignore: config.ignore).walk()
        let notes = readNotes(listing.notes, root: root)
        return VaultIndex(
            root: root, config: config, notes: notes, folders: listing.folders,
            symlinkedNotes: listing.symlinkedNotes, registry: registry, folderColors: colors,
            trashCount: TrashStore(root: root).items().count, walkProblems: listing.problems)
    }

    /// Reads notes in parallel; order of the result follows `paths`.
    public static func readNotes(_ paths: [String], root: String) -> [Note] {
        let results = ResultSlots<Note>(count: paths.count)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = max(64, (paths.count + workers * 8 - 1) / (workers * 8))
        let chunks = (paths.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            let start = part * chunk
            for index in start..<min(start + chunk, paths.count) {
                results.set(index, NoteReader.note(relativePath: paths[index], root: root))
            }
        }
        return results.values()
    }
}

/// Fixed slots written by many threads, each slot by exactly one.
final class ResultSlots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    // Each index is written by one worker only, and read after all workers joined.
    func set(_ index: Int, _ value: Value) { storage[index] = value }

    func values() -> [Value] { storage.map { $0! } }
}
