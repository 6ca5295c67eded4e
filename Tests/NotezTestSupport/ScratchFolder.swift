import Foundation

/// A temporary folder for a test, removed when released.
public final class ScratchFolder {
    /// The folder's absolute path.
    public let path: String

    /// Creates an empty folder under the temporary directory.
    public init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notez-unit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file (creating folders) and optionally sets its modification time.
    @discardableResult
    public func write(_ relative: String, _ text: String, modified: Date? = nil) throws -> String {
        try write(relative, Data(text.utf8), modified: modified)
    }

    /// Writes raw bytes (creating folders) and optionally sets the modification time.
    @discardableResult
    public func write(_ relative: String, _ data: Data, modified: Date? = nil) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
        if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: full) }
        return full
    }

    /// Sets the modification time of `path` and of every file and folder below it an hour back,
    /// past the racy windows of the index cache and of its folder stamps.
    public static func age(_ path: String) throws {
        let past = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path)
        let enumerator = FileManager.default.enumerator(atPath: path)!
        for case let relative as String in enumerator {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path + "/" + relative)
        }
    }

    /// Creates a folder and its parents.
    public func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }

    /// Creates a symbolic link at `relative` pointing at `destination`.
    public func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: destination)
    }
}
