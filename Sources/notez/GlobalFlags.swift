/// `--color WHEN`, `--no-pager` and `--quiet` / `-q`, accepted before or after the subcommand (up to a `--`) and
/// taken out of the arguments before parsing, because they decide the terminal facts, which are
/// fixed before any command runs. (`tag create` and `folder create` keep their own `--color NAME`.)
struct GlobalFlags: Equatable {
    /// `--color auto|always|never` (default auto).
    var color: TerminalFacts.ColorChoice = .auto
    /// `--no-pager`.
    var noPager = false
    /// `--quiet` / `-q` (zk): no notices and no progress lines on stderr; warnings, errors, stdout
    /// and the exit status are unchanged (`watch --quiet` also leaves out the initial summary).
    var quiet = false

    /// What `notez --help` says about them (the argument parser does not see them).
    static let help = """
        Output: --color auto|always|never (default auto: colors on a terminal unless NO_COLOR is set) and \
        --no-pager (long output on a terminal goes through $NOTEZ_PAGER, else $PAGER, else 'less -FRX') \
        and -q / --quiet (no notices or progress on stderr; warnings and errors stay) \
        work with every command; so does -V NAME / --vault-name NAME, a vault named in \
        ~/.config/notez/config.yaml (docs/shell.md). Exit codes: 'notez help exit-codes'.
        """

    /// Adds the flags an alias's words gave; a `--color` typed on the command line wins.
    mutating func merge(_ other: GlobalFlags) {
        if color == .auto { color = other.color }
        noPager = noPager || other.noPager
        quiet = quiet || other.quiet
    }

    /// Removes the flags from `arguments`; a bad `--color` value is a usage error.
    static func take(_ arguments: [String]) throws -> (flags: GlobalFlags, rest: [String]) {
        var flags = GlobalFlags()
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--no-pager" {
                flags.noPager = true
            } else if argument == "--quiet" || argument == "-q" {
                flags.quiet = true
            } else if argument == "--color" || argument.hasPrefix("--color=") {
                let separate = argument == "--color"
                let value = separate ? (index + 1 < arguments.count ? arguments[index + 1] : "") : String(argument.dropFirst("--color=".count))
                if let choice = TerminalFacts.ColorChoice(rawValue: value) {
                    flags.color = choice
                    if separate { index += 1 }
                } else if arguments[..<index].contains("create") {
                    // `tag create NAME --color teal` and `folder create PATH --color teal` name a color
                    // for the tag or folder; no preset is called auto, always or never.
                    rest.append(argument)
                } else {
                    throw CLIExit(code: CLIExit.usage, message: "--color takes auto, always or never, not '\(TerminalText.safe(value))'")
                }
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (flags, rest)
    }
}
