/// A state of an index at which a daemon laid out list rows: `NoteCollection.rowSources(since:)`
/// tells, at a later state of the same index, which notes' rows are still the same bytes, so a
/// long listing after a change lays out only the rows of the notes that changed.
public struct RowMark: Sendable {
    /// The update of the index's `RowChangeLog` that made that state.
    let update: UInt64
    /// The number of notes then.
    let count: Int
}
