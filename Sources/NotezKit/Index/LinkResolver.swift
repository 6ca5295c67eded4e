/// Resolves link targets to notes the way Obsidian does (docs/obsidian-compatibility.md).
///
/// Wikilinks and Markdown links (percent-decoded) are one kind of path: `./`, `../` and `/` are
/// exact paths from the linking note's folder or the root; else the vault path, with or without
/// `.md`; else the path from the linking note's folder; else the notes of that file name whose path
/// ends with it, the one in the linking note's folder first, then the shortest path. Only a tie
/// of equal length is `ambiguous`. The label after `|` never decides, titles and aliases are not
/// link names (unless the vault's options say so), and a target with another extension than
/// `.md`/`.markdown` that names no note is an attachment, found by `AttachmentScan`.
public struct LinkResolver: Sendable {
    /// What a link points at.
    public enum Resolution: Sendable, Equatable {
        /// One note, at this path.
        case note(String)
        /// Several notes matched; the first (shortest path) is the one the link opens.
        case ambiguous([String])
        /// A heading or block of the linking note itself (`[[#Heading]]`).
        case sameNote
        /// A file that is not a note (an image, a PDF); not resolved.
        case attachment
        /// Nothing matches.
        case broken

        /// The note the link opens, if any.
        public var path: String? {
            switch self {
            case .note(let path): return path
            case .ambiguous(let paths): return paths.first
            default: return nil
            }
        }

        /// `resolved`, `ambiguous`, `self`, `attachment` or `broken`.
        public var label: String {
            switch self {
            case .note: return "resolved"
            case .ambiguous: return "ambiguous"
            case .sameNote: return "self"
            case .attachment: return "attachment"
            case .broken: return "broken"
            }
        }
    }

    /// Which readings beyond Obsidian's a vault asks for (`.notez/config.yaml`, docs/obsidian-compatibility.md).
    public struct Options: Sendable, Equatable {
        /// `link_aliases: true`: a wikilink that finds no file may name a note by its title or alias.
        public var aliases = false
        /// `dendron_links: true`: in `[[A|B]]`, when `A` finds nothing and `B` does, `B` is the target.
        public var dendronLabels = false

        /// Obsidian's reading only.
        public init() {}

        /// The options a vault's configuration sets.
        public init(config: VaultConfig) {
            aliases = config.linkAliases
            dendronLabels = config.dendronLinks
        }
    }

    private let paths: [String]
    // Compact for a resolver kept beside a live index of 100,000 notes (8 bytes per note and key
    // instead of a dictionary of folded strings): a hit is checked against the note's own key.
    private let byPath: LinkLookup
    private let byName: LinkLookup
    /// Titles and aliases, only with `link_aliases` (empty otherwise).
    private let byTitle: [String: [Int]]
    private let options: Options
    /// The vault's other files, when the caller listed them: a link to one is an attachment link
    /// whatever its name (`README`, `javascript:alert(1)`).
    private let files: AttachmentScan?

    /// The names a note can be linked by: its path, title and aliases.
    public struct Target: Sendable {
        /// The vault-relative path.
        public var path: String
        /// The note's title.
        public var title: String
        /// The note's aliases.
        public var aliases: [String]

        /// Creates a target.
        public init(path: String, title: String, aliases: [String]) {
            self.path = path
            self.title = title
            self.aliases = aliases
        }
    }

    /// Builds the lookup tables from the index's notes, with the vault's options; with `files`
    /// (the vault's other files), a link to any of them is an attachment link.
    public init(index: VaultIndex, files: AttachmentScan? = nil) {
        self.init(
            targets: index.notes.map { Target(path: $0.path, title: $0.title, aliases: $0.aliases) },
            options: Options(config: index.config), files: files)
    }

