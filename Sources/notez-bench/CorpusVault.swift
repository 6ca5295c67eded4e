import Foundation

/// A real vault for the read rows (`--corpus FILE.tar.gz`): unpacked once beside the generated
/// vaults, without a `.notez/` folder, so it is measured as an Obsidian user first meets notez.
/// Its facts (top tags, biggest folders, a word) are computed from the files, never assumed.
enum CorpusVault {
    /// The unpacked folder for an archive: `<dir>/notez-bench-corpus-<archive name>`.
    static func root(archive: String, baseFolder: String) -> String {
        let name = (archive as NSString).lastPathComponent.replacingOccurrences(of: ".tar.gz", with: "")
        return baseFolder + "/notez-bench-corpus-" + name
    }

    /// Unpacks the archive (once; a finished unpack leaves a marker) and measures its facts. The
    /// vault is the archive's single top folder when it has one.
    static func prepare(archive: String, baseFolder: String, notez: String) throws -> VaultFacts {
        let folder = root(archive: archive, baseFolder: baseFolder)
        let marker = folder + "/.notez-bench-unpacked"
        if !FileManager.default.fileExists(atPath: marker) {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let result = try ProcessRunner.run("/bin/tar", ["-xzf", archive, "-C", folder])
            guard result.exitCode == 0 else { throw BenchError("unpacking \(archive) failed: \(result.stderr)") }
            _ = FileManager.default.createFile(atPath: marker, contents: Data())
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }) ?? []
        var isFolder: ObjCBool = false
        let vault =
            entries.count == 1 && FileManager.default.fileExists(atPath: folder + "/" + entries[0], isDirectory: &isFolder)
                && isFolder.boolValue ? folder + "/" + entries[0] : folder
        return try facts(vault: vault, notez: notez)
    }

    /// Counts notes, folders and bytes by walking; the top tags from `notez tag list --json`; the
    /// two top-level folders with the most notes; a word in about 1% of the notes.
    static func facts(vault: String, notez: String) throws -> VaultFacts {
        let started = Date()
        var notes = 0
        var bytes = 0
        var folders = Set<String>()
        var perTop: [String: Int] = [:]
        var texts: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: vault)!
        for case let relative as String in enumerator {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            guard relative.hasSuffix(".md"), let data = FileManager.default.contents(atPath: vault + "/" + relative) else { continue }
            notes += 1
            bytes += data.count
            let parts = relative.split(separator: "/")
            if parts.count > 1 {
                folders.insert(parts.dropLast().joined(separator: "/"))
                perTop[String(parts[0]), default: 0] += 1
            }
            texts.append(String(decoding: data, as: UTF8.self).lowercased())
        }
        let list = try ProcessRunner.run(notez, ["tag", "list", "--json", "--vault", vault], capture: true)
        guard list.exitCode == 0, let json = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] else {
            throw BenchError("`notez tag list --json` failed on \(vault): \(list.stderr)")
        }
        let tags = json.compactMap { item -> (String, Int)? in
            guard let name = item["name"] as? String, let count = item["count"] as? Int else { return nil }
            return (name, count)
        }.sorted { $0.1 > $1.1 }.map(\.0)
        let topFolders = perTop.sorted { $0.value > $1.value }.map(\.key)
        guard tags.count >= 3, topFolders.count >= 2 else { throw BenchError("\(vault) has too few tags or folders for the rows") }
        let candidates = ["algorithm", "protocol", "compiler", "theorem", "entropy", "kernel", "matrix", "graph", "memory", "quokka"]
        let counts = candidates.map { word in texts.reduce(0) { $0 + ($1.contains(word) ? 1 : 0) } }
        let target = max(1, notes / 100)
        let pick = candidates.indices.min { abs(counts[$0] - target) < abs(counts[$1] - target) }!
        return VaultFacts(
            root: vault, notes: notes, folders: folders.count, bytes: bytes, topTags: Array(tags.prefix(3)),
            bigFolder: topFolders[0], midFolder: topFolders[1], word: candidates[pick], wordNotes: counts[pick],
            seconds: Date().timeIntervalSince(started))
    }
}
