import Foundation

/// The fresh copy of a vault that the rows which change files (tag rename, `sed -i`) run on, made
/// before every run and not timed, and the list of the files that hold the renamed tag.
enum MutationCopy {
    /// Where the copy of a vault lives.
    static func root(_ facts: VaultFacts) -> String { facts.root + "-mutation" }

    /// The file (beside the copy) listing the copy's notes that have the tag, one absolute path a line.
    static func fileList(_ facts: VaultFacts) -> String { facts.root + "-mutation-files.txt" }

    /// A sed pattern for the tag (its regular expression characters escaped).
    static func sedPattern(_ tag: String) -> String {
        tag.map { "\\.[]*^$/&".contains($0) ? "\\" + String($0) : String($0) }.joined()
    }

    /// Copies the vault (without `.git/`) and lists the files with the tag (once per vault).
    static func make(_ facts: VaultFacts) throws {
        let copy = root(facts)
        try MutationCopy.copy(facts.root, to: copy)
        if !FileManager.default.fileExists(atPath: fileList(facts)) {
            let found = try ProcessRunner.run(
                notezBinary,
                ["search", "tag:" + BenchMeasure.value(facts.topTags[0]), "--vault", facts.root, "--paths"], capture: true)
            let paths = found.stdout.split(separator: "\n").map { copy + "/" + $0 }
            try (paths.joined(separator: "\n") + "\n").write(toFile: fileList(facts), atomically: true, encoding: .utf8)
        }
    }

    /// Replaces `copy` by a copy of the vault at `source` without its `.git/`.
    static func copy(_ source: String, to copy: String) throws {
        let script = """
            rm -rf '\(copy)' && mkdir '\(copy)' && cd '\(source)' && \
            find . -mindepth 1 -maxdepth 1 ! -name .git -exec cp -a {} '\(copy)/' \\;
            """
        let result = try ProcessRunner.run("/bin/sh", ["-c", script])
        guard result.exitCode == 0 else { throw BenchError("copying the vault failed: \(result.stderr)") }
    }

    /// The notez binary the bench measures (set by main).
    nonisolated(unsafe) static var notezBinary = "notez"
}
