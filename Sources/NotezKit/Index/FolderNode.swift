/// A folder in the tree with its direct and recursive note counts.
public struct FolderNode: Sendable, Equatable {
    /// The folder's own name (`""` for the root).
    public var name: String
    /// The vault-relative path (`""` for the root).
    public var path: String
    /// Notes directly in this folder.
    public var direct: Int
    /// Notes in this folder and all of its subfolders.
    public var count: Int
    /// The folder's color, if set.
    public var color: ColorName?
    /// Subfolders, alphabetical.
    public var children: [FolderNode]

    /// Creates a node.
    public init(name: String, path: String, direct: Int = 0, count: Int = 0, color: ColorName? = nil, children: [FolderNode] = []) {
        self.name = name
        self.path = path
        self.direct = direct
        self.count = count
        self.color = color
        self.children = children
    }

    /// The node at a relative path below this one (exact bytes: an NFD twin is another folder).
    public func find(_ relativePath: String) -> FolderNode? {
        if relativePath.isEmpty || PathKey.sameBytes(relativePath, path) { return self }
        for child in children where PathKey.isSelfOrInside(relativePath, folder: child.path) {
            return child.find(relativePath)
        }
        return nil
    }

    /// Every node below this one, depth first, this one excluded.
    public var descendants: [FolderNode] {
        var all: [FolderNode] = []
        func collect(_ node: FolderNode) {
            for child in node.children {
                all.append(child)
                collect(child)
            }
        }
        collect(self)
        return all
    }

    /// Resolves a folder argument to an existing folder (`""` or `/` is the root), by the one rule
    /// every command uses: the exact path, else the unique folder with that name at any depth, else
    /// the same two case-insensitively. Several matches are an error that lists them.
    func resolve(_ argument: String) throws(NotezError) -> FolderNode {
        let path = try VaultPath.validated(argument)
        if let node = find(path), PathKey.sameBytes(node.path, path) { return node }
        let all = descendants
        let lower = path.lowercased()
        let rules: [(FolderNode) -> Bool] = [
            { !path.contains("/") && $0.name == path },
            { $0.path.lowercased() == lower },
            { !path.contains("/") && $0.name.lowercased() == lower },
        ]
        for rule in rules {
            let matches = all.filter(rule)
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 {
                throw .usage(
                    "'\(argument)' matches \(matches.count) folders: " + matches.map(\.path).joined(separator: ", ")
                        + "; give the folder's path")
            }
        }
        throw .folderNotFound(argument)
    }
}
