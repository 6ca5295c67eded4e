import Foundation

/// `notez import FILE.json`: a plan that recreates the notes (and folders) of a `json` export in
/// the vault, byte for byte, under unique names; nothing existing is ever replaced.
public enum ImportPlanner {
    /// The largest export file read (1 GiB); the whole document is held in memory.
    public static let maxSize = 1 << 30
    /// The most folders a note or folder path of an export may have (with the folder imported
    /// into): deeper paths are refused before anything is planned (a 20,000-deep path would
    /// make 20,000 folders and a journal record of hundreds of megabytes).
    public static let maxPathDepth = 64
    /// The longest vault-relative path an import creates, in bytes (PATH_MAX less one).
    public static let maxPathBytes = 4095

    private struct Document: Decodable {
        var format: String
        var version: Int
        var notes: [Entry]
        var folders: [Folder]?
        var tags: [Tag]?
    }

    private struct Entry: Decodable {
        var path: String
        var frontMatterText: String?
        var body: String?
        var contentBase64: String?
    }

    private struct Folder: Decodable {
        var path: String
        var color: String?
        var children: [Folder]?
    }

    private struct Tag: Decodable {
        var name: String
        var color: String?
    }

    /// Plans the import of `data` (a `json` export) into the folder `into` (`""`: the vault root).
    ///
    /// The whole file is refused (nothing is planned) when it is not a notez export of a version
    /// this notez reads, or when any entry is unsafe or malformed: a path with `..`, an absolute
    /// path, a hidden component, a name that is not a `.md`/`.markdown` note, bad base64, no content.
    /// A name already taken gets ` 2`, ` 3`, ... (reported in the messages); `plan.details["imported"]`
    /// lists the new paths in the order of the file.
    public static func plan(data: [UInt8], into: String = "", source: String, index: VaultIndex, files: any VaultFiles)
        throws(NotezError) -> Plan
    {
        var builder = PlanBuilder(index: index, files: files, operation: "import", arguments: [source])
        let base = try VaultPath.validated(into)
        if !base.isEmpty, files.kind(base) != .folder { throw .folderNotFound(into) }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(data))
        } catch {
            throw .usage("\(source) is not a notez json export: \(Self.describe(error))")
        }
        guard document.format == JSONExport.format else {
            throw .usage("\(source) is not a notez json export (format '\(document.format)')")
        }
        guard document.version >= 1, document.version <= JSONExport.version else {
            throw .usage("\(source) has export version \(document.version); this notez reads versions 1 to \(JSONExport.version)")
        }
        // Everything is checked before anything is planned: a hostile file is refused whole.
        var notes: [(path: String, bytes: [UInt8])] = []
        for (number, entry) in document.notes.enumerated() {
            let path = try checkedPath(entry.path, entry: number + 1, base: base)
            notes.append((path, try bytes(of: entry, number: number + 1)))
        }
        var folders: [String] = []
        var folderColors: [(path: String, color: String)] = []
        func collect(_ list: [Folder], depth: Int) throws(NotezError) {
            guard depth <= maxPathDepth else { throw .refused("import refused: folders nested more than \(maxPathDepth) deep") }
            for folder in list {
                let path = try checkedFolder(folder.path, base: base)
                folders.append(path)
                if let color = folder.color { folderColors.append((VaultPath.join(base, path), color)) }
                try collect(folder.children ?? [], depth: depth + 1)
            }
        }
        try collect(document.folders ?? [], depth: 1)

        var imported: [String] = []
        for folder in folders { ensureFolder(VaultPath.join(base, folder), &builder) }
        for note in notes {
            let folder = VaultPath.folder(of: note.path).isEmpty ? base : VaultPath.join(base, VaultPath.folder(of: note.path))
            guard ensureFolder(folder, &builder) else {
                builder.plan.skipped.append(FileIssue(path: VaultPath.join(base, note.path), reason: "'\(folder)' is not a folder"))
                continue
            }
            if note.bytes.count > NoteReader.maxNoteSize {
                builder.plan.skipped.append(FileIssue(path: note.path, reason: NoteReader.tooLargeReason))
                continue
            }
            let name = VaultPath.name(of: note.path)
            let target = builder.freePath(folder: folder, name: name)
            if target != VaultPath.join(folder, name) {
                builder.plan.messages.append("'\(VaultPath.join(folder, name))' exists; imported as '\(target)'")
            }
            builder.claim(target)
            builder.plan.steps.append(FileStep.create(target, bytes: note.bytes))
            builder.plan.previews[PathKey(target)] = Plan.Preview(before: [], after: note.bytes)
            builder.warnIfIgnored(target)
            imported.append(target)
        }
        try importColors(tags: document.tags ?? [], folders: folderColors, builder: &builder)
        builder.plan.details["imported"] = imported
        return builder.plan
    }

    /// Adds the export's tag and folder colors to `.notez/tags.yaml` and `.notez/folders.yaml` for
    /// names that have no color in the vault; a color the vault has is never replaced. Each color
    /// taken or kept is reported; a name or color notez would not accept is left out and reported.
    private static func importColors(tags: [Tag], folders: [(path: String, color: String)], builder: inout PlanBuilder) throws(NotezError) {
        let root = builder.index.root
        var registry = try TagRegistry.load(root: root)
        let originalRegistry = registry
        for tag in tags {
            guard let text = tag.color else { continue }
            guard let color = ColorName(text), let name = try? TagName.validated(tag.name) else {
                builder.plan.messages.append("tag '\(tag.name)': color '\(text)' not imported: not a valid tag name and color")
                continue
            }
            let key = TagKey(name)
            if let position = registry.entries.firstIndex(where: { TagKey($0.name) == key }) {
                if let kept = registry.entries[position].color {
                    if kept != color { builder.plan.messages.append("tag '\(name)' keeps its color \(kept.text) (the export has \(color.text))") }
                    continue
                }
                registry.entries[position].color = color
            } else {
                registry.entries.append(TagRegistry.Entry(name: name, color: color))
            }
            builder.plan.messages.append("tag '\(name)': color \(color.text) imported")
        }
        // Written only when a color was added: a hand-written file is not reformatted for nothing.
        if registry != originalRegistry { try builder.writeState(".notez/tags.yaml", text: registry.rendered()) }
        var colors = try FolderColors.load(root: root)
        let originalColors = colors
        for (path, text) in folders {
            guard let color = ColorName(text) else {
                builder.plan.messages.append("folder '\(path)': color '\(text)' not imported: not a color")
                continue
            }
            if let kept = colors.color(of: path) {
                if kept != color { builder.plan.messages.append("folder '\(path)' keeps its color \(kept.text) (the export has \(color.text))") }
                continue
            }
            colors.colors.append((path, color))
            builder.plan.messages.append("folder '\(path)': color \(color.text) imported")
        }
        if colors != originalColors { try builder.writeState(".notez/folders.yaml", text: colors.rendered()) }
    }

    /// Creates the missing folders of `folder`, parents first; false when one of them is not a
    /// folder (a file or a symlink: never written through).
    @discardableResult
    private static func ensureFolder(_ folder: String, _ builder: inout PlanBuilder) -> Bool {
        guard !folder.isEmpty else { return true }
        var current = ""
        for component in folder.split(separator: "/") {
            current = VaultPath.join(current, String(component))
            switch builder.files.kind(current) {
            case .folder: continue
            case nil:
                if !builder.isTaken(current) { builder.createFolder(current) }
            default: return false
            }
        }
        return true
    }

    /// Refuses a path deeper or longer than an import creates, before it is validated (which
    /// costs time in its length): checked on the raw text, then on the path inside the vault.
    private static func checkBounds(_ path: String, base: String, what: String) throws(NotezError) {
        let bytes = path.utf8.count + (base.isEmpty ? 0 : base.utf8.count + 1)
        guard bytes <= maxPathBytes else {
            throw .refused("import refused: \(what) has a path of \(path.utf8.count) bytes; at most \(maxPathBytes) are imported")
        }
        var depth = base.isEmpty ? 1 : base.utf8.filter { $0 == UInt8(ascii: "/") }.count + 2
        for byte in path.utf8 where byte == UInt8(ascii: "/") {
            depth += 1
            guard depth <= maxPathDepth + 1 else {
                throw .refused("import refused: \(what) has a path more than \(maxPathDepth) folders deep")
            }
        }
    }

    private static func checkedPath(_ path: String, entry: Int, base: String) throws(NotezError) -> String {
        try checkBounds(path, base: base, what: "note \(entry)")
        let clean: String
        do {
            clean = try VaultPath.validated(path)
        } catch {
            throw .refused("import refused: note \(entry) has an unsafe path: \(error.description)")
        }
        let lower = clean.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown"), !VaultPath.name(of: clean).hasPrefix(".") else {
            throw .refused("import refused: note \(entry) ('\(path)') is not a .md or .markdown file")
        }
        return clean
    }

    private static func checkedFolder(_ path: String, base: String) throws(NotezError) -> String {
        try checkBounds(path, base: base, what: "folder '\(path.prefix(64))'")
        let clean: String
        do {
            clean = try VaultPath.validated(path)
        } catch {
            throw .refused("import refused: unsafe folder path: \(error.description)")
        }
        guard !clean.isEmpty else { throw .refused("import refused: an empty folder path") }
        return clean
    }

    private static func bytes(of entry: Entry, number: Int) throws(NotezError) -> [UInt8] {
        if let base64 = entry.contentBase64 {
            guard entry.body == nil, entry.frontMatterText == nil else {
                throw .usage("note \(number) ('\(entry.path)') has both contentBase64 and body")
            }
            guard let bytes = Base64.decode(base64) else { throw .usage("note \(number) ('\(entry.path)'): contentBase64 is not base64") }
            return bytes
        }
        guard let body = entry.body else { throw .usage("note \(number) ('\(entry.path)') has neither body nor contentBase64") }
        return Array((entry.frontMatterText ?? "").utf8) + Array(body.utf8)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'" + where_(context)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type" + where_(context)
        case DecodingError.dataCorrupted(let context):
            return "not valid JSON" + where_(context)
        default:
            return "\(error)"
        }
    }

    private static func where_(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "" : " at \(path)"
    }
}
