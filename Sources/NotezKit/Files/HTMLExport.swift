/// The `html` export: a static site that needs no JavaScript and no server. `index.html` is the
/// overview (pinned, unsorted, the folder tree, the tags), with a page per folder
/// (`folders/PATH/index.html`), per tag (`tags/NAME.html`) and per note (`notes/PATH.html`), each
/// note rendered by `MarkdownHTML` (cmark-gfm, safe mode: raw HTML omitted). Links between
/// exported notes (Markdown links to `.md` files and `[[wikilinks]]`) point at their pages; links
/// to notes that are not exported stop being links; images inside the vault are copied beside
/// the pages. Every page forbids scripts with a Content-Security-Policy as a second wall.
public struct HTMLExport {
    /// The site's files: relative path and bytes.
    public private(set) var files: [(path: String, bytes: [UInt8])] = []
    /// Notes left out (symlinked, unreadable), and images not copied, with the reason.
    public private(set) var issues: [FileIssue] = []

    private let index: VaultIndex
    private let notes: [Note]
    private let exported: Set<PathKey>
    private var byName: [String: String] = [:]
    private var bodies: [PathKey: [UInt8]] = [:]
    private var copied: Set<String> = []
    private let now: Double
    /// The largest image copied (64 MiB).
    static let maxImageSize = 64 << 20

    /// Builds the site for `notes`.
    public init(notes all: [Note], index: VaultIndex, now: Double) {
        self.index = index
        self.now = now
        let disk = DiskVaultFiles(root: index.root)
        var kept: [Note] = []
        var bodies: [PathKey: [UInt8]] = [:]
        var issues: [FileIssue] = []
        for note in all {
            if index.symlinkedNotes.contains(note.path) || disk.kind(note.path) == .symlink {
                issues.append(FileIssue(path: note.path, reason: "symlinked note; not exported"))
                continue
            }
            do {
                guard let contents = try disk.read(note.path) else { continue }
                bodies[PathKey(note.path)] = contents.bytes
                kept.append(note)
            } catch {
                issues.append(FileIssue(path: note.path, reason: error.description, failed: true))
            }
        }
        notes = kept
        self.bodies = bodies
        self.issues = issues
        exported = Set(kept.map { PathKey($0.path) })
        // Wikilink targets: the path without extension, the file name and the title, case-insensitively.
        for note in kept.reversed() {
            let stem = PlanBuilder.split(note.path).0
            for key in [stem, VaultPath.name(of: stem), note.title] { byName[key.lowercased()] = note.path }
        }
        build()
    }

    /// Writes the site into a new folder.
    public func write(to destination: ExportDestination) throws(NotezError) {
        try destination.createFolder()
        for file in files { try destination.write(file.bytes, to: file.path) }
    }

    // MARK: - Pages

    private mutating func build() {
        add("index.html", page(title: "Notes", depth: 0, body: overview()))
        var folders: Set<String> = []
        for note in notes {
            var folder = note.folder
            while !folder.isEmpty {
                folders.insert(folder)
                folder = VaultPath.folder(of: folder)
            }
        }
        for folder in folders.sorted() {
            let path = "folders/" + folder + "/index.html"
            add(path, page(title: folder, depth: depth(of: path), body: folderPage(folder, depth: depth(of: path))))
        }
        var tags: [TagKey: String] = [:]
        for note in notes {
            for (tag, key) in zip(note.tags, note.tagKeys) where tags[key] == nil { tags[key] = index.displayName(of: key) ?? tag }
        }
        for (key, name) in tags.sorted(by: { Ordering.nameLess($0.value, $1.value) }) {
            let path = Self.tagPath(name)
            let listed = notes.filter { $0.tagKeys.contains { $0.isSelfOrDescendant(of: key) } }
            add(path, page(title: "#" + name, depth: 1, body: "<h1>#\(HTMLText.escape(name))</h1>\n" + list(listed, depth: 1)))
        }
        var all = ""
        for note in notes {
            let path = Self.notePath(note.path)
            add(path, page(title: note.title, depth: depth(of: path), body: notePage(note, depth: depth(of: path))))
            all += "<section class=\"page\">\n" + notePage(note, depth: 0) + "</section>\n"
        }
        // Every note on one page, one note a printed page: what the pdf export prints.
        add(Self.printPage, page(title: "All notes", depth: 0, body: all))
    }

