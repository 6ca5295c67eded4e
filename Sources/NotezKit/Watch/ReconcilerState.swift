/// What the reconciler compares the disk against: every note's fingerprint and every folder.
public struct ReconcilerState: Sendable, Equatable {
    /// Fingerprints of the indexed notes, by vault-relative path (bytes: NFC and NFD twins are two notes).
    public var notes: [PathKey: NoteFingerprint]
    /// Vault-relative paths of the known folders (the root excluded).
    public var folders: Set<PathKey>

    /// Creates a state.
    public init(notes: [PathKey: NoteFingerprint] = [:], folders: Set<PathKey> = []) {
        self.notes = notes
        self.folders = folders
    }
}
