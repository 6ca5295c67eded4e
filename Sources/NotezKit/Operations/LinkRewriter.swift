/// Rewrites the links of note bodies so that every link that found its target before a rename or
/// move finds the same target after it (docs/links-and-inline-tags.md, "Rename and mv keep links").
///
/// A link is left alone when it still resolves to the same note with the vault as it will be
/// (a wikilink by an alias, a Markdown link between two notes that moved together). Otherwise only
/// the target bytes change (label, `#fragment` and `|label` stay) and the link keeps its form:
/// a bare wikilink stays bare unless that would be ambiguous or broken (then it gets the note's
/// vault path without `.md`), a path wikilink stays a path, a Markdown link stays relative (or
/// absolute with a leading `/`), with or without `.md` and percent-encoded as it was. Each new
/// link is scanned and resolved again; one that would not find its note is left alone and reported.
public struct LinkRewriter: Sendable {
    /// The result for one note's file.
    public struct Rewrite: Sendable {
        /// The file's bytes after the rewrite.
        public var after: [UInt8]
        /// How many links changed.
        public var changed: Int
        /// `LINE: link` of links that should change but could not be rewritten to resolve.
        public var failed: [String]
    }

    private let oldResolver: LinkResolver
    private let newResolver: LinkResolver
    private let movedNotes: [String: String]
    private let movedFolders: [(from: String, to: String)]
    /// The vault's attachments before and after the moves, when the plan moves attachment files:
    /// links to them (wikilink embeds too) are then found and checked as `notez attachments` finds them.
    private let attachments: (before: AttachmentScan, after: AttachmentScan)?

    /// A rewriter for the notes in `targets` (the vault before) after `movedNotes` (old path → new
    /// path) and `movedFolders` (old folder or other file → new path) move; `newTitles` gives the title a note
    /// will have, by its old path, when it changes. With `attachments` (the vault's files before
    /// the moves), links to attachment files are resolved and rewritten in every form.
    public init(
        targets: [LinkResolver.Target], movedNotes: [String: String], movedFolders: [(from: String, to: String)] = [],
        newTitles: [String: String] = [:], attachments: AttachmentScan? = nil, options: LinkResolver.Options = LinkResolver.Options()
    ) {
        self.movedNotes = movedNotes
        self.movedFolders = movedFolders
        self.attachments = attachments.map { ($0, AttachmentScan(files: $0.files.map { LinkRewriter.newPath($0, movedNotes, movedFolders) })) }
        oldResolver = LinkResolver(targets: targets, options: options)
        var after = targets
        for position in after.indices {
            let old = after[position].path
            let new = LinkRewriter.newPath(old, movedNotes, movedFolders)
            after[position].path = new
            if let title = newTitles[old] {
                after[position].title = title
            } else if after[position].title == VaultPath.fileTitle(of: old) {
                // A title that comes from the file name follows it.
                after[position].title = VaultPath.fileTitle(of: new)
            }
        }
        newResolver = LinkResolver(targets: after, options: options)
    }

    /// A rewriter for the notes of `index`.
    public init(
        index: VaultIndex, movedNotes: [String: String], movedFolders: [(from: String, to: String)] = [],
        newTitles: [String: String] = [:], attachments: AttachmentScan? = nil
    ) {
        self.init(
            targets: index.notes.map { LinkResolver.Target(path: $0.path, title: $0.title, aliases: $0.aliases) },
            movedNotes: movedNotes, movedFolders: movedFolders, newTitles: newTitles, attachments: attachments,
            options: LinkResolver.Options(config: index.config))
    }

    /// Where the file at `path` will be.
    func newPath(_ path: String) -> String {
        LinkRewriter.newPath(path, movedNotes, movedFolders)
    }

    static func newPath(_ path: String, _ notes: [String: String], _ folders: [(from: String, to: String)]) -> String {
        if let moved = notes[path] { return moved }
        for folder in folders {
            // A moved file that is not a note (an image moved by `folder delete`) is named exactly.
            if path == folder.from { return folder.to }
            if path.hasPrefix(folder.from + "/") { return folder.to + path.dropFirst(folder.from.count) }
        }
        return path
    }

