extension IndexBuilder {
    /// The index of notes that are already known (a watcher's live index), with the vault's settings,
    /// tag registry, folder colors and trash read now, exactly as `build` reads them; nil when the
    /// settings now differ from `config` (the notes were chosen with other ignore rules). `previous`
    /// (an earlier index's notes) spares sorting the notes again, see `LiveIndex.notesInPathOrder`.
    public static func build(root: String, live: LiveIndex, previous: [Note]? = nil) -> VaultIndex? {
        let settings = Settings(root: root)
        guard settings.config == live.config else { return nil }
        return settings.index(
            notes: live.notesInPathOrder(reusing: previous), folders: live.folders.map(\.path).sorted(),
            symlinkedNotes: Set(live.state.notes.filter(\.value.isSymlink).keys.map(\.path)), walkProblems: [])
    }
}