    /// Builds the lookup tables from notes as they will be (the vault after a planned rename or move).
    public init(targets: [Target], options: Options = Options(), files: AttachmentScan? = nil) {
        let paths = targets.map(\.path)
        // The names are folded and hashed on all cores (the whole vault's resolver folds 200,000 of them).
        byPath = LinkLookup(count: paths.count) { LinkResolver.fold(paths[$0]) }
        byName = LinkLookup(count: paths.count) { LinkResolver.nameKey(paths[$0]) }
        var byTitle: [String: [Int]] = [:]
        if options.aliases {
            for (position, note) in targets.enumerated() {
                for title in ([note.title] + note.aliases).map(LinkResolver.fold) { byTitle[title, default: []].append(position) }
            }
        }
        self.paths = paths
        self.byTitle = byTitle
        self.options = options
        self.files = files
    }

    /// The folded file title a note at `path` is called by.
    private static func nameKey(_ path: String) -> String { fold(VaultPath.fileTitle(of: path)) }

    /// The notes whose folded path is `key`; nil when none.
    private func notes(atPath key: String) -> [Int]? {
        let found = byPath.positions(of: key).filter { LinkResolver.fold(paths[$0]) == key }
        return found.isEmpty ? nil : found
    }

    /// The notes whose folded file title is `key`; nil when none.
    private func notes(named key: String) -> [Int]? {
        let found = byName.positions(of: key).filter { LinkResolver.nameKey(paths[$0]) == key }
        return found.isEmpty ? nil : found
    }

    /// Resolves `link` written in the note at `source`.
    public func resolve(_ link: NoteLink, from source: String) -> Resolution {
        if link.target.isEmpty { return .sameNote }
        var found: Resolution
        if link.isWikilink {
            found = resolveLinkpath(LinkResolver.withoutDendronVault(link.target), from: source)
            // Dendron writes `[[label|target]]`; only a vault that says so reads it that way.
            if options.dendronLabels, found == .broken, let label = link.label {
                let other = resolveLinkpath(LinkResolver.withoutDendronVault(String(label.prefix { $0 != "#" })), from: source)
                if other != .broken { found = other }
            }
        } else {
            found = resolveLinkpath(link.target, from: source)
        }
        // `[[Board.canvas]]`, `![[a.png]]`: a file that is not a note, unless a note has that name.
        if found == .broken, LinkResolver.isAttachment(link.target) || files?.resolve(link, from: source).exists == true {
            return .attachment
        }
        return found
    }

    /// A link's path (`Note`, `Folder/Note.md`, `../Note`) written in the note at `source`, found as
    /// Obsidian finds it: `./` and `../` from the note's folder and `/` from the root, exactly; else
    /// the vault path; else from the note's folder; else every note of that file name whose path
    /// ends with the link's path, the one in the note's own folder first, then the shortest path.
    /// A tie of equal length is `ambiguous`: Obsidian then opens whichever it lists first.
    func resolveLinkpath(_ raw: String, from source: String) -> Resolution {
        let written = raw.trimmingSpaces
        guard !written.isEmpty else { return .sameNote }
        let folder = VaultPath.folder(of: source)
        if written.hasPrefix("./") || written.hasPrefix("../") || written.hasPrefix("/") {
            let joined = written.hasPrefix("/") ? String(written.dropFirst()) : VaultPath.join(folder, written)
            return LinkResolver.normalized(joined).flatMap(exact) ?? .broken
        }
        guard let path = LinkResolver.normalized(written) else { return .broken }
        // A bare name that no note has (most broken links): no note at the root or in the linking
        // note's folder can match either, since such a note would be called by that name.
        let bare = !path.contains("/") && VaultPath.fileTitle(of: path) == path
        if bare, notes(named: LinkResolver.fold(path)) == nil {
            return byTitle[LinkResolver.fold(path)].flatMap { LinkResolver.pick($0.map { paths[$0] }, from: source) } ?? .broken
        }
        if let found = exact(path) { return found }
        if !folder.isEmpty, let found = exact(VaultPath.join(folder, path)) { return found }
        var name = path
        for suffix in [".md", ".markdown"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
        }
        var candidates = notes(named: LinkResolver.fold(VaultPath.name(of: name))) ?? []
        if name.contains("/") {
            let suffix = "/" + LinkResolver.fold(name)
            candidates = candidates.filter { position in
                let path = paths[position]
                let stem = VaultPath.join(VaultPath.folder(of: path), VaultPath.fileTitle(of: path))
                return LinkResolver.fold("/" + stem).hasSuffix(suffix)
            }
        }
        if let found = LinkResolver.pick(candidates.map { paths[$0] }, from: source) { return found }
        if !name.contains("/"), let found = byTitle[LinkResolver.fold(name)].flatMap({ LinkResolver.pick($0.map { paths[$0] }, from: source) }) {
            return found
        }
        return .broken
    }