    /// The rewrite of the file `bytes` of the note at (old path) `source`; nil when no link changes
    /// and none failed.
    public func rewrite(_ bytes: [UInt8], source: String) -> Rewrite? {
        let bodyStart = InlineTagEditor.bodyStart(bytes)
        let links = LinkScanner.links(in: bytes[bodyStart...])
        guard !links.isEmpty else { return nil }
        let newSource = newPath(source)
        var splices: [Splice] = []
        var failed: [String] = []
        for link in links {
            guard let (oldTarget, isNote) = target(of: link, from: source) else { continue }
            let newTarget = newPath(oldTarget)
            if newSource == source && newTarget == oldTarget {
                // A moved file can take over a wikilink by name that found another file: checked too.
                if isNote || attachments == nil || !link.isWikilink
                    || stillFinds(link, from: source, newSource: newSource, oldTarget: oldTarget, newTarget: newTarget)
                {
                    continue
                }
            }
            let written = String(decoding: bytes[link.targetRange], as: UTF8.self)
            if isNote {
                let now = newResolver.resolve(link, from: newSource)
                if now.path == newTarget, case .note = now { continue }
                if now.path == newTarget, case .ambiguous = oldResolver.resolve(link, from: source) { continue }
            } else if stillFinds(link, from: source, newSource: newSource, oldTarget: oldTarget, newTarget: newTarget) {
                continue
            }
            let candidates =
                link.isWikilink
                ? wikilinkCandidates(written, oldTarget: oldTarget, newTarget: newTarget, isNote: isNote)
                : markdownCandidates(
                    written, link: link, bytes: bytes, newSource: newSource, oldTarget: oldTarget, newTarget: newTarget, isNote: isNote)
            let text = bytes[link.range]
            let offset = link.targetRange.lowerBound - link.range.lowerBound
            let suffix = Array(bytes[link.targetRange.upperBound..<link.range.upperBound])
            var done = false
            for candidate in candidates {
                let rewritten = Array(text.prefix(offset)) + Array(candidate.utf8) + suffix
                if resolves(rewritten, from: newSource, to: newTarget, isNote: isNote) {
                    if candidate != written { splices.append(Splice(range: link.targetRange, text: candidate)) }
                    done = true
                    break
                }
            }
            if !done {
                failed.append("\(LinkRewriter.line(of: link.range.lowerBound, in: bytes)): \(String(decoding: text, as: UTF8.self))")
            }
        }
        guard !splices.isEmpty || !failed.isEmpty else { return nil }
        return Rewrite(after: Splice.apply(splices, to: bytes), changed: splices.count, failed: failed)
    }

    /// The vault path a link points at before the move and whether it is a note; nil for links
    /// that are broken, external, same-note, outside the vault or wikilinks to attachments.
    private func target(of link: NoteLink, from source: String) -> (String, Bool)? {
        let resolution = oldResolver.resolve(link, from: source)
        if let path = resolution.path { return (path, true) }
        guard resolution == .attachment else { return nil }
        if let attachments, case (let path?, true) = attachments.before.resolve(link, from: source) { return (path, false) }
        guard !link.isWikilink else { return nil }
        return LinkResolver.markdownPath(link.target, from: source).map { ($0, false) }
    }

    /// True when the attachment link, unchanged, finds its file after the moves: a wikilink as
    /// Obsidian finds it, a Markdown link by its path (or by file name, when that is how it found
    /// the file before).
    private func stillFinds(_ link: NoteLink, from source: String, newSource: String, oldTarget: String, newTarget: String) -> Bool {
        let exact = LinkResolver.markdownPath(link.target, from: newSource).map(LinkResolver.fold)
        guard let attachments else { return !link.isWikilink && exact == LinkResolver.fold(newTarget) }
        let found = attachments.after.resolve(link, from: newSource)
        guard found.exists, found.path.map(LinkResolver.fold) == LinkResolver.fold(newTarget) else { return false }
        if link.isWikilink || exact == LinkResolver.fold(newTarget) { return true }
        // A Markdown link that found its file by name only keeps that form.
        return LinkResolver.markdownPath(link.target, from: source).map(LinkResolver.fold) != LinkResolver.fold(oldTarget)
    }

