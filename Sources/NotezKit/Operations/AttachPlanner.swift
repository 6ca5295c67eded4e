import Foundation

/// Plans `notez attach NOTE FILE...` (docs/attachments.md): each file copied into the note's
/// attachment folder under a name no other file has (`photo.png`, `photo 2.png`, ...), and one
/// Markdown link per file inserted into the note, at its end or after a given line. Images (by
/// content) are embedded `![](attachments/photo.png)`, other files linked `[report.pdf](attachments/report.pdf)`;
/// the path is relative to the note's folder, with spaces and Markdown's special characters
/// percent-encoded. The note is written whole (a `write` step guarded by its old bytes), so undo
/// restores it byte for byte and deletes the copies.
public enum AttachPlanner {
    /// What to attach where.
    public struct Request: Sendable {
        /// The note.
        public var note: Note
        /// The files, as the user named them (relative to the working folder or absolute).
        public var sources: [String]
        /// Insert after this 1-based line of the file; nil: at the end.
        public var afterLine: Int?
        /// Where attachments go.
        public var rule: AttachmentFolderRule
        /// The largest file accepted, in bytes.
        public var limit: Int64
        /// The form of the links written.
        public var style: LinkStyle

        /// Creates a request.
        public init(note: Note, sources: [String], afterLine: Int?, rule: AttachmentFolderRule, limit: Int64, style: LinkStyle = .markdown) {
            self.note = note
            self.sources = sources
            self.afterLine = afterLine
            self.rule = rule
            self.limit = limit
            self.style = style
        }
    }

