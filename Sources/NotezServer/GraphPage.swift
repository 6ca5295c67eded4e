import NotezKit

/// The link graph in the web UI: the "Related" panel of a note page and the `/graph` page with the
/// vault's hubs and orphans. Both read the graph from the index's stored links (`NoteGraph`); a
/// symlinked note is never listed (its title may come from outside the vault).
enum GraphPage {
    /// The largest vault whose note pages show the related panel themselves (the graph is built
    /// per page view); a larger one links to `/related`.
    static let inlineLimit = 5000
    /// The most orphans `/graph` lists.
    static let maxListed = 500
    /// The related notes a panel lists.
    static let relatedShown = 8

    /// The note page's panel.
    static func relatedSection(note: Note, index: VaultIndex) -> String {
        guard index.notes.count <= inlineLimit else {
            return section("<p><a href=\"\(HTML.href("/related", [("path", note.path)]))\">Find related notes</a></p>")
        }
        let items = related(note: note, index: index, limit: relatedShown)
        return items.isEmpty ? "" : section(list(items, index: index))
    }

    /// The `/related` page's main part.
    static func relatedPage(note: Note, index: VaultIndex) -> String {
        let items = related(note: note, index: index, limit: RelatedNotes.defaultLimit)
        var html = FolderPage.breadcrumbs(note.folder)
        html += "<h1>Related to <a href=\"\(HTML.href("/note", [("path", note.path)]))\">\(HTMLText.escape(note.title))</a></h1>"
        html += items.isEmpty ? "<p class=\"empty\">No related note.</p>" : list(items, index: index)
        return html
    }

    /// The `/graph` page's main part: hubs with their backlink counts, then orphans.
    static func page(index: VaultIndex) -> String {
        let graph = NoteGraph(index)
        let hubs = graph.hubs.filter { index.isExposed(index.path(at: $0)) }
        let orphans = graph.orphans.filter { index.isExposed(index.path(at: $0)) }
        var html = "<h1>Link graph</h1>"
        html += "<section aria-labelledby=\"h-hubs\"><h2 id=\"h-hubs\">Hubs <span class=\"count\">\(hubs.count)</span></h2>"
        html += "<p class=\"meta\">The \(NoteGraph.hubCount) notes most linked to, and every note tied with the last of them. "
        html += "<a href=\"\(HTML.href("/search", [("q", "is:hub")]))\">Search is:hub</a></p><ul class=\"graph-list\">"
        for position in hubs {
            html += "<li>" + link(position, index: index) + " <span class=\"count\">\(graph.backlinkCount(position)) backlink\(graph.backlinkCount(position) == 1 ? "" : "s")</span></li>"
        }
        html += "</ul></section>"
        html += "<section aria-labelledby=\"h-orphans\"><h2 id=\"h-orphans\">Orphans <span class=\"count\">\(orphans.count)</span></h2>"
        html += "<p class=\"meta\">Notes with no link to or from another note. "
        html += "<a href=\"\(HTML.href("/search", [("q", "is:orphan")]))\">Search is:orphan</a></p><ul class=\"graph-list\">"
        // The folder beside each title: orphans come in path order, and many share a title.
        for position in orphans.prefix(maxListed) {
            let folder = index.folder(at: position)
            html += "<li>" + link(position, index: index) + " <span class=\"folder-name\" dir=\"auto\">"
                + HTMLText.escape(folder.isEmpty ? "Unsorted" : folder) + "</span></li>"
        }
        html += "</ul>"
        if orphans.count > maxListed { html += "<p>\(orphans.count - maxListed) more orphans are not listed.</p>" }
        html += "</section>"
        // A symlinked note is left unread on purpose (and never named), so it is not counted here.
        let unread = graph.unread.filter { index.isExposed($0) }.count
        if unread > 0 {
            html += "<p class=\"problem\">\(unread == 1 ? "1 note" : "\(unread) notes") could not be read, so \(unread == 1 ? "its" : "their") links are missing.</p>"
        }
        return html
    }

    private static func related(note: Note, index: VaultIndex, limit: Int) -> [RelatedNotes.Item] {
        guard let position = index.position(ofPath: note.path) else { return [] }
        let items = RelatedNotes.find(position, in: index, graph: NoteGraph(index), limit: limit + 64)
        return Array(items.filter { index.isExposed(index.path(at: $0.position)) }.prefix(limit))
    }

    private static func link(_ position: Int, index: VaultIndex) -> String {
        "<a href=\"\(HTML.href("/note", [("path", index.path(at: position))]))\"><bdi>\(HTMLText.escape(index.title(at: position)))</bdi></a>"
    }

    private static func section(_ inner: String) -> String {
        "<section class=\"related\" aria-labelledby=\"h-related\"><h2 id=\"h-related\">Related</h2>" + inner + "</section>"
    }

    /// One row a note: its link and the reasons, in words.
    private static func list(_ items: [RelatedNotes.Item], index: VaultIndex) -> String {
        var html = "<ul class=\"graph-list\">"
        for item in items {
            var reasons: [String] = []
            if item.linked { reasons.append("linked") }
            if !item.sharedLinks.isEmpty { reasons.append("\(item.sharedLinks.count) shared link\(item.sharedLinks.count == 1 ? "" : "s")") }
            if !item.coCitedBy.isEmpty { reasons.append("cited together by \(item.coCitedBy.count) note\(item.coCitedBy.count == 1 ? "" : "s")") }
            if !item.sharedTags.isEmpty { reasons.append(item.sharedTags.map { "#" + $0 }.joined(separator: " ")) }
            // As `notez related` says it: the words of the titles, aliases and tags are alike.
            if item.textScore > 0 { reasons.append("similar words") }
            html += "<li>" + link(item.position, index: index) + " <span class=\"meta\">" + HTMLText.escape(reasons.joined(separator: ", ")) + "</span></li>"
        }
        return html + "</ul>"
    }
}
