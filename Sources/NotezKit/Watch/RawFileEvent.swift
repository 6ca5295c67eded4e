/// One event from a file event source: a hint that something at `path` may have changed.
public struct RawFileEvent: Sendable, Equatable, CustomStringConvertible {
    /// What the source saw happen.
    public enum Kind: String, Sendable, Equatable {
        /// A name was created in a watched directory.
        case created
        /// A name was deleted from a watched directory.
        case deleted
        /// A name was moved out of a watched directory (pair with `movedTo` by `cookie`).
        case movedFrom
        /// A name was moved into a watched directory.
        case movedTo
        /// A file opened for writing was closed.
        case closedWrite
        /// A file's content was written.
        case modified
        /// Metadata (mode, times, links) changed.
        case attributes
        /// The watched directory itself was deleted.
        case selfDeleted
        /// The watched directory itself was moved.
        case selfMoved
        /// The source stopped watching the directory (it vanished or the kernel dropped the watch).
        case watchRemoved
        /// The source lost events (kernel queue overflow): everything may have changed.
        case overflow
        /// The source could not watch something (error, watch limit): a rescan is needed.
        case watchFailed
        /// A cookie file appeared in the cookie folder (`path` is its name): a freshness marker.
        case cookie
    }

    /// Vault-relative path with `/` separators (`""` for the root or for `overflow`).
    public var path: String
    /// What happened.
    public var kind: Kind
    /// Pairs a `movedFrom` with its `movedTo` (0 when not a move).
    public var cookie: UInt32
    /// True when the name is a directory.
    public var isDirectory: Bool

    /// Creates an event.
    public init(_ kind: Kind, _ path: String, cookie: UInt32 = 0, isDirectory: Bool = false) {
        self.kind = kind
        self.path = path
        self.cookie = cookie
        self.isDirectory = isDirectory
    }

    /// True for a lost-events marker.
    var isOverflow: Bool { kind == .overflow }

    /// A short form for test failure messages.
    public var description: String { "\(kind)(\(path)\(isDirectory ? "/" : ""))" }
}