    /// The plan; throws when a file cannot be attached (nothing is planned then).
    public static func plan(
        _ request: Request, index: VaultIndex, files: any VaultFiles, directory: VaultDirectory, arguments: [String]
    ) throws(NotezError) -> Plan {
        let note = request.note
        var builder = PlanBuilder(index: index, files: files, operation: "attach", arguments: arguments)
        if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
            throw .refused("'\(note.path)' is a symlink; notez never writes through symlinks")
        }
        guard let contents = try files.read(note.path) else { throw .noteNotFound(note.path) }
        guard let before = String(validating: contents.bytes, as: UTF8.self) else {
            throw .refused("'\(note.path)' is not UTF-8 text; notez does not insert links into it")
        }
        let folder = request.rule.folder(forNote: note.path)
        try checkFolder(folder, directory: directory)
        var walked = ""
        for component in folder.split(separator: "/").map(String.init) {
            walked = VaultPath.join(walked, component)
            if directory.kind(walked) == nil, !builder.isTaken(walked) { builder.createFolder(walked) }
        }
        var links: [String] = []
        // Wikilinks find files by name: the vault's other files decide whether a bare name is enough.
        var names = request.style == .wikilink ? AttachmentScan(index: index).files.map { LinkResolver.fold(VaultPath.name(of: $0)) } : []
        var copies: [(path: String, kind: AttachmentKind)] = []
        for source in request.sources {
            let bytes = try AttachmentSource.read(source, limit: request.limit)
            let name = try attachmentName(source)
            let path = freePath(folder: folder, name: name, builder: builder)
            builder.claim(path)
            builder.plan.steps.append(.copy(path, source: absolute(source), bytes: bytes))
            names.append(LinkResolver.fold(VaultPath.name(of: path)))
            copies.append((path, AttachmentKind.of(bytes)))
        }
        for (path, kind) in copies {
            let name = VaultPath.name(of: path)
            if request.style == .wikilink, let embed = wikilink(to: path, kind: kind, unique: names.filter { $0 == LinkResolver.fold(name) }.count == 1) {
                links.append(embed)
            } else {
                links.append(link(to: path, from: note.path, name: name, kind: kind))
            }
        }
        let after = try insert(links, into: before, afterLine: request.afterLine)
        builder.plan.steps.append(.write(note.path, contents: after, previous: before))
        builder.plan.previews[PathKey(note.path)] = Plan.Preview(before: contents.bytes, after: Array(after.utf8))
        return builder.plan
    }

    /// Refuses a folder that is (or goes through) a symlink or a file, or is hidden.
    static func checkFolder(_ folder: String, directory: VaultDirectory) throws(NotezError) {
        guard !folder.isEmpty else { return }
        try directory.checkReachable(VaultPath.join(folder, "x"))
        switch directory.kind(folder) {
        case nil, .folder: return
        case .symlink: throw .refused("attachment folder '\(folder)' is a symlink; notez never writes through symlinks")
        default: throw .refused("attachment folder '\(folder)' is not a folder")
        }
    }

    /// The file name of `source`, checked as a vault name (no hidden names).
    static func attachmentName(_ source: String) throws(NotezError) -> String {
        let name = VaultPath.name(of: source.hasSuffix("/") ? String(source.dropLast()) : source)
        try VaultPath.validateName(name)
        if name.hasPrefix(".") { throw .refused("'\(source)': hidden names (starting with '.') are not attached; rename the file first") }
        if VaultPath.isNoteFile(name) { throw .refused("'\(source)' is a note file; create or import notes instead of attaching them") }
        return name
    }

    /// `photo.png`, else `photo 2.png`, `photo 3.png`, ... (compared case-insensitively).
    static func freePath(folder: String, name: String, builder: PlanBuilder) -> String {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        return builder.freePath(folder: folder, stem: dot.map { String(name[..<$0]) } ?? name, ext: dot.map { String(name[$0...]) } ?? "")
    }

    /// `source` made absolute (journaled: the roll-forward of a crash may run in another folder).
    static func absolute(_ source: String) -> String {
        if source.hasPrefix("/") { return source }
        let here = FileManager.default.currentDirectoryPath
        return here.hasSuffix("/") ? here + source : here + "/" + source
    }

    /// The Markdown for one attachment.
    public static func link(to path: String, from note: String, name: String, kind: AttachmentKind) -> String {
        var destination = encoded(VaultPath.relative(path, fromFolder: VaultPath.folder(of: note)))
        // `javascript:alert(1)` beside the note would read as a URL with a scheme: every viewer
        // (and notez's link scanner) takes a colon before the first slash for one. `./` keeps it
        // a relative file link.
        if let colon = destination.firstIndex(of: ":"), !destination[..<colon].contains("/") { destination = "./" + destination }
        if kind.isImage { return "![](\(destination))" }
        return "[\(escapedLabel(name))](\(destination))"
    }

    /// The wikilink for one attachment, as Obsidian writes it: `![[photo.png]]` for an image,
    /// `[[report.pdf]]` otherwise, by file name when no other file of the vault has it, else by
    /// vault path. Nil for a name a wikilink cannot carry (`[`, `]`, `|`, `#`, `^`).
    static func wikilink(to path: String, kind: AttachmentKind, unique: Bool) -> String? {
        guard !path.contains(where: { "[]|#^".contains($0) || $0.isNewline }) else { return nil }
        let target = unique ? VaultPath.name(of: path) : path
        return (kind.isImage ? "!" : "") + "[[" + target + "]]"
    }

    /// Percent-encodes what would end or confuse a Markdown link destination (space, `()<>[]`,
    /// `%`, `#`, `?`, `|`, `^`, `\`, control characters); other text, non-ASCII included, is kept.
    public static func encoded(_ path: String) -> String {
        let special = Array("()<>[]#?|^\\\"'`".utf8)
        return LinkRewriter.percentEncoded(path) { $0 > 0x20 && $0 != 0x7F && !special.contains($0) }
    }

    /// A link label with `[`, `]`, `<`, `>` and `\` escaped (`<` would start an autolink or HTML).
    static func escapedLabel(_ name: String) -> String {
        var out = ""
        for character in name {
            if "[]<>\\".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// `text` with one line per link inserted after line `afterLine` (nil: at the end), in the
    /// file's line ending; never inside the front matter.
    static func insert(_ links: [String], into text: String, afterLine: Int?) throws(NotezError) -> String {
        let bytes = Array(text.utf8)
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        let block = links.map { $0 + newline }.joined()
        var offset = bytes.count
        if let afterLine {
            let bodyStart = InlineTagEditor.bodyStart(bytes)
            let frontMatterLines = bytes[..<bodyStart].filter { $0 == 0x0A }.count
            let lineCount = bytes.filter { $0 == 0x0A }.count + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
            guard afterLine >= frontMatterLines else {
                throw .usage("--at \(afterLine) is inside the front matter (lines 1-\(frontMatterLines)); give a line of the body")
            }
            guard afterLine <= lineCount else { throw .usage("--at \(afterLine): the note has \(lineCount) lines") }
            var seen = 0
            offset = 0
            while seen < afterLine, offset < bytes.count {
                if bytes[offset] == 0x0A { seen += 1 }
                offset += 1
            }
        }
        let head = String(decoding: bytes[..<offset], as: UTF8.self)
        let tail = String(decoding: bytes[offset...], as: UTF8.self)
        // By bytes: "\r\n" is one Character, so `hasSuffix("\n")` would miss it.
        let separator = offset == 0 || bytes[offset - 1] == 0x0A ? "" : newline
        return head + separator + block + tail
    }
}