    /// The page with every note, for printing.
    public static let printPage = "print.html"

    private mutating func add(_ path: String, _ text: String) {
        files.append((path, Array(text.utf8)))
    }

    private func depth(of path: String) -> Int { path.split(separator: "/").count - 1 }

    private func up(_ depth: Int) -> String { String(repeating: "../", count: depth) }

    private func page(title: String, depth: Int, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <style>\(Self.style)</style>
        </head>
        <body>
        <nav><a href="\(up(depth))index.html">Overview</a></nav>
        <main>
        \(body)
        </main>
        <footer>Exported by notez on \(NoteDate.iso8601(now))</footer>
        </body>
        </html>

        """
    }

    private func overview() -> String {
        var html = "<h1>Notes</h1>\n<p>\(notes.count) note\(notes.count == 1 ? "" : "s") · <a href=\"\(Self.printPage)\">all on one page</a></p>\n"
        let pinned = notes.filter(\.pinned).sorted(by: Ordering.noteLess)
        if !pinned.isEmpty { html += "<h2>All Pinned Notes</h2>\n" + list(pinned, depth: 0) }
        let unsorted = notes.filter(\.isUnsorted)
        if !unsorted.isEmpty {
            html += "<h2>Unsorted Notes</h2>\n" + list(ordered(unsorted, folder: ""), depth: 0)
        }
        html += "<h2>Folders</h2>\n" + tree(index.folderTree, depth: 0)
        var counts: [TagKey: (name: String, count: Int)] = [:]
        for note in notes {
            for (tag, key) in zip(note.tags, note.tagKeys) {
                counts[key, default: (index.displayName(of: key) ?? tag, 0)].count += 1
            }
        }
        if !counts.isEmpty {
            html += "<h2>Tags</h2>\n<ul class=\"tags\">\n"
            for entry in counts.values.sorted(by: { Ordering.nameLess($0.name, $1.name) }) {
                html += "<li><a href=\"\(Self.href(Self.tagPath(entry.name)))\">#\(HTMLText.escape(entry.name))</a> <span class=\"count\">\(entry.count)</span></li>\n"
            }
            html += "</ul>\n"
        }
        return html
    }

    /// The folder tree with the number of exported notes in each folder (folders without any are left out).
    private func tree(_ node: FolderNode, depth: Int) -> String {
        var html = "<ul class=\"folders\">\n"
        for child in node.children {
            let count = notes.filter { $0.folder == child.path || $0.folder.hasPrefix(child.path + "/") }.count
            guard count > 0 else { continue }
            html += "<li><a href=\"\(up(depth))\(Self.href("folders/" + child.path + "/index.html"))\">\(HTMLText.escape(child.name))</a>"
            html += " <span class=\"count\">\(count)</span>\n" + tree(child, depth: depth) + "</li>\n"
        }
        return html + "</ul>\n"
    }

    private func folderPage(_ folder: String, depth: Int) -> String {
        var html = "<h1>"
        var walked = ""
        for component in folder.split(separator: "/") {
            walked = VaultPath.join(walked, String(component))
            if walked != folder {
                html += "<a href=\"\(up(depth))\(Self.href("folders/" + walked + "/index.html"))\">\(HTMLText.escape(String(component)))</a> › "
            } else {
                html += HTMLText.escape(String(component))
            }
        }
        html += "</h1>\n"
        if let node = index.folderTree.find(folder) { html += tree(node, depth: depth) }
        return html + list(ordered(notes.filter { $0.folder == folder }, folder: folder), depth: depth)
    }

    private func ordered(_ list: [Note], folder: String) -> [Note] {
        let usual = list.sorted(by: Ordering.noteLess)
        guard let order = try? ManualOrder.load(root: index.root) else { return usual }
        return order.sorted(usual, folder: folder)
    }

    private func list(_ list: [Note], depth: Int) -> String {
        var html = "<ul class=\"notes\">\n"
        for note in list {
            html += "<li><a href=\"\(up(depth))\(Self.href(Self.notePath(note.path)))\">\(HTMLText.escape(note.title))</a>"
            if note.pinned { html += " <span class=\"pin\">pinned</span>" }
            html += " <span class=\"date\">\(NoteDate.day(note.modified))</span></li>\n"
        }
        return html + "</ul>\n"
    }

    private mutating func notePage(_ note: Note, depth: Int) -> String {
        var html = "<h1>\(HTMLText.escape(note.title))</h1>\n<p class=\"meta\">"
        if note.folder.isEmpty {
            html += "Unsorted Notes"
        } else {
            html += "<a href=\"\(up(depth))\(Self.href("folders/" + note.folder + "/index.html"))\">\(HTMLText.escape(note.folder))</a>"
        }
        for (tag, key) in zip(note.tags, note.tagKeys) {
            let name = index.displayName(of: key) ?? tag
            html += " <a class=\"tag\" href=\"\(up(depth))\(Self.href(Self.tagPath(name)))\">#\(HTMLText.escape(name))</a>"
        }
        if note.pinned { html += " <span class=\"pin\">pinned</span>" }
        html += " <span class=\"date\">created \(NoteDate.day(note.created)), modified \(NoteDate.day(note.modified))</span></p>\n"
        let rendered = MarkdownHTML.render(note: bodies[PathKey(note.path)] ?? [])
        html += "<article>\n" + rewrite(rendered, note: note, depth: depth) + "</article>\n"
        return html
    }

    // MARK: - Links and images

    /// Points `href`s at exported notes' pages, unlinks other note links, copies images, turns wikilinks into links.
    private mutating func rewrite(_ html: String, note: Note, depth: Int) -> String {
        var out = ""
        var rest = Substring(html)
        while let range = [rest.range(of: "<a href=\""), rest.range(of: "<img src=\"")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) {
            let isImage = rest[range].hasPrefix("<img")
            out += wikilinks(String(rest[..<range.lowerBound]), depth: depth)
            guard let close = rest[range.upperBound...].firstIndex(of: "\"") else {
                rest = rest[range.lowerBound...]
                break
            }
            let target = String(rest[range.upperBound..<close])
            rest = rest[rest.index(after: close)...]
            if isImage {
                out += "<img src=\"" + image(target, note: note, depth: depth) + "\""
            } else if let link = link(target, note: note, depth: depth) {
                out += "<a href=\"" + link + "\""
            } else {
                out += "<a class=\"missing\""
            }
        }
        return out + wikilinks(String(rest), depth: depth)
    }

    /// The new href of a link, nil to unlink it (a note that is not exported). External links stay.
    private func link(_ target: String, note: Note, depth: Int) -> String? {
        if target.isEmpty { return nil }
        if Self.isExternal(target) || target.hasPrefix("#") { return target }
        guard let relative = Self.vaultRelative(target, from: note.folder) else { return nil }
        let lower = relative.path.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown") else { return target }
        guard exported.contains(PathKey(relative.path)) else { return nil }
        return up(depth) + Self.href(Self.notePath(relative.path)) + relative.fragment
    }

    /// Copies an image inside the vault next to the pages (under `notes/`); other sources stay.
    private mutating func image(_ target: String, note: Note, depth: Int) -> String {
        if Self.isExternal(target) { return target }
        guard let relative = Self.vaultRelative(target, from: note.folder) else { return "" }
        let path = relative.path
        if !copied.contains(path) {
            do throws(NotezError) {
                guard (try? VaultPath.validated(path)) == path else { throw NotezError.refused("not a path inside the vault") }
                guard let bytes = try VaultDirectory(root: index.root).readFile(path, limit: Self.maxImageSize) else {
                    throw NotezError.refused("no such file")
                }
                files.append(("notes/" + path, bytes))
                copied.insert(path)
            } catch {
                issues.append(FileIssue(path: path, reason: "image not copied (linked from \(note.path)): \(error.description)"))
                return ""
            }
        }
        return up(depth) + Self.href("notes/" + path)
    }

    /// `[[Target]]`, `[[Target|Label]]`, `[[Target#Heading]]` in rendered text: a link when the
    /// target is an exported note (by path, file name or title), else left as text.
    private func wikilinks(_ html: String, depth: Int) -> String {
        guard html.contains("[[") else { return html }
        var out = ""
        var rest = Substring(html)
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            out += rest[..<open.lowerBound]
            let inner = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            let parts = inner.split(separator: "|", maxSplits: 1).map(String.init)
            let target = Self.unescape(parts.first ?? "").split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            let label = parts.count > 1 ? parts[1] : parts.first ?? ""
            if !inner.contains("<"), let path = byName[target.trimmingCharacters(in: .whitespaces).lowercased()] {
                out += "<a href=\"\(up(depth))\(Self.href(Self.notePath(path)))\">\(label)</a>"
            } else {
                out += "[[" + inner + "]]"
            }
        }
        return out + rest
    }

    /// A relative link target as a vault path (percent-decoded, `..` resolved), with its `#fragment`;
    /// nil for URLs with a scheme, absolute paths, fragments alone and targets leaving the vault.
    static func vaultRelative(_ target: String, from folder: String) -> (path: String, fragment: String)? {
        let raw = unescape(target)
        guard !raw.isEmpty, !raw.hasPrefix("/"), !raw.hasPrefix("#"), !raw.contains(":"), !raw.hasPrefix("?") else { return nil }
        var fragment = ""
        var pathPart = raw
        if let hash = raw.firstIndex(of: "#") {
            fragment = String(raw[hash...])
            pathPart = String(raw[..<hash])
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = String(pathPart[..<query]) }
        guard let decoded = pathPart.removingPercentEncodingSafely else { return nil }
        var components = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        for component in decoded.split(separator: "/") {
            if component == "." { continue }
            if component == ".." {
                guard !components.isEmpty else { return nil }
                components.removeLast()
            } else {
                components.append(String(component))
            }
        }
        guard !components.isEmpty else { return nil }
        return (components.joined(separator: "/"), fragment.isEmpty ? "" : "#" + HTMLText.percentEncoded(String(fragment.dropFirst())))
    }

    /// A URL with a scheme (`https:`, `mailto:`) or a network path (`//host`); cmark-gfm's safe
    /// mode has already emptied `javascript:` and the like.
    static func isExternal(_ target: String) -> Bool {
        if target.hasPrefix("//") { return true }
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    // MARK: - Text

    static func notePath(_ path: String) -> String { "notes/" + PlanBuilder.split(path).0 + ".html" }

    /// `tags/NAME.html` with every byte outside `[A-Za-z0-9-]` written `_XX`, so any tag is a safe file name.
    static func tagPath(_ name: String) -> String {
        var out = "tags/"
        for byte in name.lowercased().utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                out.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "_" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out + ".html"
    }

    /// A relative path as an href: each byte outside the unreserved set and `/` percent-encoded.
    static func href(_ path: String) -> String { HTMLText.percentEncoded(path, keepSlash: true) }

    /// The entities cmark-gfm writes in attributes and text.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static let style = """
        body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}\
        nav{margin-bottom:1rem}a{color:#1a5fb4}.count,.date,.meta{color:#666;font-size:.9em}\
        .pin{color:#c01c28;font-size:.8em}.tag{margin-left:.4em}a.missing{color:inherit;text-decoration:underline dotted}\
        pre{background:#f4f4f4;padding:.6em;overflow:auto}img{max-width:100%}footer{margin-top:3rem;color:#999;font-size:.8em}\
        table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}\
        @media print{nav,footer{display:none}section.page{break-after:page}}
        """
}

extension String {
    /// Percent-decoding that never fails on a stray `%`: nil only for sequences that decode to invalid UTF-8.
    fileprivate var removingPercentEncodingSafely: String? {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
