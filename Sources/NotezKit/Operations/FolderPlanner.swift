/// Plans of `folder create`, `folder rename`, `folder color`, `folder delete`.
public enum FolderPlanner {
    /// `folder create PATH [--color C]`: creates the folder and any missing parents. A name that
    /// differs only in case from an existing sibling is refused.
    public static func create(_ argument: String, color: String? = nil, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan
    {
        var builder = PlanBuilder(
            index: index, files: files, operation: "folder create", arguments: [argument] + (color.map { ["--color", $0] } ?? []))
        let path = try VaultPath.validated(argument)
        guard !path.isEmpty else { throw .invalidName(argument, reason: "give a folder path inside the vault") }
        if files.kind(path) == .folder { throw .refused("folder '\(path)' already exists") }
        try planCreate(path, builder: &builder)
        if let color {
            var colors = try FolderColors.load(root: index.root)
            colors.colors.append((path, try parseColor(color)))
            try builder.writeState(".notez/folders.yaml", text: colors.rendered())
        }
        return builder.plan
    }

    /// Adds the steps that create `path` and its missing parents, refusing case-insensitive sibling clashes.
    static func planCreate(_ path: String, builder: inout PlanBuilder) throws(NotezError) {
        var prefix = ""
        for component in path.split(separator: "/").map(String.init) {
            let next = VaultPath.join(prefix, component)
            if builder.files.kind(next) == .folder {
                prefix = next
                continue
            }
            if builder.files.kind(next) != nil { throw .refused("'\(next)' exists and is not a folder") }
            if let other = builder.files.names(in: prefix).first(where: { $0.lowercased() == component.lowercased() }) {
                throw .refused(
                    "cannot create '\(next)': '\(VaultPath.join(prefix, other))' exists (folder names are unique regardless of case)")
            }
            builder.createFolder(next)
            prefix = next
        }
    }

    /// `folder rename PATH NEWNAME`: renames the folder in place; its color and its subfolders' colors follow,
    /// and links that named the folder are rewritten (`PlanBuilder.keepLinks`).
    public static func rename(_ argument: String, to newName: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "folder rename", arguments: [argument, newName])
        let path = try existingFolder(argument, index: index, files: files)
        let name = newName.trimmingCharacters(in: .whitespaces)
        try VaultPath.validateName(name, original: newName)
        if name.hasPrefix(".") { throw .invalidName(newName, reason: "hidden names (starting with '.') are not part of the vault") }
        let parent = VaultPath.folder(of: path)
        let target = VaultPath.join(parent, name)
        if PathKey.sameBytes(target, path) { return builder.plan }
        let oldName = VaultPath.name(of: path)
        if let other = files.names(in: parent).first(where: { $0.lowercased() == name.lowercased() && !PathKey.sameBytes($0, oldName) }) {
            throw .refused(
                "cannot rename to '\(name)': '\(VaultPath.join(parent, other))' exists (folder names are unique regardless of case)")
        }
        builder.move(path, to: target)
        try moveColors(from: path, to: target, builder: &builder)
        try builder.keepLinks()
        try builder.keepManualOrder()
        return builder.plan
    }

