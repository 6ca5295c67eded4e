import Foundation

@testable import NotezKit

/// A vault in a temporary folder for operation tests; removed by `remove()`.
struct TemporaryVault {
    let root: String

    init(_ files: [String: String], folders: [String] = []) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notez-ops-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for folder in folders {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for (path, text) in files {
            let absolute = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: absolute))
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    func index() throws -> VaultIndex { try IndexBuilder.build(root: root) }

    var files: DiskVaultFiles { DiskVaultFiles(root: root) }

    func writer() throws -> AtomicWriter { try AtomicWriter(root: root) }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }

    /// Every file (not folder) under the root with its contents, hidden ones included except the
    /// journal, the lock and the `.gitignore` that hides them (machine-local state, see `StateIgnore`).
    func snapshot(includeJournal: Bool = false) -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if !includeJournal, path.hasPrefix(".notez/journal") || path == ".notez/lock" || path == ".notez/.gitignore" { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = text(path)
            }
        }
        return result
    }

    /// Every folder under the root, the journal and the temporary folder excluded.
    func folders() -> Set<String> {
        var result: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if path.hasPrefix(".notez/journal") || path.hasPrefix(".notez/tmp") { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), isDirectory.boolValue {
                result.insert(path)
            }
        }
        return result
    }

    /// Runs a plan through the journal.
    @discardableResult
    func run(_ plan: Plan, now: Double = 1_800_000_000, limit: Int? = nil) throws -> OperationRunner.Result {
        try OperationRunner(writer: writer(), counter: WriteCounter(limit: limit, action: .throwError)).run(plan, now: now)
    }
}
