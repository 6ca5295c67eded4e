/// What a path names on disk.
public enum VaultEntryKind: Sendable, Equatable {
    case file, folder, symlink, other
}
