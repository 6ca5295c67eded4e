import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import NotezTestSupport
#endif

/// `$XDG_CONFIG_HOME/notez/config.yaml`: default and named vaults, saved searches, aliases and the
/// editor, with their precedence, read from a temporary HOME and config folder.
@Suite struct UserConfigTests {
    /// Two vaults told apart by their notes, and a config folder naming them.
    final class Fixture {
        let home: TempVault
        let main: TempVault
        let work: TempVault
        let elsewhere: URL

        init(config: String? = nil) throws {
            home = try TempVault()
            main = try TempVault()
            work = try TempVault()
            try main.write(".notez/config.yaml", "")
            try main.write("Soup.md", "---\ntags: [recipe]\n---\nsoup\n")
            try main.write("Bread.md", "---\ntags: [baking]\n---\nbread\n")
            try main.write("Plan.md", "---\ntags: [todo]\n---\nplan\n")
            try work.write(".notez/config.yaml", "")
            try work.write("Report.md", "---\ntags: [todo]\n---\nreport\n")
            elsewhere = home.url.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
            let text =
                config ?? """
                    vault: \(main.path)
                    vaults:
                      work: \(work.path)
                      tilde: ~/nowhere
                    searches:
                      food: "tag:recipe OR tag:baking"
                    aliases:
                      todo: "search tag:todo --paths"
                      overview: "search tag:never"
                    editor: "printf 'settings %s\\\\n' >> '\(home.path)/edited'"

                    """
            try home.write("config/notez/config.yaml", text)
        }

        /// notez in `elsewhere` (no vault there) with HOME and XDG_CONFIG_HOME here.
        func run(_ args: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> CLIResult {
            var env = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "NOTEZ_WARM": "off"]
            for (key, value) in environment { env[key] = value }
            return try CLIRunner.run(args, in: directory ?? elsewhere, environment: env)
        }
    }

    @Test func defaultAndNamedVaultsWithTheirPrecedence() throws {
        let fixture = try Fixture()
        expect(try fixture.run(["ls", "--paths"]).stdout.contains("Soup.md"))
        expect(try !fixture.run(["ls", "--paths"]).stdout.contains("Report.md"), "the default vault")
        for words in [["-V", "work", "ls", "--paths"], ["ls", "-V", "work", "--paths"], ["--vault-name", "work", "ls", "--paths"], ["ls", "--vault-name=work", "--paths"]] {
            let named = try fixture.run(words)
            expect(named.status == 0 && named.stdout == "Report.md\n", "\(words): \(named.stdout) \(named.stderr)")
        }
        // A flag beats the environment, the environment the settings; being inside a vault too.
        try expect(fixture.run(["ls", "--paths", "--vault", fixture.work.path], environment: ["NOTEZ_VAULT": fixture.main.path]).stdout, equals: "Report.md\n")
        try expect(fixture.run(["ls", "--paths"], environment: ["NOTEZ_VAULT": fixture.work.path]).stdout, equals: "Report.md\n")
        try expect(fixture.run(["ls", "--paths"], in: fixture.work.url).stdout, equals: "Report.md\n")
        // NOTEZ_CONFIG names another file.
        try fixture.home.write("other.yaml", "vault: \(fixture.work.path)\n")
        try expect(fixture.run(["ls", "--paths"], environment: ["NOTEZ_CONFIG": fixture.home.path + "/other.yaml"]).stdout, equals: "Report.md\n")

        let unknown = try fixture.run(["-V", "play", "ls"])
        expect(unknown.status, equals: 2)
        expect(unknown.stderr.contains("no vault named 'play' in \(fixture.home.path)/config/notez/config.yaml (named: tilde, work)"), "\(unknown.stderr)")
        // The completion scripts ask for the names.
        try expect(fixture.run(["---vault-names"]).stdout, equals: "tilde\nwork\n")
        // `~/` is the HOME of the settings.
        let tilde = try fixture.run(["-V", "tilde", "ls"])
        expect(tilde.status == 3 && tilde.stderr.contains(fixture.home.path + "/nowhere"), "\(tilde.stderr)")
    }

    @Test func savedSearchesAndAliases() throws {
        let fixture = try Fixture()
        let food = try fixture.run(["search", "@food", "--paths", "--sort", "path"])
        expect(food.status == 0 && food.stdout == "Bread.md\nSoup.md\n", "\(food.stderr)")
        let combined = try fixture.run(["search", "@food -tag:baking", "--show-query"])
        expect(combined.stdout, equals: "(tag:recipe OR tag:baking) -tag:baking\n", "\(combined.stdout)")
        try expect(fixture.run(["search", "@food -tag:baking", "--paths"]).stdout, equals: "Soup.md\n")
        // Inside quotes, or not at a word's start, `@` is text.
        try expect(fixture.run(["search", "\"@food\"", "--paths"]).status, equals: 1)
        let unknown = try fixture.run(["search", "@drinks"])
        expect(unknown.status, equals: 2)
        expect(unknown.stderr, equals: "notez: error: no saved search '@drinks'; saved: @food\n")

        let todo = try fixture.run(["todo"])
        expect(todo.status == 0 && todo.stdout == "Plan.md\n", "\(todo.stderr)")
        try expect(fixture.run(["-V", "work", "todo"]).stdout, equals: "Report.md\n", "an alias after a vault option")
        // As in zk, an alias may hide a command of notez: `overview` is the fixture's `search tag:never`.
        let hidden = try fixture.run(["overview", "--paths"])
        expect(hidden.status == 1 && hidden.stdout.isEmpty && hidden.stderr == "notez: no notes match tag:never\n", "\(hidden.stderr)")
        // NOTEZ_CONFIG naming a file that does not exist runs without any settings (for scripts).
        let plain = try fixture.run(["overview", "--vault", fixture.main.path], environment: ["NOTEZ_CONFIG": fixture.home.path + "/none.yaml"])
        expect(plain.status == 0 && plain.stdout.contains("3 notes"), "\(plain.stdout) \(plain.stderr)")
    }