    /// True when the link text `rewritten` reads back as one link that finds `target` from `source`.
    private func resolves(_ rewritten: [UInt8], from source: String, to target: String, isNote: Bool) -> Bool {
        let found = LinkScanner.links(in: rewritten[...])
        guard found.count == 1, let link = found.first, link.range == 0..<rewritten.count else { return false }
        if isNote { return newResolver.resolve(link, from: source) == .note(target) }
        if link.isWikilink, let attachments {
            let found = attachments.after.resolve(link, from: source)
            return found.exists && found.path == target
        }
        return LinkResolver.markdownPath(link.target, from: source) == target
    }

    /// New wikilink targets to try, in order: the form written (bare name, or path with the last
    /// part replaced when the folder stays, or for an attachment, whose path is read from the
    /// note's folder too), then the vault path.
    private func wikilinkCandidates(_ written: String, oldTarget: String, newTarget: String, isNote: Bool) -> [String] {
        let trimmed = written.trimmingSpaces
        let withExtension = trimmed.lowercased().hasSuffix(".md") || trimmed.lowercased().hasSuffix(".markdown")
        let newName = withExtension ? VaultPath.name(of: newTarget) : VaultPath.fileTitle(of: newTarget)
        let fullPath = withExtension ? newTarget : String(newTarget.dropLast(VaultPath.name(of: newTarget).count)) + VaultPath.fileTitle(of: newTarget)
        var candidates: [String] = []
        if let slash = trimmed.lastIndex(of: "/") {
            if !isNote || VaultPath.folder(of: oldTarget) == VaultPath.folder(of: newTarget) {
                candidates.append(String(trimmed[...slash]) + newName)
            }
        } else {
            candidates.append(newName)
        }
        candidates.append(fullPath)
        return candidates
    }

    /// New destinations of a Markdown link to try, in the written style: a bare name stays a bare
    /// name when that still finds the note, else the path relative to the linking note.
    private func markdownCandidates(
        _ written: String, link: NoteLink, bytes: [UInt8], newSource: String, oldTarget: String, newTarget: String, isNote: Bool
    ) -> [String] {
        let decoded = link.target
        let absolute = decoded.hasPrefix("/")
        let keepsExtension = !isNote || decoded.lowercased().hasSuffix(".md") || decoded.lowercased().hasSuffix(".markdown")
        var path = newTarget
        if !keepsExtension { path = String(path.dropLast(VaultPath.name(of: path).count)) + VaultPath.fileTitle(of: path) }
        var paths: [String] = []
        // Obsidian writes Markdown links as vault paths from any folder: such a link stays one.
        let fromRoot =
            !absolute && decoded.contains("/") && !decoded.hasPrefix("./") && !decoded.hasPrefix("../")
            && LinkResolver.normalized(decoded).map { path in
                [oldTarget, VaultPath.join(VaultPath.folder(of: oldTarget), VaultPath.fileTitle(of: oldTarget))]
                    .contains { LinkResolver.fold($0) == LinkResolver.fold(path) }
            } == true
        if absolute {
            paths.append("/" + path)
        } else {
            if isNote, !decoded.contains("/") { paths.append(VaultPath.name(of: path)) }
            if fromRoot { paths.append(path) }
            var relative = VaultPath.relative(path, fromFolder: VaultPath.folder(of: newSource))
            if decoded.hasPrefix("./"), !relative.hasPrefix("../") { relative = "./" + relative }
            paths.append(relative)
        }
        let angled = link.targetRange.lowerBound > 0 && bytes[link.targetRange.lowerBound - 1] == UInt8(ascii: "<")
        return paths.map { path in
            if written.contains("%") { return LinkRewriter.percentEncoded(path, keep: LinkRewriter.unreserved) }
            if angled { return LinkRewriter.percentEncoded(path) { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") && $0 >= 0x20 } }
            return LinkRewriter.percentEncoded(path) {
                $0 > 0x20 && $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: ")") && $0 != UInt8(ascii: "<")
            }
        }
    }

    /// `text` with `%` and every byte `keep` rejects written as `%XX`.
    static func percentEncoded(_ text: String, keep: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            if keep(byte) && byte != UInt8(ascii: "%") {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ASCII letters, digits, `-._~` and the path separator `/`.
    static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~/".utf8.contains(byte)
        }
    }

    /// The 1-based line of byte `offset`.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}
