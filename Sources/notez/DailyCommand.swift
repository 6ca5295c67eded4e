import ArgumentParser
import NotezKit

/// `notez daily DATE`: the path of a day's note, created from the `daily` template when missing.
struct DailyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daily", abstract: "Open or create the note of a day (YYYY-MM-DD, today, yesterday, tomorrow).")

    @Argument(help: "The day: YYYY-MM-DD, today, yesterday or tomorrow (local time, TZ).", completion: .list(["today", "yesterday", "tomorrow"]))
    var date: String

    @Flag(name: .long, help: "Open the note in $VISUAL or $EDITOR.")
    var edit = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        try DailyCommand.open(day: date, edit: edit, vault: vault, mutation: mutation)
    }

    /// Prints the day's note path, creating it first when it does not exist.
    static func open(day text: String, edit: Bool, vault: VaultOptions, mutation: MutationOptions) throws {
        let now = CaptureClock.now
        let day: LocalTime
        switch text.lowercased() {
        case "today": day = LocalTime.day(now.date, zone: now.zone)!
        case "yesterday": day = LocalTime.day(LocalTime(seconds: now.seconds - 86_400, zone: now.zone).date, zone: now.zone)!
        case "tomorrow": day = LocalTime.day(LocalTime(seconds: now.seconds + 86_400, zone: now.zone).date, zone: now.zone)!
        default:
            guard let parsed = LocalTime.day(text, zone: now.zone) else {
                throw CLIExit(code: CLIExit.usage, message: "'\(TerminalText.safe(text))' is not a day (YYYY-MM-DD, today, yesterday, tomorrow)")
            }
            day = parsed
        }
        let root = try vault.root()
        let settings = CaptureClock.settings(root: root)
        let template = try TemplateStore.load(settings.daily.template, root: root)
        let index = try vault.openForCapture(dryRun: mutation.dryRun)
        let (path, plan) = try CapturePlanner.daily(
            day: day, now: now, template: template, settings: settings, index: index, files: DiskVaultFiles(root: index.root))
        if let plan {
            try PlanExecution.execute(plan, root: index.root, options: mutation) { _ in [path] }
        } else if mutation.json {
            Terminal.line(JSONValue.object([("operation", .string("daily")), ("path", .string(path)), ("created", .bool(false))]).text())
        } else {
            Terminal.line(TerminalText.safe(path))
        }
        if edit, !mutation.dryRun {
            Terminal.flush()
            // The edit command takes the vault lock itself.
            CommandRun.session(root: index.root).endChange()
            let command = try EditCommand.parse([path, "--vault", index.root])
            try command.run()
        }
    }
}

/// `notez today`: `notez daily today`.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Open or create today's note (folder, name format and template from config.yaml).")

    @Flag(name: .long, help: "Open the note in $VISUAL or $EDITOR.")
    var edit = false

    @OptionGroup var vault: VaultOptions
    @OptionGroup var mutation: MutationOptions

    func run() throws {
        try DailyCommand.open(day: "today", edit: edit, vault: vault, mutation: mutation)
    }
}
