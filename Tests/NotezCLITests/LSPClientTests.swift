import Foundation
import NotezTestSupport
import Testing

/// `notez lsp` driven by real clients no one here wrote: the pygls client (PyPI `pygls`, pinned in
/// the Makefile, installed by `make setup` into `.build/lsp-python`) for every request, and
/// Neovim's built-in LSP client (Debian's `neovim`, headless) and Emacs's eglot (Debian's
/// `emacs-nox` and `elpa-eglot`, batch mode) for completion, definition, references, diagnostics
/// and rename. Each test is skipped, saying why, only when its client is not installed.
@Suite struct LSPClientTests {
    /// The Python that has pygls: `NOTEZ_LSP_PYTHON` when set, else the one `make setup` made.
    static let python: String = {
        if let explicit = ProcessInfo.processInfo.environment["NOTEZ_LSP_PYTHON"], !explicit.isEmpty { return explicit }
        return TestPaths.packageRoot.appendingPathComponent(".build/lsp-python/bin/python").path
    }()

    static let pyglsInstalled: Bool = (try? CLIRunner.runShell("\(quoted(python)) -c 'import pygls.lsp.client'").status == 0) ?? false
    static let neovimInstalled: Bool = (try? CLIRunner.runShell("command -v nvim").status == 0) ?? false
    /// Debian installs ELPA packages here; `emacs -Q` does not activate them by itself.
    static let debianELPA = "/usr/share/emacs/site-lisp/elpa"
    static let eglotInstalled: Bool =
        (try? CLIRunner.runShell("command -v emacs >/dev/null && ls -d \(debianELPA)/eglot-*").status == 0) ?? false

    @Test(.enabled(if: pyglsInstalled, "pygls is not installed in .build/lsp-python; run 'make setup'"))
    func everyRequestWorksFromThePyglsClient() throws {
        let vault = try TempVault.example()
        let outside = try TempVault()
        try outside.write("keep.md", "outside\n")
        let outsideBefore = try outside.snapshot()
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/LSPClients/pygls_client_check.py").path
        let result = try CLIRunner.runShell([Self.python, script, CLIRunner.binary.path, vault.path].map(Self.quoted).joined(separator: " "))
        Self.expectChecks(result, client: "the pygls client", atLeast: 40)
        try expect(outside.snapshot(), equals: outsideBefore)
    }

    @Test(.enabled(if: neovimInstalled, "Neovim (nvim) is not installed; run 'make setup'"))
    func completionDefinitionReferencesAndRenameWorkFromNeovim() throws {
        let vault = try TempVault.example()
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/LSPClients/neovim_check.lua").path
        let result = try CLIRunner.runShell(
            "nvim --headless -u NONE -i NONE -n -c \(Self.quoted("luafile " + script)) </dev/null",
            environment: ["NOTEZ_BIN": CLIRunner.binary.path, "NOTEZ_VAULT": vault.path])
        Self.expectChecks(result, client: "Neovim's client", atLeast: 11)
    }

    @Test(.enabled(if: eglotInstalled, "Emacs with eglot (emacs-nox, elpa-eglot) is not installed; run 'make setup'"))
    func completionDefinitionReferencesDiagnosticsAndRenameWorkFromEmacsEglot() throws {
        let vault = try TempVault.example()
        let script = TestPaths.packageRoot.appendingPathComponent("Tests/LSPClients/emacs_check.el").path
        let activate = "(progn (require 'package) (setq package-directory-list '(\"\(Self.debianELPA)\")) (package-initialize))"
        let result = try CLIRunner.runShell(
            "emacs --batch -Q --eval \(Self.quoted(activate)) -l \(Self.quoted(script)) </dev/null",
            environment: ["NOTEZ_BIN": CLIRunner.binary.path, "NOTEZ_VAULT": vault.path])
        Self.expectChecks(result, client: "eglot", atLeast: 13)
        // Emacs wrote no backup, lock or auto-save file into the vault.
        let strays = try FileManager.default.subpathsOfDirectory(atPath: vault.path).filter {
            let name = ($0 as NSString).lastPathComponent
            return name.hasSuffix("~") || name.hasPrefix(".#") || name.hasPrefix("#")
        }
        expect(strays.isEmpty, "\(strays)")
    }

    /// A client script printed "ok NAME" or "FAILED NAME" per check and "N passed" last: none failed,
    /// it exited 0, and at least `atLeast` checks ran.
    static func expectChecks(_ result: CLIResult, client: String, atLeast: Int) {
        let failures = result.stdout.split(separator: "\n").filter { $0.hasPrefix("FAILED") }
        expect(
            result.status, equals: 0,
            "\(client) failed:\n\(failures.joined(separator: "\n"))\n\(result.stdout.suffix(2000))\n\(result.stderr.suffix(3000))")
        expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        let passed = result.stdout.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
        expect(passed >= atLeast, "only \(passed) checks passed:\n\(result.stdout.suffix(3000))")
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
