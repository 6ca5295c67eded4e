/// Reading notez's own small YAML files in `.notez/`: through the path resolver (never through a
/// symlink, never blocking on a FIFO) and at most `maxSize` bytes, since they may come from anyone.
enum NotezStateFile {
    /// The largest state file read.
    static let maxSize = YAMLValue.maxSize

    /// The bytes of a state file, nil when it does not exist.
    static func bytes(root: String, relative: String) throws(NotezError) -> [UInt8]? {
        try VaultDirectory(root: root).readFile(relative, limit: maxSize)
    }

    /// Entries of `tags.yaml` or `folders.yaml` whose `color` is neither a preset nor `#RRGGBB`: the
    /// entry is used without a color, and this says so (the value shortened, it may be huge).
    static func colorProblems(root: String, relative name: String) -> [FileIssue] {
        guard let pairs = try? loadMapping(root: root, relative: name) else { return [] }
        return pairs.compactMap { pair in
            guard let raw = pair.value["color"]?.string, ColorName(raw) == nil else { return nil }
            let shown = raw.count > 40 ? String(raw.prefix(40)) + "… (\(raw.utf8.count) bytes)" : raw
            return FileIssue(path: name, reason: "'\(pair.key.prefix(80))': color '\(shown)' is not a preset or #RRGGBB; shown without a color")
        }
    }

    /// The top-level mapping of a state file; a missing file is empty, a malformed one an error.
    static func loadMapping(root: String, relative name: String) throws(NotezError) -> [(key: String, value: YAMLValue)] {
        guard let bytes = try bytes(root: root, relative: name) else { return [] }
        switch YAMLValue.parse(bytes) {
        case .failure(let error):
            throw .unreadable(path: "\(name):\(error.line + 1):\(error.column + 1)", reason: error.message)
        case .success(.null):
            return []
        case .success(let value):
            guard case .mapping(let pairs) = value else {
                throw .unreadable(path: name, reason: "expected a mapping of names to settings")
            }
            return pairs
        }
    }
}
