/// Plans of `notez order`: a folder's manual order, written to `.notez/order.yaml` (journaled, undoable).
public enum OrderPlanner {
    /// What to do with the folder's order.
    public enum Change: Sendable, Equatable {
        /// These notes first, in this order; the folder's other notes after them, in their current order.
        case first([String])
        /// Move one note just before (or after) another.
        case move(String, before: Bool, other: String)
        /// Forget the manual order.
        case clear
    }

    /// The plan; `plan.details["order"]` is the folder's new order of file names.
    public static func plan(folder argument: String, change: Change, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "order", arguments: [argument])
        let folder = try index.resolveFolder(argument).path
        var order = try ManualOrder.load(root: index.root)
        let current = order.sorted(index.notes(inFolder: folder, recursive: false), folder: folder).map(\.path)
        func inFolder(_ argument: String) throws(NotezError) -> String {
            let note = try index.resolve(argument)
            guard note.folder == folder else {
                throw .usage("'\(note.path)' is not directly in '\(folder.isEmpty ? "the root" : folder)'")
            }
            return note.path
        }
        var paths: [String]
        switch change {
        case .clear:
            paths = []
        case .first(let arguments):
            var first: [String] = []
            for argument in arguments {
                let path = try inFolder(argument)
                if !first.contains(path) { first.append(path) }
            }
            paths = first + current.filter { !first.contains($0) }
        case .move(let argument, let before, let otherArgument):
            let moved = try inFolder(argument)
            let other = try inFolder(otherArgument)
            guard moved != other else { throw .usage("a note cannot move before or after itself") }
            paths = current.filter { $0 != moved }
            let position = paths.firstIndex(of: other) ?? paths.count
            paths.insert(moved, at: before ? position : position + 1)
        }
        let names = paths.map { VaultPath.name(of: $0) }
        order.set(folder, names: names)
        try builder.writeState(ManualOrder.path, text: order.rendered())
        builder.plan.details["order"] = names
        if builder.plan.steps.isEmpty { builder.plan.messages.append("the order is unchanged") }
        return builder.plan
    }
}
