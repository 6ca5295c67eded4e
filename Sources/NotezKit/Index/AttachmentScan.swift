import Foundation

/// The attachments of a vault (docs/attachments.md): every file that is not a note (hidden names,
/// ignored paths and symlinks left out), the links from notes to them, and the orphans, files in
/// attachment folders that no note links to.
///
/// A link is an attachment link when `LinkResolver` calls it one (a target with an extension other
/// than `.md` that names no note). It is found by the same path rules as links to notes
/// (Obsidian's): `./`, `../` and `/` exactly; else by path from the root, from the note's folder,
/// then by path suffix or file name (the note's own folder first, then the shortest path).
public struct AttachmentScan: Sendable {
    /// One link from a note to an attachment.
    public struct Reference: Sendable, Equatable {
        /// The note the link is written in.
        public var source: String
        /// 1-based line of the link.
        public var line: Int
        /// The link as written.
        public var text: String
        /// The target as written (percent-decoded).
        public var target: String
        /// The vault path the link points at: the file found, or where it would be when missing;
        /// nil when the path climbs out of the vault.
        public var path: String?
        /// Whether the file exists.
        public var exists: Bool
    }

    /// Every non-note file of the vault, sorted.
    public let files: [String]
    private let byPath: [String: String]
    private let byName: [String: [String]]

    /// Lists the files of every folder of the index (the full index or the cached view).
    public init(index: any NoteCollection) {
        let walker = VaultWalker(root: index.root, ignore: index.config.ignore)
        let directory = try? VaultDirectory(root: index.root)
        var files: [String] = []
        for folder in [""] + index.folderTree.descendants.map(\.path) {
            for name in directory?.names(in: folder) ?? [] where !name.hasPrefix(".") && !VaultPath.isNoteFile(name) {
                let path = VaultPath.join(folder, name)
                guard let info = SystemIO.lstat(index.root + "/" + path), (info.st_mode & S_IFMT) == S_IFREG else { continue }
                if walker.isIgnored(path, name: name) { continue }
                files.append(path)
            }
        }
        self.init(files: files)
    }

    /// A scan over a known list of files (tests).
    public init(files: [String]) {
        self.files = files.sorted()
        var byPath: [String: String] = [:]
        var byName: [String: [String]] = [:]
        for path in self.files {
            byPath[LinkResolver.fold(path)] = path
            byName[LinkResolver.fold(VaultPath.name(of: path)), default: []].append(path)
        }
        self.byPath = byPath
        self.byName = byName
    }

    /// Where an attachment link written in the note at `source` points, and whether a file is
    /// there: found by the path rules of `LinkResolver` (Obsidian's), for wikilinks and Markdown
    /// links alike.
    public func resolve(_ link: NoteLink, from source: String) -> (path: String?, exists: Bool) {
        // The common case of `check` (318,000 broken links at 100,000 notes): a wikilink's bare
        // name that no file has, settled on the target's bytes, without the note's folder.
        if link.isWikilink, let bare = AttachmentScan.bareName(link.target), byName[LinkResolver.fold(bare)] == nil { return (bare, false) }
        return resolveByRules(link, from: source)
    }

    /// `resolve` without its shortcut for bare names (what the shortcut must agree with: tests).
    func resolveByRules(_ link: NoteLink, from source: String) -> (path: String?, exists: Bool) {
        let folder = VaultPath.folder(of: source)
        let written = link.target.trimmingSpaces
        if written.hasPrefix("./") || written.hasPrefix("../") || written.hasPrefix("/") {
            let joined = written.hasPrefix("/") ? String(written.dropFirst()) : VaultPath.join(folder, written)
            guard let path = LinkResolver.normalized(joined) else { return (nil, false) }
            return byPath[LinkResolver.fold(path)].map { ($0, true) } ?? (path, false)
        }
        guard let path = LinkResolver.normalized(written) else { return (nil, false) }
        // A bare name that no file has: no file at the root or in the note's folder has it either.
        let missing = (link.isWikilink ? path : LinkResolver.normalized(VaultPath.join(folder, path)), false)
        if !path.contains("/"), byName[LinkResolver.fold(path)] == nil { return missing }
        if let found = byPath[LinkResolver.fold(path)] { return (found, true) }
        if !folder.isEmpty, let found = byPath[LinkResolver.fold(VaultPath.join(folder, path))] { return (found, true) }
        var candidates = byName[LinkResolver.fold(VaultPath.name(of: path))] ?? []
        if path.contains("/") {
            let suffix = "/" + LinkResolver.fold(path)
            candidates = candidates.filter { LinkResolver.fold("/" + $0).hasSuffix(suffix) }
        }
        if let found = LinkResolver.pick(candidates, from: source)?.path { return (found, true) }
        // Missing: where a Markdown link points from its note, where a wikilink names from the root.
        return missing
    }

