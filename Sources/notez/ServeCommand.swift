import ArgumentParser
import Dispatch
import Foundation
import NotezKit
import NotezServer

/// `notez serve`: the web UI, on loopback, behind a token (the server is NotezServer's `WebServer`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the vault as a web app on this machine (locked down; Ctrl-C to stop).",
        discussion: """
            Prints a URL with a one-time access token; the first visit trades it for a cookie. \
            Listens on 127.0.0.1 only unless --host ADDR --allow-remote. See docs/web.md.
            """)

    @Option(name: .long, help: "The TCP port (0 picks a free one).")
    var port: Int = 4151

    @Option(name: .long, help: "The address to listen on (loopback unless --allow-remote).")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Allow a non-loopback --host (anyone who can reach it and has the token gets in).")
    var allowRemote = false

    @Flag(name: .long, help: "Open the URL in the default browser (through a private file: the token is never a program argument).")
    var open = false

    @Option(name: .long, help: ArgumentHelp("Close a connection that sends no complete request head for this long.", valueName: "seconds"))
    var headerTimeout: Double = 10

    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if !(headerTimeout > 0 && headerTimeout <= 3600) { throw ValidationError("--header-timeout must be between 0 and 3600 seconds") }
        if !ServerSettings.isLoopback(host), !allowRemote {
            throw ValidationError("'\(host)' is not a loopback address; add --allow-remote to listen on it")
        }
    }

    func run() throws {
        let root = try vault.root()
        for message in try vault.session().readNotices() { Terminal.notice(TerminalText.safe(message)) }
        if !ServerSettings.isLoopback(host) {
            Terminal.warning("listening on \(TerminalText.safe(host)): other machines can reach this server; only the token protects it, and traffic is not encrypted")
        }
        let config = (try? VaultConfig.load(root: root)) ?? VaultConfig()
        let live = WatchedIndex(root: root, config: config)
        try live.start()
        // One daemon: read commands on this vault are answered from the same live index.
        var warm: WarmServer?
        if getenv("NOTEZ_WARM").map({ String(cString: $0) }) != "off" {
            let (started, problem) = WarmService.start(vault: live)
            warm = started
            if let problem { Terminal.notice(TerminalText.safe(problem)) }
        }
        var settings = ServerSettings(host: host, port: port)
        settings.headerTimeout = headerTimeout
        let server = WebServer(vault: live, settings: settings)
        let open = self.open
        let done = DispatchSemaphore(value: 0)
        let failure = ErrorBox()
        Task.detached {
            do {
                try await server.run { bound in
                    let url = server.startURL(port: bound)
                    Terminal.line("notez serve: \(url)")
                    Terminal.line("serving \(TerminalText.safe(root)) (Ctrl-C to stop)")
                    Terminal.flush()
                    if open { ServeCommand.openBrowser(url) }
                }
            } catch {
                failure.error = error
            }
            done.signal()
        }
        done.wait()
        BrowserHandoff.removeAll()
        warm?.stop()
        live.stop()
        if let error = failure.error { throw CLIExit(code: CLIExit.io, message: "could not serve: \(error)") }
    }

    /// Opens the start URL without putting the token in an argument list (every local user can
    /// read `/proc/PID/cmdline`): the browser is given a private file that sends it on.
    static func openBrowser(_ url: String) {
        do {
            let file = try BrowserHandoff.write(url)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", file]
            try process.run()
        } catch {
            Terminal.notice("could not open a browser: \(TerminalText.safe(String(describing: error))); open the address above")
        }
    }
}

/// An error handed from the server's task to the command's thread.
final class ErrorBox: @unchecked Sendable {
    var error: (any Error)?
}
