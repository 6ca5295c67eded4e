#if canImport(Glibc)
import Glibc
#endif

/// What `lstat` says of notez's own files that shape an index but that the watcher ignores (the
/// settings, the tag registry, the folder colors, the trash folder): any change to one changes this.
struct StateStamp: Equatable, Sendable {
    private var parts: [Int64] = []

    /// The files, relative to the vault root.
    static let files = [".notez/config.yaml", ".notez/tags.yaml", ".notez/folders.yaml", TrashPlanner.folder]

    /// Stamps the state files of the vault at `root` now.
    init(root: String) {
        for relative in StateStamp.files {
            guard let info = SystemIO.lstat(root + "/" + relative) else {
                parts += [0, -1, 0, 0]
                continue
            }
            parts += [
                Int64(bitPattern: UInt64(info.st_ino)), Int64(info.st_size),
                Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
            ]
        }
    }
}
