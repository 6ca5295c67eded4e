import NotezKit

/// A folder read as a notebook (seed 003): its notes in their manual order (`notez order`), each
/// rendered, one after another or one at a time with previous / next and page numbers.
enum NotebookPage {
    /// The most pages rendered one after another (more are read one at a time).
    static let allLimit = 30

    /// `page` 0 is all pages one after another; 1... one page.
    static func html(path: String, node: FolderNode, notes: [Note], page: Int, frame: Page.Frame, renderer: NoteRenderer,
                     read: (String) -> [UInt8]?) -> String {
        var html = FolderPage.breadcrumbs(path)
        html += "<h1 class=\"folder\(HTML.colorClass(node.color))\" dir=\"auto\">\(HTMLText.escape(path.isEmpty ? "Unsorted Notes" : node.name))</h1>"
        let total = notes.count
        if total == 0 { return html + "<p class=\"empty\">No notes.</p>" }
        let one = HTML.href("/notebook", [("path", path), ("page", "1")])
        let all = HTML.href("/notebook", [("path", path)])
        html += "<p class=\"notebook-modes\">\(total) page\(total == 1 ? "" : "s"): "
        html += page == 0 ? "<strong>all pages</strong> · <a href=\"\(one)\">one at a time</a>" : "<a href=\"\(all)\">all pages</a> · <strong>one at a time</strong>"
        html += " · <a href=\"\(HTML.href("/folder", [("path", path)]))\">the folder</a></p>"
        let shown: [(Int, Note)] = page == 0
            ? Array(notes.prefix(allLimit).enumerated().map { ($0.offset + 1, $0.element) })
            : [(min(page, total), notes[min(page, total) - 1])]
        for (number, note) in shown {
            html += "<article class=\"notebook-page\" id=\"page-\(number)\"><h2 dir=\"auto\"><a href=\"\(HTML.href("/note", [("path", note.path)]))\">"
            html += "\(HTMLText.escape(note.title))</a> <span class=\"count\">\(number) / \(total)</span></h2>"
            if let bytes = read(note.path) {
                html += "<div class=\"markdown\" dir=\"auto\">" + renderer.render(path: note.path, bytes: bytes) + "</div>"
            } else {
                html += "<p class=\"problem\">This page cannot be read.</p>"
            }
            html += "</article>"
        }
        if page == 0, total > allLimit {
            html += "<p>The first \(allLimit) of \(total) pages; <a href=\"\(HTML.href("/notebook", [("path", path), ("page", String(allLimit + 1))]))\">read on one at a time</a>.</p>"
        }
        if page > 0 {
            html += Page.pager(total: total, page: min(page, total), pageSize: 1) { HTML.href("/notebook", [("path", path), ("page", String($0))]) }
        }
        return html
    }
}
