#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A write prepared by `AtomicWriter.prepare`: the new bytes are in a temporary file (in
/// `.notez/tmp/`, or beside the target), the original (if any) is held open for the guarded
/// commit. Released uncommitted, the temporary file is removed.
public final class PreparedWrite {
    let parent: VaultDirectory.Parent
    /// The open `.notez/tmp/` holding the temporary file; nil when it is beside the target.
    let folder: VaultDirectory.Parent?
    let temporary: String
    let original: OriginalFile?
    let mustNotExist: Bool
    var committed = false

    init(parent: VaultDirectory.Parent, folder: VaultDirectory.Parent?, temporary: String, original: OriginalFile?, mustNotExist: Bool) {
        self.parent = parent
        self.folder = folder
        self.temporary = temporary
        self.original = original
        self.mustNotExist = mustNotExist
    }

    /// The open folder of the temporary file.
    var temporaryFD: Int32 { folder?.fd ?? parent.fd }

    /// The vault-relative path this write replaces or creates.
    public var path: String { parent.relative }

    deinit { if !committed { unlinkat(temporaryFD, temporary, 0) } }
}
