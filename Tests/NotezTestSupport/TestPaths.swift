import Foundation

/// Where the tests find the package, its example vault, the built executables and the real vaults
/// used for robustness tests; one place, so no test target computes them again.
public enum TestPaths {
    /// The package root (this file is `Tests/NotezTestSupport/TestPaths.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `ExampleVault/`: tests copy it, never change it.
    public static let exampleVault = packageRoot.appendingPathComponent("ExampleVault")

    /// A built executable of the package (`notez`, `notez-mcp`): `NOTEZ_BIN`'s folder when set,
    /// else next to the test bundle (`swift build --build-tests` builds both), else `.build/debug`.
    public static func executable(_ name: String) -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["NOTEZ_BIN"] {
            let url = URL(fileURLWithPath: explicit)
            if name == "notez" { return url }
            candidates.append(url.deletingLastPathComponent().appendingPathComponent(name))
        }
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().appendingPathComponent(name))
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/" + name))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// The folder of real vault archives (`*.tar.gz`): `NOTEZ_CORPORA` when set, else
    /// `../shared/corpora` beside the package.
    public static let corporaFolder: URL = {
        if let explicit = ProcessInfo.processInfo.environment["NOTEZ_CORPORA"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }()
}
