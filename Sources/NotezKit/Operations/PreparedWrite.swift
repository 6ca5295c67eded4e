#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A write prepared by `AtomicWriter.prepare`: the new bytes are in a temporary file beside the
/// target, the original (if any) is held open for the guarded commit. Released uncommitted, the
/// temporary file is removed.
public final class PreparedWrite {
    let parent: VaultDirectory.Parent
    let temporary: String
    let original: OriginalFile?
    let mustNotExist: Bool
    var committed = false

    init(parent: VaultDirectory.Parent, temporary: String, original: OriginalFile?, mustNotExist: Bool) {
        self.parent = parent
        self.temporary = temporary
        self.original = original
        self.mustNotExist = mustNotExist
    }

    /// The vault-relative path this write replaces or creates.
    public var path: String { parent.relative }

    deinit { if !committed { unlinkat(parent.fd, temporary, 0) } }
}
