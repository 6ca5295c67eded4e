/// A source of file system change hints for a vault (inotify on Linux; FSEvents or polling later).
///
/// Paths are vault-relative. The source only reports; deciding what changed is the reconciler's job.
public protocol FileEventSource: AnyObject, Sendable {
    /// Starts delivering batches of events to `handler`, on a thread of the source's own.
    func start(handler: @escaping @Sendable ([RawFileEvent]) -> Void) throws(NotezError)
    /// Stops delivering events and releases every watch; safe to call twice.
    func stop()
    /// Watches one directory (not its subdirectories).
    func addWatch(directory: String) -> WatchAddResult
    /// Stops watching a directory and every watched directory below it.
    func removeWatch(directory: String)
    /// Also watches `folder` (absolute, outside the vault) for created files, reported as `.cookie`
    /// events in the same order as vault events; false when the source cannot.
    func watchCookies(in folder: String) -> Bool
}

extension FileEventSource {
    /// Sources without cookie support: the warm path is not offered.
    public func watchCookies(in folder: String) -> Bool { false }
}

/// The outcome of adding a watch.
public enum WatchAddResult: Sendable, Equatable {
    /// The directory is watched.
    case added
    /// The directory could not be watched (it vanished, permission, ...): errno.
    case failed(Int32)
    /// The per-user watch limit is reached (`fs.inotify.max_user_watches`).
    case limitReached
}