    /// `target` when it is a bare name as `resolve` reads it: no `/`, no space or tab at either
    /// end, not `.` or `..` (then trimming and normalizing give it back unchanged); else nil.
    static func bareName(_ target: String) -> String? {
        var copy = target
        let bare = copy.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, first != 0x09, last != 0x20, last != 0x09,
                !bytes.contains(0x2F)
            else { return false }
            return !(bytes.count <= 2 && bytes.allSatisfy { $0 == 0x2E })
        }
        return bare ? target : nil
    }

    /// The attachment links among resolved link entries, with where they point.
    public func references(_ entries: [LinkGraph.Entry]) -> [Reference] {
        entries.compactMap { entry in
            guard entry.resolution == .attachment else { return nil }
            let (path, exists) = resolve(entry.link, from: entry.source)
            return Reference(
                source: entry.source, line: entry.line, text: entry.text, target: entry.link.target, path: path, exists: exists)
        }
    }

    /// The attachment links of one note's file bytes.
    public func references(ofFile bytes: [UInt8], source: String, resolver: LinkResolver) -> [Reference] {
        references(LinkGraph.links(ofFile: bytes, source: source, resolver: resolver) { _, resolution in resolution == .attachment })
    }

    /// The attachment links of every readable note, and the notes that could not be read.
    public func allReferences(index: VaultIndex, resolver: LinkResolver) -> (references: [Reference], unread: [String]) {
        let (entries, unread) = LinkGraph.scan(index: index, resolver: resolver) { _, resolution in resolution == .attachment }
        return (references(entries), unread)
    }

    /// The folders attachments go to under `rule`, for the notes of `index`.
    public static func attachmentFolders(rule: AttachmentFolderRule, index: any NoteCollection) -> Set<String> {
        // The rule reads only the note's folder: asked once per folder (notes come in path order).
        var folders = Set<String>()
        var seen = Set<String>()
        var last: String?
        for position in 0..<index.noteCount {
            let folder = index.folder(at: position)
            guard folder != last else { continue }
            last = folder
            if seen.insert(folder).inserted { folders.insert(rule.folder(forNote: index.path(at: position))) }
        }
        return folders
    }

    /// Files directly in an attachment folder that no reference points at, sorted.
    public func orphans(folders: Set<String>, references: [Reference]) -> [String] {
        let used = Set(references.compactMap { $0.exists ? $0.path.map(LinkResolver.fold) : nil })
        return files.filter { folders.contains(VaultPath.folder(of: $0)) && !used.contains(LinkResolver.fold($0)) }
    }

    /// Size and kind (by content) of a vault file, read without following symlinks; nil when it
    /// is missing or not a regular file.
    public static func describe(_ path: String, directory: VaultDirectory) -> (size: Int64, kind: AttachmentKind)? {
        guard let parent = try? directory.parent(of: path) else { return nil }
        let file = openat(parent.fd, parent.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        guard let info = SystemIO.fstat(file), (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: AttachmentKind.sniffLength)
        let count = head.withUnsafeMutableBytes { pread(file, $0.baseAddress!, $0.count, 0) }
        return (Int64(info.st_size), AttachmentKind.of(head.prefix(max(0, count))))
    }
}
