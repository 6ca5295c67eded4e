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
        var builder = PlanBuilder(index: index, files: files, operation: "mv", arguments: arguments + [folder])
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
