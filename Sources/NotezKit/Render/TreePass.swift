internal import CCmarkGFM
import Foundation

/// The second half of `NoteRenderer`'s pass, on cmark-gfm's tree: the source's tokens become
/// links, embeds, tags, `<mark>` and block anchors; Markdown links and images to vault files are
/// resolved; headings get anchors; block quotes starting `[!type]` become callouts.
///
/// Everything added is a custom node whose HTML is built here from escaped text (cmark-gfm
/// writes a custom node's HTML as given, and keeps omitting the note's own raw HTML).
final class TreePass {
    let renderer: NoteRenderer
    let path: String
    let chain: [String]
    let budget: RenderBudget
    let tokens: [SourcePass.Token]
    /// Put before every heading and block anchor: an embedded note's ids must not collide with
    /// the page's own ("" for the page's note).
    let anchorPrefix: String

    private var marks: [(node: OpaquePointer, open: Bool)] = []
    private var blockAnchors: [OpaquePointer] = []
    private var embeds: [(node: OpaquePointer, link: NoteLink, target: String)] = []
    private var usedAnchors: [String: Int] = [:]

    /// What a custom node becomes where cmark-gfm refuses custom nodes (a table cell takes only
    /// its own inlines): a plain link or image, or text.
    private enum Fallback {
        case link(String)
        case image(String, alt: String)
        case text(String)
    }
    private var fallbacks: [OpaquePointer: Fallback] = [:]

    /// The HTML of nodes placed where cmark-gfm takes no custom node (a table cell's inlines):
    /// the cell gets a text placeholder (U+FDD0 `H` number U+FDD1, which no note text can forge:
    /// `SourcePass` replaces those characters), and `fill` puts the HTML in after rendering.
    private var pieces: [String] = []
    /// Highlight marks that became placeholders, with their piece.
    private var placeholderMarks: [OpaquePointer: Int] = [:]

    init(
        renderer: NoteRenderer, path: String, chain: [String], budget: RenderBudget, tokens: [SourcePass.Token],
        anchorPrefix: String = ""
    ) {
        self.renderer = renderer
        self.path = path
        self.chain = chain
        self.budget = budget
        self.tokens = tokens
        self.anchorPrefix = anchorPrefix
    }

    /// The rendered HTML with the placeholders' HTML put in.
    func fill(_ html: String) -> String {
        guard !pieces.isEmpty else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var scalars = html.unicodeScalars[...]
        while let open = scalars.firstIndex(of: SourcePass.openScalar) {
            out.unicodeScalars.append(contentsOf: scalars[..<open])
            let rest = scalars[scalars.index(after: open)...]
            if rest.first == "H", let close = rest.firstIndex(of: SourcePass.closeScalar),
                let number = Int(String(String.UnicodeScalarView(rest[rest.index(after: rest.startIndex)..<close]))),
                pieces.indices.contains(number)
            {
                out += pieces[number]
                scalars = scalars[scalars.index(after: close)...]
            } else {
                scalars = rest
            }
        }
        out.unicodeScalars.append(contentsOf: scalars)
        return out
    }

