import NotezKit

/// Prints folders as an indented tree with recursive counts.
enum FolderTreePrinter {
    static func print(_ nodes: [FolderNode], depth: Int, width: Int) {
        for node in nodes {
            let label = String(repeating: "  ", count: depth) + Terminal.dot(node.color) + TerminalText.safe(node.name)
            let padded = TerminalText.pad(label, width)
            Terminal.line(padded + TerminalText.right(node.count, 6))
            print(node.children, depth: depth + 1, width: width)
        }
    }
}
