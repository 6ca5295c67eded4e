/// Resolves link targets to notes the way Obsidian does (docs/links-and-inline-tags.md).
///
/// A wikilink `[[T]]`: the note whose path is `T` or `T.md` (case-insensitive), else whose path
/// ends in `/T.md`, else whose file name is `T`, else whose title is `T`. A Markdown link is a path
/// relative to the linking note's folder (`/` starts at the vault root), percent-decoded, with or
/// without `.md`; when no file is there and the target has no `/`, it is looked up by file name
/// like a wikilink. When several notes match at the same step, the shortest path wins (fewest
/// folders, then fewest bytes, then byte order) and the link is `ambiguous`. A target with another
/// extension than `.md`/`.markdown` is an attachment: notez does not resolve it.
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

    private let paths: [String]
    private let byPath: [String: [Int]]
    private let byName: [String: [Int]]
    private let byTitle: [String: [Int]]

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

    /// Builds the lookup tables from the index's notes.
    public init(index: VaultIndex) {
        self.init(targets: index.notes.map { Target(path: $0.path, title: $0.title, aliases: $0.aliases) })
    }

    /// Builds the lookup tables from notes as they will be (the vault after a planned rename or move).
    public init(targets: [Target]) {
        var paths: [String] = []
        var byPath: [String: [Int]] = [:]
        var byName: [String: [Int]] = [:]
        var byTitle: [String: [Int]] = [:]
        for (position, note) in targets.enumerated() {
            paths.append(note.path)
            byPath[LinkResolver.fold(note.path), default: []].append(position)
            byName[LinkResolver.fold(VaultPath.fileTitle(of: note.path)), default: []].append(position)
            byTitle[LinkResolver.fold(note.title), default: []].append(position)
            for alias in note.aliases { byTitle[LinkResolver.fold(alias), default: []].append(position) }
        }
        self.paths = paths
        self.byPath = byPath
        self.byName = byName
        self.byTitle = byTitle
    }

    /// Resolves `link` written in the note at `source`.
    public func resolve(_ link: NoteLink, from source: String) -> Resolution {
        if link.target.isEmpty { return .sameNote }
        if LinkResolver.isAttachment(link.target) { return .attachment }
        if link.isWikilink {
            let target = LinkResolver.withoutDendronVault(link.target)
            // Dendron writes `[[label|target]]`: when the Obsidian reading finds no note by path or
            // file name and the other side does, the other side is the target.
            let labelTarget = link.label.map { label in
                LinkResolver.withoutDendronVault(String(label.prefix { $0 != "#" }))
            }
            if let label = labelTarget, strictName(target) == nil,
                let other = strictName(label)
            {
                return other
            }
            return resolveName(target)
        }
        if let joined = LinkResolver.markdownPath(link.target, from: source) {
            let found = lookup(byPath, joined) ?? lookup(byPath, joined + ".md")
            if let found { return found }
        }
        // `[x](Note.md)` written by an app in "shortest path" mode: a bare name.
        let target = link.target.hasPrefix("/") ? String(link.target.dropFirst()) : link.target
        if !target.contains("/") { return resolveName(target) }
        return .broken
    }

    /// The vault path a Markdown link's (decoded) target names from the note at `source`: relative
    /// to its folder, or to the root with a leading `/`; nil when it climbs above the root.
    static func markdownPath(_ target: String, from source: String) -> String? {
        let absolute = target.hasPrefix("/")
        return normalized(absolute ? String(target.dropFirst()) : VaultPath.join(VaultPath.folder(of: source), target))
    }

    /// A wikilink target or a NOTE name: path, path suffix, file name, title or alias.
    func resolveName(_ raw: String) -> Resolution {
        var name = raw.trimmingSpaces
        for suffix in [".md", ".markdown"] where name.lowercased().hasSuffix(suffix) {
            if let exact = lookup(byPath, name) { return exact }
            name = String(name.dropLast(suffix.count))
        }
        if let exact = lookup(byPath, name + ".md") ?? lookup(byPath, name + ".markdown") { return exact }
        if name.contains("/") {
            let suffix = "/" + LinkResolver.fold(name) + ".md"
            let matches = paths.indices.filter { LinkResolver.fold(paths[$0]).hasSuffix(suffix) }
            if let found = ranked(matches) { return found }
            return .broken
        }
        return lookup(byName, name) ?? lookup(byTitle, name) ?? .broken
    }

    /// Only the path and file name steps of `resolveName` (no titles or aliases); nil when they find nothing.
    func strictName(_ raw: String) -> Resolution? {
        let name = raw.trimmingSpaces
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return lookup(byPath, name) ?? lookup(byPath, name + ".md") ?? lookup(byName, name)
    }

    /// `dendron://vault/note.name` → `note.name` (Dendron's cross-vault links).
    static func withoutDendronVault(_ target: String) -> String {
        guard target.hasPrefix("dendron://") else { return target }
        let rest = target.dropFirst("dendron://".count)
        guard let slash = rest.firstIndex(of: "/") else { return target }
        return String(rest[rest.index(after: slash)...])
    }

    private func lookup(_ table: [String: [Int]], _ key: String) -> Resolution? {
        ranked(table[LinkResolver.fold(key)] ?? [])
    }

    private func ranked(_ positions: [Int]) -> Resolution? {
        guard !positions.isEmpty else { return nil }
        if positions.count == 1 { return .note(paths[positions[0]]) }
        let sorted = Set(positions).map { paths[$0] }.sorted(by: LinkResolver.shorter)
        return sorted.count == 1 ? .note(sorted[0]) : .ambiguous(sorted)
    }

    /// Fewer folders, then fewer bytes, then byte order.
    static func shorter(_ a: String, _ b: String) -> Bool {
        let depthA = a.utf8.lazy.filter { $0 == UInt8(ascii: "/") }.count
        let depthB = b.utf8.lazy.filter { $0 == UInt8(ascii: "/") }.count
        if depthA != depthB { return depthA < depthB }
        if a.utf8.count != b.utf8.count { return a.utf8.count < b.utf8.count }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    /// Case-insensitive, NFC: how Obsidian compares names.
    static func fold(_ text: String) -> String {
        text.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A target with an extension other than `.md`/`.markdown`.
    static func isAttachment(_ target: String) -> Bool {
        let name = VaultPath.name(of: target)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...].lowercased()
        guard ext.count <= 5, ext.contains(where: \.isLetter), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
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