    /// An alias named like the command it calls gives that command new defaults: its own words are
    /// never looked up again (no loop), and the words typed after it follow them.
    @Test func anAliasMayGiveACommandNewDefaults() throws {
        let base = try Fixture()
        let fixture = try Fixture(
            config: """
                vault: \(base.main.path)
                aliases:
                  ls: "ls --sort path --reverse"
                  ping: pong
                  pong: "ls --paths --sort path"
                """)
        let listed = try fixture.run(["ls", "--paths"])
        expect(listed.status == 0 && listed.stdout == "Soup.md\nPlan.md\nBread.md\n", "\(listed.stderr)")
        // An alias's `ls` is notez's own: the `ls` alias is not applied to it.
        try expect(fixture.run(["pong"]).stdout, equals: "Bread.md\nPlan.md\nSoup.md\n")
        // One level only: `ping` becomes `pong`, which is then not expanded again; not a command of notez.
        let chained = try fixture.run(["ping"])
        expect(chained.status == 2 && chained.stderr.contains("pong"), "\(chained.stderr)")
    }

    /// `@name` is expanded wherever a query is taken: `search`, `export QUERY`, `watch --query`.
    @Test func savedSearchesInEveryQuery() throws {
        let fixture = try Fixture()
        let environment = ["HOME": fixture.home.path, "XDG_CONFIG_HOME": fixture.home.path + "/config"]
        let exported = try fixture.run(["export", "@food", "--vault", fixture.main.path])
        expect(exported.status, equals: 0, "\(exported.stderr)")
        expect(exported.stdout.contains("\"Bread.md\"") && exported.stdout.contains("\"Soup.md\"") && !exported.stdout.contains("Plan.md"))
        expect(exported.stdout.contains("\"query\": \"tag:recipe OR tag:baking\""), "the document names the expanded query")
        let unknown = try fixture.run(["export", "@drinks", "--vault", fixture.main.path])
        expect(unknown.status == 2 && unknown.stderr == "notez: error: no saved search '@drinks'; saved: @food\n", "\(unknown.stderr)")
        let watchUnknown = try fixture.run(["watch", "--query", "@drinks", "--vault", fixture.main.path])
        expect(watchUnknown.status == 2 && watchUnknown.stderr == "notez: error: no saved search '@drinks'; saved: @food\n")

        let watch = try WatchProcess(["watch", "--query", "@food -tag:baking", "--vault", fixture.main.path], environment: environment)
        defer { _ = watch.stop(SIGTERM) }
        let lines = watch.waitForLines(2)
        expect(lines.first, equals: "= Soup.md", "\(lines)")
        expect(lines.count >= 2 && lines[1].hasPrefix("1 of 3 notes match @food -tag:baking"), "\(lines)")
    }

    @Test func editorPrecedence() throws {
        let fixture = try Fixture()
        let edited = fixture.home.path + "/edited"
        try expect(fixture.run(["edit", "Soup"], environment: ["VISUAL": "false", "EDITOR": "false"]).status, equals: 0)
        try expect(String(contentsOfFile: edited, encoding: .utf8), equals: "settings \(fixture.main.path)/Soup.md\n")
        let byVariable = try fixture.run(["edit", "Soup"], environment: ["NOTEZ_EDITOR": "printf 'variable %s\\n' >> '\(edited)'"])
        expect(byVariable.status, equals: 0, "\(byVariable.stderr)")
        expect(try String(contentsOfFile: edited, encoding: .utf8).hasSuffix("variable \(fixture.main.path)/Soup.md\n"))
    }

    @Test func hostileOrMalformedSettingsAreWarningsNeverWrites() throws {
        let before: [String: Data]
        do {
            let fixture = try Fixture(config: "vault: [unclosed\n")
            before = try fixture.main.snapshot()
            let result = try fixture.run(["ls", "--paths"], in: fixture.main.url)
            expect(result.status, equals: 0)
            expect(result.stderr.contains("config.yaml:") && result.stderr.contains("the user settings are not used"), "\(result.stderr)")
            try expect(fixture.main.snapshot(), equals: before)
        }
        // Larger than the YAML limit, a FIFO, or a mapping of the wrong shape: refused with a word.
        let big = try Fixture(config: "vault: \"" + String(repeating: "x", count: 2 << 20) + "\"\n")
        expect(try big.run(["ls", "--paths"], in: big.main.url).stderr.contains("the user settings are not used"))
        let shape = try Fixture(config: "searches: [a, b]\n")
        expect(try shape.run(["ls", "--paths"], in: shape.main.url).stderr.contains("searches must be a mapping of names"))
        let fifo = try Fixture()
        let path = fifo.home.path + "/config/notez/config.yaml"
        try FileManager.default.removeItem(atPath: path)
        expect(mkfifo(path, 0o600), equals: 0)
        let blocked = try fifo.run(["ls", "--paths"], in: fifo.main.url)
        expect(blocked.status, equals: 0, "a FIFO never blocks notez: \(blocked.stderr)")
    }
}