    /// `folder color PATH COLOR` (`none` removes the color).
    public static func color(_ argument: String, color: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "folder color", arguments: [argument, color])
        let path = try existingFolder(argument, index: index, files: files)
        var colors = try FolderColors.load(root: index.root)
        if color.lowercased() == "none" {
            colors.colors.removeAll { PathKey.sameBytes($0.path, path) }
        } else {
            let parsed = try parseColor(color)
            if let position = colors.colors.firstIndex(where: { PathKey.sameBytes($0.path, path) }) {
                colors.colors[position].color = parsed
            } else {
                colors.colors.append((path, parsed))
            }
        }
        try builder.writeState(".notez/folders.yaml", text: colors.rendered())
        return builder.plan
    }

    /// `folder delete PATH`: notes (and other files) directly inside move to the root, subfolders
    /// move to the folder's parent, then the empty folder and its color go. Nothing is deleted;
    /// clashes get a suffix and are reported. Hidden entries inside keep the folder (reported).
    /// Links and the manual order follow the moved notes and files (`PlanBuilder.keepLinks`).
    public static func delete(_ argument: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "folder delete", arguments: [argument])
        let path = try existingFolder(argument, index: index, files: files)
        let parent = VaultPath.folder(of: path)
        var noteCount = 0
        var folderMoves: [(String, String)] = []
        var kept: [String] = []
        for name in files.names(in: path).sorted(by: Ordering.nameLess) {
            let source = VaultPath.join(path, name)
            let kind = files.kind(source)
            if name.hasPrefix(".") || kind == .symlink || kind == .other {
                kept.append(name)
                continue
            }
            if kind == .folder {
                let destination = builder.freePath(folder: parent, name: name)
                if destination != VaultPath.join(parent, name) {
                    builder.plan.messages.append(
                        "folder '\(source)': '\(name)' exists in \(parent.isEmpty ? "the vault root" : parent); moved as '\(VaultPath.name(of: destination))'"
                    )
                }
                builder.move(source, to: destination)
                folderMoves.append((source, destination))
            } else {
                if VaultPath.isNoteFile(name) { noteCount += 1 }
                let destination = builder.freePath(folder: "", name: name)
                if destination != name {
                    builder.plan.messages.append("\(source): '\(name)' exists in Unsorted Notes; moved as '\(destination)'")
                }
                builder.move(source, to: destination)
            }
        }
        var colors = try FolderColors.load(root: index.root)
        if kept.isEmpty {
            builder.plan.steps.append(.removeFolder(path))
            colors.colors.removeAll { PathKey.sameBytes($0.path, path) }
        } else {
            builder.plan.messages.append(
                "folder '\(path)' is kept: it contains " + kept.joined(separator: ", ") + ", which notez does not move")
        }
        for (source, destination) in folderMoves {
            colors.colors = colors.colors.map { entry in
                (
                    PathKey.isSelfOrInside(entry.path, folder: source)
                        ? destination + entry.path.dropFirst(source.count) : entry.path, entry.color
                )
            }
        }
        try builder.writeState(".notez/folders.yaml", text: colors.rendered())
        try builder.keepLinks()
        try builder.keepManualOrder()
        let summary =
            "\(noteCount) note\(noteCount == 1 ? "" : "s") will be moved to Unsorted Notes"
            + (folderMoves.isEmpty
                ? ""
                : ", \(folderMoves.count) subfolder\(folderMoves.count == 1 ? "" : "s") to \(parent.isEmpty ? "the top level" : parent)")
        builder.plan.messages.insert(summary, at: 0)
        builder.plan.confirmation = "Delete folder '\(path)'? \(summary)."
        builder.plan.details["folder"] = [path]
        return builder.plan
    }

    /// An existing folder path for an argument (`VaultIndex.resolveFolder`'s rule); the root is refused.
    static func existingFolder(_ argument: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> String {
        let path = try VaultPath.validated(argument)
        guard !path.isEmpty else { throw .invalidName(argument, reason: "the vault root is not a folder that can be changed") }
        if files.kind(path) == .folder { return path }
        let node = try index.resolveFolder(argument)
        if !node.path.isEmpty, files.kind(node.path) == .folder { return node.path }
        throw .folderNotFound(argument)
    }

    static func parseColor(_ text: String) throws(NotezError) -> ColorName {
        guard let color = ColorName(text) else {
            throw .usage("'\(text)' is not a color: use one of \(ColorName.presetList), or #RRGGBB")
        }
        return color
    }

    private static func moveColors(from source: String, to target: String, builder: inout PlanBuilder) throws(NotezError) {
        var colors = try FolderColors.load(root: builder.index.root)
        colors.colors = colors.colors.map { entry in
            (
                PathKey.isSelfOrInside(entry.path, folder: source) ? target + entry.path.dropFirst(source.count) : entry.path,
                entry.color
            )
        }
        try builder.writeState(".notez/folders.yaml", text: colors.rendered())
    }
}
