internal import CCmarkGFM
import Foundation

/// Renders a note as Obsidian shows it (docs/web.md, "Rendering"): cmark-gfm in safe mode for
/// CommonMark and GitHub's tables, task lists, footnotes and autolinks, plus notez's own pass for
/// what cmark-gfm does not know: wikilinks and embeds, links to notes, inline tags, callouts,
/// `==highlight==`, block ids and heading anchors.
///
/// The constructs are found by the library's own scanners (`LinkScanner`, `InlineTagScanner`,
/// `MarkdownProse`: prose only, never in code) and resolved by `LinkResolver` and
/// `AttachmentScan`, so a link opens the note `notez links` names. Every piece of HTML the pass
/// adds is built here from escaped text; raw HTML from the note is still omitted by cmark-gfm.
public struct NoteRenderer: Sendable {
    /// The front end's addresses: the renderer decides what a link points at, the front end how
    /// that is spelled. Each returns an unescaped URL (percent-encoded as the front end needs).
    public struct Addresses: Sendable {
        /// A note's page, with a fragment (already a slug: `heading-text`, `^block`) or nil.
        public var note: @Sendable (_ path: String, _ fragment: String?) -> String
        /// A vault file (image, PDF) served by the front end.
        public var file: @Sendable (_ path: String) -> String
        /// A tag's view.
        public var tag: @Sendable (_ name: String) -> String
        /// The page that offers to create a missing note with this title in this folder.
        public var create: @Sendable (_ title: String, _ folder: String) -> String

        /// Addresses from four functions.
        public init(
            note: @escaping @Sendable (String, String?) -> String, file: @escaping @Sendable (String) -> String,
            tag: @escaping @Sendable (String) -> String, create: @escaping @Sendable (String, String) -> String
        ) {
            self.note = note
            self.file = file
            self.tag = tag
            self.create = create
        }
    }

    /// How deep embeds nest (`![[A]]` in A's embed of B...); deeper ones are links.
    public static let maxDepth = 3
    /// The most notes one page transcludes.
    public static let maxEmbeds = 30
    /// The most bytes of embedded notes one page reads, in all.
    public static let maxEmbeddedBytes = 2 << 20

    let resolver: LinkResolver
    let attachments: AttachmentScan?
    let addresses: Addresses
    let read: @Sendable (String) -> [UInt8]?

    /// A renderer resolving links with `resolver` and attachments with `attachments`; `read` gives
    /// the bytes of a note to transclude (nil when it cannot be read: the embed becomes a link).
    public init(
        resolver: LinkResolver, attachments: AttachmentScan?, addresses: Addresses,
        read: @escaping @Sendable (String) -> [UInt8]?
    ) {
        self.resolver = resolver
        self.attachments = attachments
        self.addresses = addresses
        self.read = read
    }

    /// The HTML of the note at `path` whose file is `bytes` (front matter left out).
    public func render(path: String, bytes: [UInt8]) -> String {
        let budget = RenderBudget()
        return renderBody(Array(bytes[MarkdownHTML.bodyStart(of: bytes)...]), path: path, chain: [path], budget: budget)
    }

    /// Renders a body (no front matter) written in the note at `path`; `chain` holds the notes
    /// being embedded around it (a cycle is cut where a note would embed one of them).
    /// `anchorPrefix` goes before its heading and block ids (an embedded note's).
    func renderBody(_ body: [UInt8], path: String, chain: [String], budget: RenderBudget, anchorPrefix: String = "") -> String {
        let bytes = body.count > MarkdownHTML.maxBytes ? Array(body[..<MarkdownHTML.maxBytes]) : body
        var source = SourcePass(bytes: bytes)
        source.run()
        let pass = TreePass(renderer: self, path: path, chain: chain, budget: budget, tokens: source.tokens, anchorPrefix: anchorPrefix)
        let html = MarkdownHTML.render(markdown: source.output, extraOptions: CMARK_OPT_FOOTNOTES) { document in
            pass.transform(document)
        }
        return pass.fill(html)
    }

    // MARK: Names and anchors

    /// The anchor of a heading or a link's `#Heading`: lower case, white space and `-` runs as
    /// one `-`, letters, digits, marks and `_` kept, everything else dropped. The same text in a
    /// link and in the heading gives the same anchor.
    public static func slug(_ text: String) -> String {
        var out = ""
        var dash = false
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace || scalar == "-" {
                dash = !out.isEmpty
            } else if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
                || scalar == "_"
            {
                if dash { out += "-" }
                dash = false
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The anchor a link's fragment points at: `^id` for a block, else the slug of the last
    /// heading of `A#B#C` (Obsidian's heading path).
    static func anchor(ofFragment fragment: String?) -> String? {
        guard let fragment, !fragment.isEmpty else { return nil }
        if fragment.hasPrefix("^") { return fragment }
        let last = fragment.split(separator: "#").last.map(String.init) ?? fragment
        let slug = slug(last)
        return slug.isEmpty ? nil : slug
    }

    /// `300` or `300x200` after `|` in an image embed: the size Obsidian gives the image.
    static func size(_ label: String?) -> (width: Int, height: Int?)? {
        guard let label else { return nil }
        let parts = label.trimmingSpaces.split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let width = Int(parts[0]), (1...10000).contains(width) else { return nil }
        if parts.count == 2 {
            guard let height = Int(parts[1]), (1...10000).contains(height) else { return nil }
            return (width, height)
        }
        return (width, nil)
    }

    /// The image types shown inline (the others are links to the file).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp"]

    static func isImage(_ path: String) -> Bool {
        let name = VaultPath.name(of: path)
        guard let dot = name.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
