import Foundation

/// The untimed edit before each run of the rows that measure a warm answer right after a change
/// (the watch must take the change in, and the answer cannot be the one it kept): the first note
/// of the biggest folder gets a line at its end, or loses it again, so the note is as generated
/// after an even number of runs.
enum NoteEdit {
    static let line = Data("\nedited by notez-bench\n".utf8)

    /// Adds the line to the note, or takes it away.
    static func toggle(_ facts: VaultFacts) throws {
        let url = URL(fileURLWithPath: try path(facts))
        var bytes = try Data(contentsOf: url)
        if bytes.count >= line.count && bytes.suffix(line.count) == line { bytes.removeLast(line.count) } else { bytes.append(line) }
        try bytes.write(to: url)
    }

    /// The note edited: the first Markdown file of the biggest folder, by name.
    private static func path(_ facts: VaultFacts) throws -> String {
        let folder = facts.root + "/" + facts.bigFolder
        guard let name = try FileManager.default.contentsOfDirectory(atPath: folder).filter({ $0.hasSuffix(".md") }).sorted().first else {
            throw BenchError("no note in \(folder) to edit")
        }
        return folder + "/" + name
    }
}
