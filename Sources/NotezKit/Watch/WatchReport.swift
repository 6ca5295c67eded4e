/// What the watcher delivers after each batch.
public struct WatchReport: Sendable {
    /// The changes of the batch, in application order.
    public var changes: [WatchChange]
    /// True when the batch was a full rescan (overflow, watch failure, many paths, lost root).
    public var wasFullRescan: Bool
    /// Things the user should know (watch limit reached, events lost), one sentence each.
    public var notices: [String]
    /// The index after the batch.
    public var index: LiveIndex

    /// Creates a report.
    public init(changes: [WatchChange], wasFullRescan: Bool, notices: [String], index: LiveIndex) {
        self.changes = changes
        self.wasFullRescan = wasFullRescan
        self.notices = notices
        self.index = index
    }
}
