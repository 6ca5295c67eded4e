import ArgumentParser
import NotezKit

/// `notez template list|show`: the note templates of `.notez/templates/`.
struct TemplateGroup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "template", abstract: "List and show note templates (.notez/templates/NAME.md).",
        subcommands: [TemplateListCommand.self, TemplateShowCommand.self], defaultSubcommand: TemplateListCommand.self)
}

/// `notez template list`: each template with the folders that use it by default.
struct TemplateListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List templates and the folders that default to them.")

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let root = try vault.root()
        let settings = CaptureClock.settings(root: root)
        let names = try TemplateStore.names(root: root)
        func folders(of name: String) -> [String] {
            settings.templates.filter { $0.value == name }.map { $0.key.isEmpty ? "/" : $0.key }.sorted()
        }
        if output.json {
            Terminal.line(
                JSONValue.array(
                    names.map { name in
                        .object([
                            ("name", .string(name)), ("path", .string(TemplateStore.path(of: name))),
                            ("folders", .array(folders(of: name).map(JSONValue.string))),
                        ])
                    }
                ).text())
            return
        }
        if names.isEmpty { Terminal.line("No templates; add Markdown files to \(TemplateStore.folder)/.") }
        for name in names {
            let used = folders(of: name)
            Terminal.line(TerminalText.safe(name + (used.isEmpty ? "" : "  (default in " + used.joined(separator: ", ") + ")")))
        }
        for (folder, name) in settings.templates.sorted(by: { $0.key < $1.key }) where !names.contains(name) {
            Terminal.warning(TerminalText.safe("the default template of '\(folder.isEmpty ? "/" : folder)', '\(name)', does not exist"))
        }
    }
}

/// `notez template show NAME`: the template's text; an unknown placeholder is an error naming its line.
struct TemplateShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print a template and check its placeholders.")

    @Argument(help: "The template's name (its file name without .md).", completion: Completions.templates)
    var name: String

    @OptionGroup var vault: VaultOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let template = try TemplateStore.require(name, root: try vault.root())
        let placeholders = try template.placeholders()
        if output.json {
            Terminal.line(
                JSONValue.object([
                    ("name", .string(template.name)), ("path", .string(template.path)), ("text", .string(template.text)),
                    ("placeholders", .array(placeholders.map { .string($0.name) })),
                ]).text())
            return
        }
        Terminal.line(TerminalText.safe(template.text, keepNewlines: true).trimmingCharacters(in: .newlines))
    }
}
