import Foundation
import NotezKit

/// Printing the html export to PDF with headless Chromium (Debian package `chromium`).
enum PDFPrinter {
    /// The browser: `$NOTEZ_CHROMIUM` when set, else the first of chromium, chromium-browser, google-chrome on PATH.
    static func browser() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["NOTEZ_CHROMIUM"] {
            return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        return nil
    }

    static let missing =
        "the pdf export needs headless Chromium: install it (Debian/Ubuntu: sudo apt-get install chromium; "
        + "macOS: brew install --cask chromium) or set NOTEZ_CHROMIUM to its path; "
        + "--format html writes the same pages, which any browser can print"

    /// Renders `site`'s print page to PDF bytes. The pages have no scripts, and their
    /// Content-Security-Policy forbids any (`--blink-settings=scriptEnabled=false` would be a third
    /// wall, but headless Chromium then prints nothing).
    static func print(site: HTMLExport, scratch: URL, vaultRoot: String) throws -> [UInt8] {
        guard let browser = browser() else { throw CLIExit(code: CLIExit.io, message: missing) }
        let folder = scratch.appendingPathComponent("site")
        let destination = try ExportDestination(path: folder.path, vaultRoot: vaultRoot)
        try site.write(to: destination)
        let pdf = scratch.appendingPathComponent("out.pdf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        var arguments = [
            "--headless", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=" + scratch.appendingPathComponent("profile").path, "--no-pdf-header-footer",
            "--print-to-pdf=" + pdf.path,
        ]
        // Chromium refuses to run as root with its sandbox; the pages are notez's own, without scripts.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append(folder.appendingPathComponent(HTMLExport.printPage).absoluteString)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        let exit = ChildExit(of: process)
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        exit.wait()
        watchdog.cancel()
        guard process.terminationStatus == 0, let bytes = FileManager.default.contents(atPath: pdf.path), bytes.starts(with: Array("%PDF".utf8))
        else {
            let detail = String(decoding: stderr, as: UTF8.self).split(separator: "\n").suffix(3).joined(separator: "; ")
            throw CLIExit(code: CLIExit.io, message: "Chromium did not produce a PDF (status \(process.terminationStatus)): \(detail)")
        }
        return Array(bytes)
    }
}
