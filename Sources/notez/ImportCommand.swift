import ArgumentParser
import Foundation
import NotezKit

/// `notez import FILE.json`: restores a json export into the vault (unique names, never
/// overwriting), journaled so `notez undo` removes what it created.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Restore the notes of a 'notez export --format json' file into the vault (never overwrites; undoable).")

    @Argument(help: ArgumentHelp("The export file ('-' for stdin).", valueName: "file.json"), completion: .file(extensions: ["json"]))
    var file: String

    @Option(name: .long, help: ArgumentHelp("Import below this vault folder (default: the root).", valueName: "folder"), completion: Completions.folders)
    var into: String = ""

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        let data = try readInput()
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let plan = try ImportPlanner.plan(data: data, into: into, source: file, index: index, files: DiskVaultFiles(root: index.root))
        let imported = plan.details["imported"] ?? []
        try PlanExecution.execute(plan, root: index.root, options: mutation) { result in
            let failed = Set(result.issues.map(\.path))
            let done = imported.filter { !failed.contains($0) }
            return done.map { "imported \($0)" } + ["\(done.count) note\(done.count == 1 ? "" : "s") imported"]
        }
    }

    private func readInput() throws -> [UInt8] {
        if file == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let info = SystemIO.statFollowing(file) else { throw NotezError.io(path: file, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw CLIExit(code: CLIExit.usage, message: "\(file) is not a regular file") }
        guard Int(info.st_size) <= ImportPlanner.maxSize else {
            throw CLIExit(code: CLIExit.usage, message: "\(file) is larger than 1 GiB; notez import reads it whole")
        }
        guard let handle = FileHandle(forReadingAtPath: file) else { throw NotezError.io(path: file, errno: errno) }
        defer { try? handle.close() }
        return Array(handle.readDataToEndOfFile())
    }
}
