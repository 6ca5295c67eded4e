/// What the reconciler compares the disk against: every note's fingerprint and every folder.
public struct ReconcilerState: Sendable, Equatable {
    /// Fingerprints of the indexed notes, by vault-relative path.
    public var notes: [String: NoteFingerprint]
    /// Vault-relative paths of the known folders (the root excluded).
    public var folders: Set<String>

    /// Creates a state.
    public init(notes: [String: NoteFingerprint] = [:], folders: Set<String> = []) {
        self.notes = notes
        self.folders = folders
    }
}