    func transform(_ document: OpaquePointer) {
        cmark_consolidate_text_nodes(document)
        var texts: [OpaquePointer] = []
        var links: [OpaquePointer] = []
        var images: [OpaquePointer] = []
        var headings: [OpaquePointer] = []
        var quotes: [OpaquePointer] = []
        var codeBlocks: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT: if !tokens.isEmpty { texts.append(node) }
            case CMARK_NODE_LINK: links.append(node)
            case CMARK_NODE_IMAGE: images.append(node)
            case CMARK_NODE_HEADING: headings.append(node)
            case CMARK_NODE_BLOCK_QUOTE: quotes.append(node)
            case CMARK_NODE_CODE_BLOCK: codeBlocks.append(node)
            default: break
            }
        }
        cmark_iter_free(iterator)
        for text in texts { expand(text) }
        pairMarks()
        placeBlockAnchors()
        placeEmbeds()
        for link in links { markdownLink(link) }
        for image in images { markdownImage(image) }
        for heading in headings { anchorHeading(heading) }
        for quote in quotes { callout(quote) }
        for block in codeBlocks { diagram(block) }
    }

    // MARK: Tokens

    /// Splits a text node at its tokens.
    private func expand(_ node: OpaquePointer) {
        guard let literal = cmark_node_get_literal(node) else { return }
        let text = String(cString: literal)
        guard text.unicodeScalars.contains(SourcePass.openScalar) else { return }
        var plain = ""
        var number: String?
        for scalar in text.unicodeScalars {
            if scalar == SourcePass.openScalar {
                number = ""
            } else if scalar == SourcePass.closeScalar, let digits = number {
                number = nil
                if !plain.isEmpty { insert(textNode(plain), before: node) }
                plain = ""
                if let at = Int(digits), at < tokens.count { place(tokenNode(tokens[at], in: node), before: node) }
            } else if let digits = number {
                number = digits + String(scalar)
            } else {
                plain.unicodeScalars.append(scalar)
            }
        }
        if !plain.isEmpty { insert(textNode(plain), before: node) }
        cmark_node_free(node)
    }

    /// Puts a token's node before the text node it came from, or its fallback where the parent
    /// takes no custom node.
    private func place(_ node: OpaquePointer, before text: OpaquePointer) {
        if cmark_node_insert_before(text, node) != 0 { return }
        if !blockAnchors.contains(node) {
            // A table cell: a placeholder now, the node's HTML after rendering.
            let placeholder = textNode(
                String(Character(SourcePass.openScalar)) + "H" + String(pieces.count) + String(Character(SourcePass.closeScalar)))
            if let at = marks.firstIndex(where: { $0.node == node }) {
                marks[at].node = placeholder
                placeholderMarks[placeholder] = pieces.count
                pieces.append("==")
            } else {
                pieces.append(TreePass.html(of: node))
            }
            embeds.removeAll { $0.node == node }
            fallbacks[node] = nil
            cmark_node_free(node)
            cmark_node_insert_before(text, placeholder)
            return
        }
        var replacement: OpaquePointer?
        switch fallbacks[node] {
        case .link(let href)?:
            replacement = cmark_node_new(CMARK_NODE_LINK)
            cmark_node_set_url(replacement, href)
            cmark_node_append_child(replacement, textNode(TreePass.plainText(node)))
        case .image(let src, let alt)?:
            replacement = cmark_node_new(CMARK_NODE_IMAGE)
            cmark_node_set_url(replacement, src)
            cmark_node_append_child(replacement, textNode(alt))
        case .text(let text)?:
            replacement = text.isEmpty ? nil : textNode(text)
        case nil:
            let text = TreePass.plainText(node)
            replacement = text.isEmpty ? nil : textNode(text)
        }
        marks.removeAll { $0.node == node }
        blockAnchors.removeAll { $0 == node }
        embeds.removeAll { $0.node == node }
        fallbacks[node] = nil
        cmark_node_free(node)
        if let replacement { cmark_node_insert_before(text, replacement) }
    }

    private func tokenNode(_ token: SourcePass.Token, in text: OpaquePointer) -> OpaquePointer {
        switch token {
        case .link(let link):
            return wikilink(link, inLink: insideLink(text))
        case .embed(let link):
            return embed(link, inLink: insideLink(text))
        case .tag(let name):
            if insideLink(text) { return textNode("#" + name) }
            let href = renderer.addresses.tag(name)
            let node = element("<a class=\"tag\" href=\"\(attribute(href))\">", "</a>", text: "#" + name)
            fallbacks[node] = .link(href)
            return node
        case .markOpen, .markClose:
            let node = custom("", "")
            if case .markOpen = token { marks.append((node, true)) } else { marks.append((node, false)) }
            fallbacks[node] = .text("==")
            return node
        case .blockID(let id):
            let node = custom("<span class=\"block-id\" id=\"\(HTMLText.escape(anchorPrefix))^\(HTMLText.escape(id))\"></span>", "")
            blockAnchors.append(node)
            return node
        case .math(let source, let display):
            return element("<span class=\"math\(display ? " math-display" : "")\" title=\"TeX\">", "</span>", text: source)
        case .comment:
            return textNode("")
        }
    }

    /// `[[Note]]`, `[[Note#Heading|label]]`, `[[#Heading]]`: a link to the note page, to an
    /// anchor of this page, to a file, or (nothing found) to the page that creates the note.
    private func wikilink(_ written: NoteLink, inLink: Bool) -> OpaquePointer {
        let link = TreePass.unescapedPipe(written)
        let display = TreePass.display(link)
        if inLink { return textNode(display) }
        return anchor(for: link, display: display)
    }

    private func anchor(for link: NoteLink, display: String) -> OpaquePointer {
        let fragment = NoteRenderer.anchor(ofFragment: link.fragment)
        let resolution = renderer.resolver.resolve(link, from: path)
        if let target = resolution.path {
            return linkNode(renderer.addresses.note(target, fragment), className: "internal-link", text: display)
        }
        switch resolution {
        case .sameNote:
            return linkNode("#" + (fragment.map { anchorPrefix + $0 } ?? ""), className: "internal-link", text: display)
        case .attachment:
            if let found = attachment(link) {
                return linkNode(renderer.addresses.file(found), className: "internal-link file-link", text: display)
            }
            return element("<span class=\"internal-link unresolved\" title=\"No such file\">", "</span>", text: display)
        default:
            return unresolved(link, display: display)
        }
    }

    private func unresolved(_ link: NoteLink, display: String) -> OpaquePointer {
        let target = link.target.trimmingSpaces
        let folder = target.contains("/") ? VaultPath.folder(of: target) : VaultPath.folder(of: path)
        var title = VaultPath.name(of: target)
        for suffix in [".md", ".markdown"] where title.lowercased().hasSuffix(suffix) { title = String(title.dropLast(suffix.count)) }
        let href = renderer.addresses.create(title, folder)
        let node = element(
            "<a class=\"internal-link unresolved\" href=\"\(attribute(href))\" title=\"Create &quot;\(HTMLText.escape(title))&quot;\">", "</a>",
            text: display)
        fallbacks[node] = .link(href)
        return node
    }

    /// `![[image.png|300]]` shows the image, `![[file.pdf]]` links it, `![[Note]]` transcludes
    /// the note when it stands alone in its paragraph (else it is a link).
    private func embed(_ written: NoteLink, inLink: Bool) -> OpaquePointer {
        let link = TreePass.unescapedPipe(written)
        let resolution = renderer.resolver.resolve(link, from: path)
        if case .attachment = resolution {
            guard let found = attachment(link) else {
                return element("<span class=\"internal-link unresolved\" title=\"No such file\">", "</span>", text: VaultPath.name(of: link.target))
            }
            if NoteRenderer.isImage(found) {
                let size = NoteRenderer.size(link.label)
                let alt = size == nil ? (link.label ?? VaultPath.name(of: found)) : VaultPath.name(of: found)
                return image(src: renderer.addresses.file(found), alt: alt, size: size)
            }
            if inLink { return textNode(link.label ?? VaultPath.name(of: found)) }
            return linkNode(renderer.addresses.file(found), className: "internal-link file-link", text: link.label ?? VaultPath.name(of: found))
        }
        let display = TreePass.display(link)
        if inLink { return textNode(display) }
        let node = anchor(for: link, display: display)
        if let target = resolution.path { embeds.append((node, link, target)) }
        return node
    }

    private func attachment(_ link: NoteLink) -> String? {
        guard let scan = renderer.attachments else { return nil }
        let found = scan.resolve(link, from: path)
        return found.exists ? found.path : nil
    }

    /// `==a *b* c==`: the nodes between an opening and a closing mark of the same parent go in a
    /// `<mark>`; a mark left without its pair is the text it was.
    private func pairMarks() {
        var index = 0
        while index < marks.count {
            let (node, isOpen) = marks[index]
            if isOpen, index + 1 < marks.count, !marks[index + 1].open,
                cmark_node_parent(node) == cmark_node_parent(marks[index + 1].node)
            {
                let closing = marks[index + 1].node
                if let open = placeholderMarks[node], let close = placeholderMarks[closing] {
                    // In a table cell: the placeholders become the tags.
                    pieces[open] = "<mark>"
                    pieces[close] = "</mark>"
                    index += 2
                    continue
                }
                cmark_node_set_on_enter(node, "<mark>")
                cmark_node_set_on_exit(node, "</mark>")
                while let next = cmark_node_next(node), next != closing { cmark_node_append_child(node, next) }
                cmark_node_free(closing)
                index += 2
            } else {
                if placeholderMarks[node] == nil {
                    insert(textNode("=="), before: node)
                    cmark_node_free(node)
                }
                index += 1
            }
        }
    }

    /// A block id's anchor goes to the start of its paragraph; an id alone in its paragraph
    /// (after a list or a table) names the block before it.
    private func placeBlockAnchors() {
        for node in blockAnchors {
            guard let block = TreePass.enclosingBlock(node) else { continue }
            if TreePass.onlyAnchors(block), let previous = cmark_node_previous(block) {
                let html = (String(cString: cmark_node_get_on_enter(node))).replacingOccurrences(of: "<span", with: "<div")
                    .replacingOccurrences(of: "</span>", with: "</div>")
                let anchor = customBlock(html, "")
                cmark_node_insert_before(previous, anchor)
                cmark_node_free(block)
            } else {
                cmark_node_prepend_child(block, node)
            }
        }
    }

    /// Embeds of notes standing alone in their paragraph (one a line) become the notes' contents.
    private func placeEmbeds() {
        var done = Set<OpaquePointer>()
        for (node, _, _) in embeds {
            guard let paragraph = cmark_node_parent(node), !done.contains(paragraph),
                cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH
            else { continue }
            let members = Dictionary(embeds.map { ($0.node, ($0.link, $0.target)) }, uniquingKeysWith: { a, _ in a })
            var child = cmark_node_first_child(paragraph)
            var alone = true
            while let current = child {
                let type = cmark_node_get_type(current)
                if members[current] == nil, type != CMARK_NODE_SOFTBREAK, type != CMARK_NODE_LINEBREAK,
                    !(type == CMARK_NODE_TEXT && String(cString: cmark_node_get_literal(current)).allSatisfy(\.isWhitespace))
                {
                    alone = false
                    break
                }
                child = cmark_node_next(current)
            }
            done.insert(paragraph)
            guard alone else { continue }
            child = cmark_node_first_child(paragraph)
            while let current = child {
                if let (link, target) = members[current] {
                    cmark_node_insert_before(paragraph, customBlock(transclusion(link, target: target), ""))
                }
                child = cmark_node_next(current)
            }
            cmark_node_free(paragraph)
        }
    }

    /// The embedded note (or its section) rendered inside a frame with a link to it; cycles,
    /// depth and the page's budget end embedding with a link.
    private func transclusion(_ link: NoteLink, target: String) -> String {
        let fragment = NoteRenderer.anchor(ofFragment: link.fragment)
        let href = attribute(renderer.addresses.note(target, fragment))
        let title = link.label ?? (VaultPath.fileTitle(of: target) + (link.fragment.map { " › " + $0 } ?? ""))
        var html = "<div class=\"embed\"><p class=\"embed-title\"><a class=\"internal-link\" href=\"\(href)\" dir=\"auto\">"
        html += HTMLText.escape(title) + "</a></p>"
        func cut(_ why: String) -> String { html + "<p class=\"embed-cut\">\(why)</p></div>" }
        if chain.contains(target) { return cut("Not embedded again: this note is already shown here (a cycle).") }
        if chain.count > NoteRenderer.maxDepth { return cut("Not embedded: embeds nest at most \(NoteRenderer.maxDepth) deep.") }
        if budget.embeds >= NoteRenderer.maxEmbeds { return cut("Not embedded: a page shows at most \(NoteRenderer.maxEmbeds) embedded notes.") }
        guard let bytes = renderer.read(target) else { return cut("This note cannot be read.") }
        budget.embeds += 1
        var body = Array(bytes[MarkdownHTML.bodyStart(of: bytes)...])
        if let fragment {
            guard let section = Section.extract(body, anchor: fragment) else { return cut("No such heading or block in this note.") }
            body = section
        }
        guard budget.bytes + body.count <= NoteRenderer.maxEmbeddedBytes else {
            return cut("Not embedded: the page's embedded notes are large enough already.")
        }
        budget.bytes += body.count
        // Its ids get a prefix: a heading repeated in the embed must not take the page's own id.
        let inner = renderer.renderBody(body, path: target, chain: chain + [target], budget: budget, anchorPrefix: "embed-\(budget.embeds)-")
        return html + "<div class=\"embed-body\">" + inner + "</div></div>"
    }

    // MARK: Markdown links and images

    /// `[text](Note.md#Heading)`: resolved like a wikilink (Obsidian reads both alike); external
    /// links are cmark-gfm's (its safe mode empties `javascript:` and the like).
    private func markdownLink(_ node: OpaquePointer) {
        guard let raw = cmark_node_get_url(node).map({ String(cString: $0) }), !raw.isEmpty else { return }
        if raw.hasPrefix("#") {
            let fragment = LinkScanner.percentDecoded(String(raw.dropFirst()))
            cmark_node_set_url(node, "#" + (NoteRenderer.anchor(ofFragment: fragment).map { anchorPrefix + $0 } ?? ""))
            return
        }
        guard !LinkScanner.isExternal(raw), let link = TreePass.localLink(raw, kind: .markdown) else { return }
        let display = TreePass.plainText(node)
        let replacement: OpaquePointer
        switch renderer.resolver.resolve(link, from: path) {
        case .note, .ambiguous, .sameNote:
            replacement = anchor(for: link, display: display)
        case .attachment:
            guard let found = attachment(link) else { return }
            replacement = custom("<a class=\"internal-link file-link\" href=\"\(attribute(renderer.addresses.file(found)))\">", "</a>")
            fallbacks[replacement] = .link(renderer.addresses.file(found))
        default:
            replacement = unresolved(link, display: display)
        }
        // The link's own children (emphasis, an image) stay its content.
        if cmark_node_get_type(replacement) == CMARK_NODE_CUSTOM_INLINE, let first = cmark_node_first_child(replacement) {
            cmark_node_free(first)
        }
        replace(node, with: replacement, moveChildren: true)
    }

    /// Puts `replacement` in place of a Markdown link or image; in a table cell (no custom nodes)
    /// the node stays and only takes the replacement's address.
    private func replace(_ node: OpaquePointer, with replacement: OpaquePointer, moveChildren: Bool) {
        guard cmark_node_insert_before(node, replacement) != 0 else {
            switch fallbacks[replacement] {
            case .link(let href)?, .image(let href, _)?: cmark_node_set_url(node, href)
            default: cmark_node_set_url(node, "")
            }
            fallbacks[replacement] = nil
            cmark_node_free(replacement)
            return
        }
        if moveChildren {
            while let child = cmark_node_first_child(node) { cmark_node_append_child(replacement, child) }
        }
        fallbacks[replacement] = nil
        cmark_node_free(node)
    }

    /// `![alt](image.png)`, `![alt|300](image.png)`: a vault image, shown with its size.
    private func markdownImage(_ node: OpaquePointer) {
        guard let raw = cmark_node_get_url(node).map({ String(cString: $0) }), !raw.isEmpty, !LinkScanner.isExternal(raw),
            let link = TreePass.localLink(raw, kind: .image)
        else { return }
        var alt = TreePass.plainText(node)
        var size: (width: Int, height: Int?)?
        if let bar = alt.lastIndex(of: "|"), let found = NoteRenderer.size(String(alt[alt.index(after: bar)...])) {
            size = found
            alt = String(alt[..<bar])
        }
        let replacement: OpaquePointer
        if let found = attachment(link) {
            replacement = image(src: renderer.addresses.file(found), alt: alt, size: size)
        } else {
            replacement = element("<span class=\"internal-link unresolved\" title=\"No such file\">", "</span>", text: alt.isEmpty ? link.target : alt)
        }
        replace(node, with: replacement, moveChildren: false)
    }

    static func localLink(_ raw: String, kind: NoteLink.Kind) -> NoteLink? {
        var pathPart = Substring(raw)
        var fragment: String?
        if let hash = pathPart.firstIndex(of: "#") {
            fragment = LinkScanner.percentDecoded(String(pathPart[pathPart.index(after: hash)...]))
            pathPart = pathPart[..<hash]
        }
        if let query = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<query] }
        guard !pathPart.isEmpty else { return nil }
        return NoteLink(kind: kind, target: LinkScanner.percentDecoded(String(pathPart)), fragment: fragment, label: nil, range: 0..<0, targetRange: 0..<0)
    }

    // MARK: Headings and callouts

    /// An anchor at the start of each heading: its slug, numbered when the note repeats it.
    private func anchorHeading(_ node: OpaquePointer) {
        let slug = NoteRenderer.slug(TreePass.plainText(node))
        guard !slug.isEmpty else { return }
        let seen = usedAnchors[slug, default: 0]
        usedAnchors[slug] = seen + 1
        let id = anchorPrefix + (seen == 0 ? slug : slug + "-" + String(seen))
        cmark_node_prepend_child(node, custom("<span class=\"anchor\" id=\"\(HTMLText.escape(id))\"></span>", ""))
    }

    /// `> [!type]± Title` + the quote's other lines: a callout box with the type's icon; `-`
    /// (folded) and `+` (open) make it a `<details>` that folds.
    private func callout(_ quote: OpaquePointer) {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT,
            let literal = cmark_node_get_literal(first)
        else { return }
        let text = String(cString: literal)
        guard text.hasPrefix("[!"), let close = text.firstIndex(of: "]") else { return }
        let written = String(text[text.index(text.startIndex, offsetBy: 2)..<close])
        guard !written.isEmpty, written.utf8.count <= 40, written.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return
        }
        var rest = text[text.index(after: close)...]
        var fold: Character?
        if let sign = rest.first, sign == "+" || sign == "-" {
            fold = sign
            rest = rest.dropFirst()
        }
        let kind = CalloutKind(written)
        let titleText = rest.drop(while: { $0 == " " || $0 == "\t" })
        if titleText.isEmpty { cmark_node_free(first) } else { cmark_node_set_literal(first, String(titleText)) }

        let classes = "callout callout-\(kind.name)"
        let box: OpaquePointer
        let title: OpaquePointer
        if let fold {
            box = customBlock("<details class=\"\(classes)\"\(fold == "+" ? " open" : "")>", "</details>")
            title = customBlock("<summary class=\"callout-title\">\(kind.icon)<span dir=\"auto\">", "</span></summary>")
        } else {
            box = customBlock("<div class=\"\(classes)\">", "</div>")
            title = customBlock("<p class=\"callout-title\">\(kind.icon)<span dir=\"auto\">", "</span></p>")
        }
        // The title is the first line of the first paragraph.
        while let node = cmark_node_first_child(paragraph) {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                cmark_node_free(node)
                break
            }
            cmark_node_append_child(title, node)
        }
        if cmark_node_first_child(title) == nil { cmark_node_append_child(title, textNode(CalloutKind.title(written))) }
        let content = customBlock("<div class=\"callout-content\">", "</div>")
        if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
        while let node = cmark_node_first_child(quote) { cmark_node_append_child(content, node) }
        cmark_node_append_child(box, title)
        cmark_node_append_child(box, content)
        insert(box, before: quote)
        cmark_node_free(quote)
    }

    /// A Mermaid fence: its source in a labelled frame (no script draws it: the page runs only
    /// its own script, and a diagram library would be an external resource).
    private func diagram(_ block: OpaquePointer) {
        let info = cmark_node_get_fence_info(block).map { String(cString: $0) } ?? ""
        guard info.split(separator: " ").first?.lowercased() == "mermaid" else { return }
        let figure = customBlock(
            "<figure class=\"diagram diagram-mermaid\"><figcaption>Mermaid diagram (its source; diagrams are not drawn)</figcaption>",
            "</figure>")
        insert(figure, before: block)
        cmark_node_append_child(figure, block)
    }

    // MARK: Nodes

    private func custom(_ enter: String, _ exit: String) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    private func customBlock(_ enter: String, _ exit: String) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    private func textNode(_ text: String) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        cmark_node_set_literal(node, text)
        return node
    }

    /// A custom node around a text child (cmark-gfm escapes the text when it writes it).
    private func element(_ enter: String, _ exit: String, text: String) -> OpaquePointer {
        let node = custom(enter, exit)
        cmark_node_append_child(node, textNode(text))
        return node
    }

    private func linkNode(_ href: String, className: String, text: String) -> OpaquePointer {
        let node = element("<a class=\"\(className)\" href=\"\(attribute(href))\">", "</a>", text: text)
        fallbacks[node] = .link(href)
        return node
    }

    private func image(src: String, alt: String, size: (width: Int, height: Int?)?) -> OpaquePointer {
        var html = "<img src=\"\(attribute(src))\" alt=\"\(HTMLText.escape(alt))\" loading=\"lazy\""
        if let size {
            html += " width=\"\(size.width)\""
            if let height = size.height { html += " height=\"\(height)\"" }
        }
        let node = custom(html + ">", "")
        fallbacks[node] = .image(src, alt: alt)
        return node
    }

    /// A URL the front end built, for an attribute: only this server's paths and anchors pass
    /// (a front end bug must not make a `javascript:` link).
    private func attribute(_ url: String) -> String {
        url.hasPrefix("/") || url.hasPrefix("#") || url.hasPrefix("?") || url.hasPrefix("./") || url.hasPrefix("../")
            || !url.contains(":") ? HTMLText.escape(url) : "#"
    }

    private func insert(_ node: OpaquePointer, before: OpaquePointer) {
        cmark_node_insert_before(before, node)
    }

    private func insideLink(_ node: OpaquePointer) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            if cmark_node_get_type(current) == CMARK_NODE_LINK { return true }
            parent = cmark_node_parent(current)
        }
        return false
    }

    // MARK: Helpers

    /// The HTML cmark-gfm would write for a custom inline node of this pass (its children are
    /// text or custom nodes).
    static func html(of node: OpaquePointer) -> String {
        guard cmark_node_get_type(node) == CMARK_NODE_CUSTOM_INLINE else {
            if cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node) {
                return HTMLText.escape(String(cString: literal))
            }
            return HTMLText.escape(plainText(node))
        }
        var html = cmark_node_get_on_enter(node).map { String(cString: $0) } ?? ""
        var child = cmark_node_first_child(node)
        while let current = child {
            html += TreePass.html(of: current)
            child = cmark_node_next(current)
        }
        return html + (cmark_node_get_on_exit(node).map { String(cString: $0) } ?? "")
    }

    /// The text of a node's subtree (a heading's anchor, an image's alt text).
    static func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }

    /// The innermost block around an inline node.
    static func enclosingBlock(_ node: OpaquePointer) -> OpaquePointer? {
        var parent = cmark_node_parent(node)
        while let current = parent {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { return current }
            parent = cmark_node_parent(current)
        }
        return nil
    }

    /// A paragraph holding nothing but block anchors and white space.
    static func onlyAnchors(_ block: OpaquePointer) -> Bool {
        guard cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH else { return false }
        var child = cmark_node_first_child(block)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_CUSTOM_INLINE:
                if !String(cString: cmark_node_get_on_enter(current)).hasPrefix("<span class=\"block-id\"") { return false }
            case CMARK_NODE_TEXT:
                if !String(cString: cmark_node_get_literal(current)).allSatisfy(\.isWhitespace) { return false }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: break
            default: return false
            }
            child = cmark_node_next(current)
        }
        return true
    }

    /// What a wikilink shows: its label, else the target and heading path as Obsidian writes them.
    static func display(_ link: NoteLink) -> String {
        if let label = link.label, !label.trimmingSpaces.isEmpty { return label }
        let target = link.target.trimmingSpaces
        guard let fragment = link.fragment, !fragment.isEmpty else { return target }
        let path = fragment.split(separator: "#").joined(separator: " › ")
        return target.isEmpty ? path : target + " › " + path
    }

    /// `[[Note\|label]]` (a wikilink in a table cell escapes its bar): the target without the `\`.
    static func unescapedPipe(_ link: NoteLink) -> NoteLink {
        var link = link
        if link.target.hasSuffix("\\") { link.target.removeLast() }
        if let fragment = link.fragment, fragment.hasSuffix("\\") { link.fragment = String(fragment.dropLast()) }
        return link
    }
}

/// What one page may still embed: shared by a note and the notes it transcludes.
final class RenderBudget: @unchecked Sendable {
    var embeds = 0
    var bytes = 0
}
