import ArgumentParser
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// `notez mcp`: the vault for AI assistants over the Model Context Protocol (stdio). The server is
/// the `notez-mcp` executable installed beside `notez`; this command finds the vault, then becomes it.
struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the vault to an AI assistant over the Model Context Protocol (stdin/stdout).",
        discussion: """
            Read-only unless --allow-writes. Tag renames, merges and deletions are always planned first \
            (a diff and a plan id) and applied by id; every change is journaled and undoable. See docs/mcp.md.
            """)

    @Flag(name: .customLong("allow-writes"), help: "Offer the tools that change the vault (create, edit, move, rename, trash, restore, set, pin, daily, tag, apply a plan, undo).")
    var allowWrites = false

    @Option(
        name: .customLong("attach-from"),
        help: ArgumentHelp(
            "A folder attach_file may copy files from, besides the vault (repeatable; hidden folders below it are not).",
            valueName: "dir"),
        completion: .directory)
    var attachFrom: [String] = []

    @OptionGroup var vault: VaultOptions

    func run() throws {
        let root = try vault.root()
        guard let server = McpCommand.serverPath() else {
            throw CLIExit(
                code: CLIExit.io,
                message: "notez-mcp is not installed beside notez or on PATH; install both with 'make install'")
        }
        // Each folder must exist now: a typo would otherwise only show as refused attachments.
        var folders: [String] = []
        for folder in attachFrom {
            let absolute = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isFolder), isFolder.boolValue else {
                throw CLIExit(code: CLIExit.usage, message: "--attach-from '\(folder)' is not a folder")
            }
            folders += ["--attach-from", absolute]
        }
        let arguments =
            [server, "--vault", root, "--version", Notez.configuration.version] + (allowWrites ? ["--allow-writes"] : []) + folders
        Terminal.flush()
        let argv = arguments.map { strdup($0) } + [nil]
        execv(server, argv)
        throw CLIExit(code: CLIExit.io, message: "cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// `notez-mcp` in the folder of this executable, else on PATH.
    static func serverPath() -> String? {
        if let own = ChildProcess.ownExecutable() {
            let sibling = (own as NSString).deletingLastPathComponent + "/notez-mcp"
            if access(sibling, X_OK) == 0 { return sibling }
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/notez-mcp" }.first { access($0, X_OK) == 0 }
    }
}
