/// The `markdown` export: the exported notes at their vault paths in a new folder or `.zip`, and
/// the attachments they link to (files of the vault that exist) at their vault paths too, so
/// relative links between exported notes and to attachments keep working. Notes are copied byte
/// for byte, except that a Markdown link or image that reaches its attachment only by file name
/// (`![](photo.png)` for `attachments/photo.png`) is rewritten to the relative path, and a link to
/// a note of the vault that is not exported becomes its text (`[the plan](Plan.md)` → `the plan`,
/// `[[Plan|the plan]]` → `the plan`, `[[Plan#Goals]]` → `Plan > Goals`): the export has no link
/// that leads nowhere.
public enum MarkdownExport {
    /// What an export wrote.
    public struct Result: Sendable {
        /// The notes written.
        public var written: [String] = []
        /// The attachments written.
        public var attachments: [String] = []
        /// Links to notes that are not exported, replaced by their text.
        public var unlinked = 0
        /// Notes and attachments left out, with the reason.
        public var issues: [FileIssue] = []
    }

    /// Creates the destination folder and copies the notes and their attachments into it.
    public static func write(notes: [Note], index: VaultIndex, to destination: ExportDestination) throws(NotezError) -> Result {
        try destination.createFolder()
        return export(notes: notes, index: index) { (path, bytes) throws(NotezError) in try destination.write(bytes, to: path) }
    }

    /// Writes the notes and their attachments as one new `.zip` file (stored entries).
    public static func writeZip(notes: [Note], index: VaultIndex, to destination: ExportDestination) throws(NotezError) -> Result {
        var zip = ZipWriter()
        let result = export(notes: notes, index: index) { (path, bytes) throws(NotezError) in try zip.add(path, bytes) }
        try destination.writeFile(try zip.finished())
        return result
    }

    /// Hands every exported file to `sink`: the notes in order, then the attachments they link to.
    static func export(
        notes: [Note], index: VaultIndex, sink: (String, [UInt8]) throws(NotezError) -> Void
    ) -> Result {
        let files = DiskVaultFiles(root: index.root)
        let scan = AttachmentScan(index: index)
        let resolver = LinkResolver(index: index)
        var result = Result()
        var attachments: [String] = []
        var seen: Set<String> = []
        let exported = Set(notes.map { PathKey($0.path) })
        for note in notes {
            if index.symlinkedNotes.contains(note.path) || files.kind(note.path) == .symlink {
                result.issues.append(FileIssue(path: note.path, reason: "symlinked note; not exported"))
                continue
            }
            do {
                guard let contents = try files.read(note.path) else {
                    result.issues.append(FileIssue(path: note.path, reason: "the file no longer exists"))
                    continue
                }
                let links = LinkGraph.links(ofFile: contents.bytes, source: note.path, resolver: resolver) { _, resolution in
                    resolution == .attachment || resolution.path.map { !exported.contains(PathKey($0)) } == true
                }
                var bytes = contents.bytes
                // From the end, so earlier ranges stay valid.
                for entry in links.reversed() {
                    if entry.resolution != .attachment {
                        bytes.replaceSubrange(entry.link.range, with: Array(text(of: entry.link).utf8))
                        result.unlinked += 1
                        continue
                    }
                    let (path, exists) = scan.resolve(entry.link, from: note.path)
                    guard exists, let path else { continue }
                    if seen.insert(path).inserted { attachments.append(path) }
                    if let rewritten = rewrite(entry.link, to: path, from: note.path) {
                        bytes.replaceSubrange(entry.link.targetRange, with: Array(rewritten.utf8))
                    }
                }
                try sink(note.path, bytes)
                result.written.append(note.path)
            } catch {
                result.issues.append(FileIssue(path: note.path, reason: error.description, failed: true))
            }
        }
        let directory = try? VaultDirectory(root: index.root)
        for path in attachments.sorted() {
            do {
                guard let directory, let bytes = try directory.readFile(path, limit: Int.max - 1) else {
                    result.issues.append(FileIssue(path: path, reason: "the attachment no longer exists"))
                    continue
                }
                try sink(path, bytes)
                result.attachments.append(path)
            } catch {
                result.issues.append(FileIssue(path: path, reason: error.description, failed: true))
            }
        }
        return result
    }

    /// What a link to a note that is not exported becomes: the text it shows (its label, else the
    /// target as Obsidian shows it, `Plan > Goals` for `[[Plan#Goals]]`).
    static func text(of link: NoteLink) -> String {
        if let label = link.label?.trimmingSpaces, !label.isEmpty { return label }
        let target = link.isWikilink ? link.target.trimmingSpaces : VaultPath.fileTitle(of: link.target)
        return [target, link.fragment].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " > ")
    }

    /// The new destination of a Markdown link or image found only by file name; nil to keep it.
    static func rewrite(_ link: NoteLink, to path: String, from note: String) -> String? {
        guard !link.isWikilink else { return nil }
        let relative = VaultPath.relative(path, fromFolder: VaultPath.folder(of: note))
        var target = link.target
        let absolute = target.hasPrefix("/")
        if absolute { target.removeFirst() }
        let written = LinkResolver.normalized(absolute ? target : VaultPath.join(VaultPath.folder(of: note), target))
        return written == path ? nil : AttachPlanner.encoded(relative)
    }
}
