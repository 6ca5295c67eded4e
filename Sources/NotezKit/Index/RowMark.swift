/// A state of an index at which a daemon laid out list rows: `NoteCollection.rowSources(since:)`
/// tells, at a later state of the same index, which notes' rows are still the same bytes, so a
/// long listing after a change lays out only the rows of the notes that changed.
public struct RowMark: Sendable {
    /// The notes then, in path order. Kept, not copied: an unchanged note shares its fields with
    /// the later index's note.
    let notes: [Note]
    /// The update of the index's `RowNameLog` that made that state.
    let update: UInt64
}
