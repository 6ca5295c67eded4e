import ArgumentParser

/// A command a daemon may run for a client: it only reads, and its output depends only on the
/// index, the vault's files and the client's terminal and variables (`WarmRequest`).
///
/// Every one is a `PagedCommand`: the client starts the pager for an answer without parsing.
/// `check` and the dry runs of changing commands are not here: they report folders that could not
/// be read, which only a full walk finds.
protocol WarmServable: ParsableCommand, PagedCommand {
    /// The command's `--vault` option.
    var vault: VaultOptions { get }
    /// Whether a daemon may answer these arguments (not `--sort random`: no two runs agree).
    var answersWarm: Bool { get }
    /// Why a daemon does not answer these arguments, when `answersWarm` is false.
    var warmRefusal: String { get }
}

extension WarmServable {
    var answersWarm: Bool { true }
    var warmRefusal: String { "a random order is made by the client" }
}

extension OverviewCommand: WarmServable {}
extension LsCommand: WarmServable {
    var answersWarm: Bool { !list.isRandom }
}
extension ShowCommand: WarmServable {}
extension SearchCommand: WarmServable {
    /// Not a random order, nor a saved search (`@name`: the settings are the client's).
    var answersWarm: Bool { !list.isRandom && !query.contains { $0.contains("@") } }
    var warmRefusal: String { list.isRandom ? "a random order is made by the client" : "a saved search is read from the client's settings" }
}
extension TagListCommand: WarmServable {}
extension FolderTreeCommand: WarmServable {}
extension HistoryCommand: WarmServable {}
extension LinksCommand: WarmServable {
    /// Not `--summary` of the whole vault: a current cache counts from its stored resolutions
    /// (0.27 s at 100,000 notes), while the live index keeps none and would resolve every link (2.1 s).
    var answersWarm: Bool { !summary || note != nil }
    var warmRefusal: String { "the whole vault's summary is counted from the index cache" }
}
extension BacklinksCommand: WarmServable {}
