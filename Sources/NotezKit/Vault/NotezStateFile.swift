import Foundation

/// Reading notez's own small YAML files in `.notez/`.
enum NotezStateFile {
    /// The top-level mapping of a state file; a missing file is empty, a malformed one an error.
    static func loadMapping(_ path: String, shownAs name: String) throws(NotezError) -> [(key: String, value: YAMLValue)] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        // Read one byte past the limit: enough to know the file is too large without reading all of it.
        let contents = try NoteReader.read(path, limit: YAMLValue.maxSize + 1)
        guard contents.isComplete else {
            throw .unreadable(path: name, reason: "file is larger than 1 MiB")
        }
        let bytes = contents.bytes
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
