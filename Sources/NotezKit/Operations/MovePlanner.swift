/// Plans of `mv NOTE... FOLDER`.
public enum MovePlanner {
    /// Moves notes into a folder that exists (or, with `create`, is created with its missing parents).
    /// A name clash in the target gets ` 2`, ` 3` and is reported. Attachments only the moved notes
    /// use move with them (`PlanBuilder.moveAttachments`); links from and to the moved notes are
    /// rewritten where the move would break them (`PlanBuilder.keepLinks`).
    public static func move(
        notes arguments: [String], to folder: String, create: Bool,
        index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> Plan {
        try plan(arguments, to: folder, create: create, index: index, files: files, wholeVault: true)!
    }

    /// `move(notes:to:create:index:files:)` planned from the index cache (`LinkFocus`), as
    /// `RenamePlanner` does: the same plan, made from an index of only the moved notes, the notes
    /// whose links the move can touch and the notes those links may name. Nil when the whole index
    /// is needed: an argument that names no single note (its error lists other notes), or a moved
    /// note that links to a file which may move with it (`SoleAttachments` reads every note's links).
    public static func move(
        notes arguments: [String], to folder: String, create: Bool, focus: LinkFocus, files: any VaultFiles
    ) throws(NotezError) -> Plan? {
        var moves: [String: (path: String, title: String?)] = [:]
        for argument in arguments {
            guard let note = try? focus.resolve(argument) else { return nil }
            moves[note.path] = (note.path, nil)
        }
        // A first plan finds the destinations (a name taken in the folder is numbered); its index
        // already holds every note the move needs unless a destination's name differs.
        let first = focus.index(moving: moves)
        guard let planned = try self.plan(arguments, to: folder, create: create, index: first, files: files, wholeVault: false) else {
            return nil
        }
        var destinations = moves
        var renamed = false
        for step in planned.steps where step.kind == .move {
            guard let to = step.to, moves[step.path] != nil else { continue }
            destinations[step.path] = (to, nil)
            if VaultPath.name(of: to) != VaultPath.name(of: step.path) { renamed = true }
        }
        guard renamed else { return planned }
        return try self.plan(arguments, to: folder, create: create, index: focus.index(moving: destinations), files: files, wholeVault: false)
    }

    /// The notes a running `notez watch` names for the client to plan this move from (`FocusSet`,
    /// whose `notePath` is the first moved note), from its live `index`. Nil when the index keeps no
    /// links or the set is too big; an argument that names no single note throws, as the plan would.
    /// Only the moved notes' links are all resolved: the other candidates' links that cannot find a
    /// moved note keep their meaning, and a move that may take attachments along, the one plan that
    /// rewrites such links, is not planned from the set (`move(…focused:…)`). With `folder`, each
    /// note's path there that `provesFree` proves free is in the set's `freeTargets`.
    public static func focusSet(
        notes arguments: [String], into folder: String? = nil, index: VaultIndex, provesFree: (String) -> Bool = { _ in false }
    ) throws(NotezError) -> FocusSet? {
        var moves: [String: (path: String, title: String?)] = [:]
        var first: String?
        for argument in arguments {
            let note = try index.resolve(argument)
            moves[note.path] = (note.path, nil)
            first = first ?? note.path
        }
        guard let first, var set = FocusSet.of(index, notePath: first, moving: moves, resolvingEveryLink: false) else { return nil }
        if let folder = folder.flatMap({ try? VaultPath.validated($0) }) {
            let free = moves.keys.sorted().map { VaultPath.join(folder, VaultPath.name(of: $0)) }.filter(provesFree)
            if !free.isEmpty { set.freeTargets = free }
        }
        return set
    }

    /// `move(notes:to:create:index:files:)` planned from the index of a `FocusSet`
    /// (`FocusSet.index`): the same plan. Nil when the set cannot give it, and the move is planned
    /// cold: a folder argument that is not the path of an existing folder (the set holds no folder
    /// tree to find it by name in), a destination numbered because its name is taken (the set holds
    /// the notes of the old names only), or a moved note that links to a file which may move with it.
    /// `freeTargets`: destinations the watch proved free (`FocusSet.freeTargets`), not listed again.
    public static func move(
        notes arguments: [String], to folder: String, create: Bool, focused index: VaultIndex, freeTargets: [String] = [],
        files: any VaultFiles
    ) throws(NotezError) -> Plan? {
        guard let path = try? VaultPath.validated(folder), files.kind(path) == .folder else { return nil }
        let made = try plan(arguments, to: folder, create: create, index: index, files: files, wholeVault: false, provenFree: freeTargets)
        guard let planned = made else { return nil }
        for step in planned.steps where step.kind == .move {
            if let to = step.to, VaultPath.name(of: to) != VaultPath.name(of: step.path) { return nil }
        }
        return planned
    }

    /// The plan; nil when `index` is not the whole vault and attachment files may move.
    private static func plan(
        _ arguments: [String], to folder: String, create: Bool, index: VaultIndex, files: any VaultFiles, wholeVault: Bool,
        provenFree: [String] = []
    ) throws(NotezError) -> Plan? {
        var builder = PlanBuilder(index: index, files: files, operation: "mv", arguments: arguments + [folder])
        builder.provenFree = provenFree
        let target = try existingOrPlannedFolder(folder, create: create, builder: &builder)
        for note in try builder.resolveNotes(arguments) {
            if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
                builder.plan.skipped.append(FileIssue(path: note.path, reason: "symlinked note; notez never moves or writes symlinks"))
                continue
            }
            if PathKey.sameBytes(note.folder, target) {
                builder.plan.messages.append("\(note.path): already in \(target.isEmpty ? "Unsorted Notes" : target)")
                continue
            }
            let name = VaultPath.name(of: note.path)
            let destination = builder.freePath(folder: target, name: name)
            if VaultPath.name(of: destination) != name {
                builder.plan.messages.append(
                    "\(note.path): '\(name)' exists in \(target.isEmpty ? "Unsorted Notes" : target); moved as '\(VaultPath.name(of: destination))'"
                )
            }
            builder.move(note.path, to: destination)
            builder.warnIfIgnored(destination)
        }
        if !wholeVault, builder.mayMoveAttachments() { return nil }
        let attachments = builder.moveAttachments()
        try builder.keepLinks(attachments: attachments)
        try builder.keepManualOrder()
        return builder.plan
    }

    /// The folder path for a user's folder argument: an existing folder (`VaultIndex.resolveFolder`'s
    /// rule), else with `create` the steps to create it.
    static func existingOrPlannedFolder(_ argument: String, create: Bool, builder: inout PlanBuilder) throws(NotezError) -> String {
        let path = try VaultPath.validated(argument)
        if builder.files.kind(path) == .folder { return path }
        do {
            let node = try builder.index.resolveFolder(argument)
            if builder.files.kind(node.path) == .folder { return node.path }
        } catch .folderNotFound {
            // Not there: created below with --create.
        }
        guard create else {
            throw .usage("no folder '\(argument)'; pass --create to create it")
        }
        try FolderPlanner.planCreate(path, builder: &builder)
        return path
    }
}
