import MCP
import NotezKit

extension VaultService {
    /// The notes, their link graph, and the position a NOTE argument names (a symlinked note is refused).
    /// The cached view with its stored graph when the cache proves itself current, else the full index.
    func graphContext(_ argument: String) throws -> (notes: any NoteCollection, graph: NoteGraph, position: Int) {
        let notes = loadCollection()
        let position = try graphPosition(argument, in: notes)
        return (notes, NoteGraph(notes), position)
    }

    func graphPosition(_ argument: String, in notes: any NoteCollection) throws -> Int {
        let note = try notes.resolve(argument)
        guard let position = notes.position(ofPath: note.path), isShown(position, in: notes) else {
            throw MCPToolError("'\(note.path)' is a symlink; notez mcp serves no file through a symlink (open it in an editor instead)")
        }
        return position
    }

    /// A symlinked note's title may come from outside the vault: never shown.
    nonisolated func isShown(_ position: Int, in notes: any NoteCollection) -> Bool { notes.isExposed(at: position) }

    func graphPath(from: String, to: String, undirected: Bool) throws -> Value {
        let (notes, graph, start) = try graphContext(from)
        let end = try graphPosition(to, in: notes)
        let direction: NoteGraph.Direction = undirected ? .both : .forward
        let path = graph.shortestPath(from: start, to: end, direction).flatMap { found in
            found.allSatisfy { isShown($0, in: notes) } ? found : nil
        }
        return MCPShapes.value(GraphDot.pathJSON(notes, from: start, to: end, direction: direction, path: path))
    }

    func graphNeighbours(note: String, depth: Int, direction: String) throws -> Value {
        guard (1...NoteGraph.maxDepth).contains(depth) else { throw MCPToolError("argument 'depth' must be from 1 to \(NoteGraph.maxDepth)") }
        let way: NoteGraph.Direction
        switch direction {
        case "both": way = .both
        case "out": way = .forward
        case "in": way = .backward
        default: throw MCPToolError("argument 'direction' must be both, out or in")
        }
        let (notes, graph, start) = try graphContext(note)
        let reached = graph.reach(from: start, way, depth: depth).filter { $0.position != start && isShown($0.position, in: notes) }
        let shown = Array(reached.prefix(MCPLimits.listItems))
        guard case .object(var answer) = MCPShapes.value(
            GraphDot.neighboursJSON(notes, graph: graph, note: start, depth: depth, direction: way, reached: shown))
        else { return .null }
        answer["total"] = .int(reached.count)
        answer["truncated"] = .bool(reached.count > shown.count)
        return .object(answer)
    }

    func relatedNotes(note: String, limit: Int) throws -> Value {
        let (notes, graph, start) = try graphContext(note)
        let items = RelatedNotes.find(start, in: notes, graph: graph, limit: limit + 64).filter { isShown($0.position, in: notes) }
        return MCPShapes.value(GraphDot.relatedJSON(notes, note: start, items: Array(items.prefix(limit))))
    }

    func noteHistory(note argument: String, limit: Int) throws -> Value {
        let notes = try loadIndex()
        let position = try graphPosition(argument, in: notes)
        let path = notes.path(at: position)
        guard GitHistory.prefix(root: root) != nil else {
            throw MCPToolError("the vault is not in a git work tree (or git is not installed): no history to show")
        }
        switch try GitHistory.run(GitHistory.logArguments(path: path, limit: max(1, limit)), in: root) {
        case .failed(_, let message):
            throw MCPToolError("git failed: \(message)")
        case .output(let bytes):
            let commits = GitHistory.parseLog(bytes).prefix(limit)
            return .object([
                "note": .string(path),
                "commits": .array(commits.map { commit in
                    .object([
                        "hash": .string(commit.hash), "date": .string(commit.date), "author": .string(commit.author),
                        "subject": .string(commit.subject),
                        "changes": .array(commit.changes.map { change in
                            .object(["status": .string(change.status), "path": .string(change.path), "from": change.from.map(Value.string) ?? .null])
                        }),
                    ])
                }),
            ])
        }
    }
}
