import Foundation

/// The real vaults of `TestPaths.corporaFolder`. Tests over them are enabled only when archives are
/// there (`.enabled(if: Corpus.isAvailable, "...")`), so a run without them reports them as skipped,
/// with the reason, instead of passing.
public enum Corpus {
    /// The archive names found, sorted (`18f-blog.tar.gz`, ...).
    public static let archives: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.corporaFolder.path)) ?? [])
        .filter { $0.hasSuffix(".tar.gz") }.sorted()

    /// Whether any archive was found.
    public static var isAvailable: Bool { !archives.isEmpty }

    /// Unpacks `archive` into `folder` (which must exist); throws when tar fails.
    public static func unpack(_ archive: String, into folder: URL) throws {
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xzf", TestPaths.corporaFolder.appendingPathComponent(archive).path, "-C", folder.path]
        try tar.run()
        tar.waitUntilExit()
        guard tar.terminationStatus == 0 else { throw UnpackFailure(archive: archive, status: tar.terminationStatus) }
    }

    /// tar could not unpack an archive.
    public struct UnpackFailure: Error, CustomStringConvertible {
        /// The archive.
        public var archive: String
        /// tar's exit status.
        public var status: Int32
        /// A readable message.
        public var description: String { "tar could not unpack \(archive) (exit \(status))" }
    }
}