    /// The note at exactly `path`, or `path` with `.md` or `.markdown` added (any case).
    private func exact(_ path: String) -> Resolution? {
        for candidate in [path, path + ".md", path + ".markdown"] {
            if let positions = notes(atPath: LinkResolver.fold(candidate)) {
                return LinkResolver.pick(positions.map { paths[$0] }, from: "")
            }
        }
        return nil
    }

    /// Obsidian's choice among the files a link's name matches: the one in the linking note's
    /// folder, else the shortest path; several of the same length are `ambiguous` (listed in byte
    /// order, the one notez opens first).
    static func pick(_ candidates: [String], from source: String) -> Resolution? {
        guard !candidates.isEmpty else { return nil }
        if candidates.count == 1 { return .note(candidates[0]) }
        let folder = VaultPath.folder(of: source)
        let beside = candidates.filter { VaultPath.folder(of: $0) == folder }
        if beside.count == 1 { return .note(beside[0]) }
        let sorted = (beside.isEmpty ? candidates : beside).sorted(by: shorter)
        let length = sorted[0].utf16.count
        let tied = sorted.prefix { $0.utf16.count == length }
        return tied.count == 1 ? .note(sorted[0]) : .ambiguous(sorted)
    }

    /// Shorter first (in UTF-16 units, as Obsidian measures a path), then byte order.
    static func shorter(_ a: String, _ b: String) -> Bool {
        let (lengthA, lengthB) = (a.utf16.count, b.utf16.count)
        if lengthA != lengthB { return lengthA < lengthB }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// The vault path a Markdown link's (decoded) target names read from the note at `source`:
    /// relative to its folder, or to the root with a leading `/`; nil when it climbs above the root.
    static func markdownPath(_ target: String, from source: String) -> String? {
        let absolute = target.hasPrefix("/")
        return normalized(absolute ? String(target.dropFirst()) : VaultPath.join(VaultPath.folder(of: source), target))
    }

    /// `dendron://vault/note.name` → `note.name` (Dendron's cross-vault links).
    static func withoutDendronVault(_ target: String) -> String {
        guard target.hasPrefix("dendron://") else { return target }
        let rest = target.dropFirst("dendron://".count)
        guard let slash = rest.firstIndex(of: "/") else { return target }
        return String(rest[rest.index(after: slash)...])
    }

    /// Case-insensitive, NFC: how Obsidian compares names. ASCII text is lower-cased byte by byte
    /// (NFC leaves it as it is, and its lower case is ASCII's): Foundation's NFC was most of the
    /// time of `check` and of a cache write, which fold every link's names.
    static func fold(_ text: String) -> String {
        var copy = text
        let ascii = copy.withUTF8 { utf8 -> [UInt8]? in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            return utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        }
        guard let ascii else { return slowFold(text) }
        return String(decoding: ascii, as: UTF8.self)
    }

    /// The definition of `fold`, for any text.
    static func slowFold(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A target with an extension other than `.md`/`.markdown`.
    static func isAttachment(_ target: String) -> Bool {
        let name = VaultPath.name(of: target)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...].lowercased()
        // Six letters at most: `.canvas` is Obsidian's longest (docs/obsidian-compatibility.md).
        guard ext.count <= 6, ext.contains(where: \.isLetter), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            return false
        }
        return ext != "md" && ext != "markdown"
    }

    /// `a/./b/../c` → `a/c`; nil when it climbs above the vault root.
    static func normalized(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}

import Foundation
