import Foundation
import NotezKit

/// The notes that link to a note, for its page. Links are not kept in the index, so finding them
/// reads every note: the note page lists them itself only in a vault small enough for that to be
/// quick, and otherwise links to `/backlinks`, which does the reading when asked.
enum BacklinksSection {
    /// The largest vault whose note pages list backlinks themselves.
    static let inlineLimit = 5000

    /// The most mentions one page lists.
    static let maxListed = 500

    /// The section of the note page.
    static func forNotePage(note: Note, index: VaultIndex) -> String {
        guard index.notes.count <= inlineLimit else {
            return section(
                "<p><a href=\"\(HTML.href("/backlinks", [("path", note.path)]))\">Find the notes that link here</a> "
                    + "(reads all \(index.notes.count) notes)</p>")
        }
        let (entries, unread) = backlinks(to: note, index: index)
        if entries.isEmpty && unread.isEmpty { return "" }
        return section(list(entries, unread: unread))
    }

    /// The `/backlinks` page's main part.
    static func page(note: Note, index: VaultIndex) -> String {
        let (entries, unread) = backlinks(to: note, index: index)
        var html = FolderPage.breadcrumbs(note.folder)
        html += "<h1>Links to <a href=\"\(HTML.href("/note", [("path", note.path)]))\">\(HTMLText.escape(note.title))</a>"
        html += " <span class=\"count\">\(entries.count)</span></h1>"
        html += entries.isEmpty && unread.isEmpty ? "<p class=\"empty\">No note links here.</p>" : list(entries, unread: unread)
        return html
    }

    /// The links to `note` from notes a front end may show (a symlinked note's lines are not).
    private static func backlinks(to note: Note, index: VaultIndex) -> (entries: [LinkGraph.Entry], unread: [String]) {
        let (entries, unread) = LinkGraph.backlinks(to: note.path, in: index)
        return (entries.filter { index.isExposed($0.source) }, unread.filter { index.isExposed($0) })
    }

    private static func section(_ inner: String) -> String {
        "<section class=\"backlinks\" aria-labelledby=\"h-backlinks\"><h2 id=\"h-backlinks\">Linked from</h2>" + inner + "</section>"
    }

    /// One row a mention: the linking note, its line number, and the line around the link.
    private static func list(_ entries: [LinkGraph.Entry], unread: [String]) -> String {
        var html = "<ul class=\"backlink-list\">"
        for entry in entries.prefix(maxListed) {
            html += "<li><a href=\"\(HTML.href("/note", [("path", entry.source)]))\">\(HTMLText.escape(entry.source))</a>"
            html += " <span class=\"line\">line \(entry.line)</span>"
            if let context = entry.context?.trimmingCharacters(in: .whitespaces), !context.isEmpty {
                html += "<br><span class=\"context\">\(HTMLText.escape(context))</span>"
            }
            html += "</li>"
        }
        html += "</ul>"
        if entries.count > maxListed { html += "<p>\(entries.count - maxListed) more mentions are not listed.</p>" }
        if !unread.isEmpty {
            html += "<p class=\"problem\">\(unread.count) note\(unread.count == 1 ? "" : "s") could not be read, so their links are not listed.</p>"
        }
        return html
    }
}
