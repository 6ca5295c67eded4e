import ArgumentParser
import NotezKit

/// `notez attach NOTE FILE... [--at LINE]`.
struct AttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Copy files into a note's attachment folder and link them from the note.",
        discussion: """
            Each file is copied (never moved; it may be outside the vault) under a name no other file has, and a \
            link is inserted at the end of the note or after --at LINE: images (recognized by content) \
            as ![](attachments/photo.png), other files as [report.pdf](attachments/report.pdf); in a vault \
            Obsidian opens (unless it is set to Markdown links) or with --wikilink as ![[photo.png]] and \
            [[report.pdf]]. `notez undo` deletes the copies and restores the note. Folder rule and limits: \
            docs/attachments.md.
            """)

    @Argument(help: "The note: a path (with or without .md) or a unique title.", completion: Completions.notes)
    var note: String

    @Argument(help: "The files to attach (only read; symlinks are refused).", completion: .file())
    var files: [String] = []

    @Option(name: .customLong("at"), help: ArgumentHelp("Insert the links after this line of the note (0: before the first line).", valueName: "line"))
    var line: Int?

    @Flag(name: .customLong("wikilink"), help: "Write wikilink embeds (![[photo.png]]) whatever the vault prefers.")
    var wikilink = false

    @Flag(name: .customLong("markdown"), help: "Write Markdown links (![](attachments/photo.png)) whatever the vault prefers.")
    var markdown = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file to attach") }
        if let line, line < 0 { throw ValidationError("--at takes a line number, 0 or more") }
        if wikilink && markdown { throw ValidationError("give --wikilink or --markdown, not both") }
    }

    func run() throws {
        let index = try vault.openForChange(dryRun: mutation.dryRun)
        let target = try index.resolve(note)
        let rule = try AttachmentFolderRule.load(root: index.root, config: index.config)
        let style: LinkStyle = wikilink ? .wikilink : markdown ? .markdown : try LinkStyle.preferred(root: index.root)
        let request = AttachPlanner.Request(
            note: target, sources: files, afterLine: line, rule: rule, limit: index.config.attachmentMaxBytes, style: style)
        let plan = try AttachPlanner.plan(
            request, index: index, files: DiskVaultFiles(root: index.root), directory: try VaultDirectory(root: index.root),
            arguments: [note] + files + (line.map { ["--at", String($0)] } ?? []) + (wikilink ? ["--wikilink"] : [])
                + (markdown ? ["--markdown"] : []))
        try PlanExecution.execute(plan, root: index.root, options: mutation)
    }
}
