import ArgumentParser
import NotezKit
import NotezMCP

/// `notez mcp`: the vault for AI assistants over the Model Context Protocol (stdio).
struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the vault to an AI assistant over the Model Context Protocol (stdin/stdout).",
        discussion: """
            Read-only unless --allow-writes. Tag renames, merges and deletions are always planned first \
            (a diff and a plan id) and applied by id; every change is journaled and undoable. See docs/mcp.md.
            """)

    @Flag(name: .customLong("allow-writes"), help: "Offer the tools that change the vault (create, tag, apply a plan, undo).")
    var allowWrites = false

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let root = try vault.root()
        Terminal.flush()
        try NotezMCPServer.runBlocking(root: root, allowWrites: allowWrites, version: Notez.configuration.version)
    }
}
