extension IndexBuilder {
    /// The index of notes that are already known (a watcher's live index), with the vault's settings,
    /// tag registry, folder colors and trash read now, exactly as `build` reads them; nil when the
    /// settings now differ from `config` (the notes were chosen with other ignore rules). The index
    /// shares the live index's note array and links.
    public static func build(root: String, live: LiveIndex) -> VaultIndex? {
        let settings = Settings(root: root)
        guard settings.config == live.config else { return nil }
        var index = settings.index(notes: live.sortedNotes, folders: live.sortedFolders, symlinkedNotes: live.symlinkedPaths, walkProblems: [])
        index.linkTable = LinkTable(stored: live.sortedLinks)
        return index
    }
}
