import Foundation
import NotezKit

/// A folder: breadcrumbs, subfolders, its notes (paged), and the folder's organizing actions.
enum FolderPage {
    static let pageSize = 50

    /// `path` "" is Unsorted (the notes at the root).
    static func html(path: String, node: FolderNode, page: Int, frame: Page.Frame, now: Double) -> String {
        let index = frame.index
        let notes = index.exposed(index.notes(inFolder: node.path, recursive: false))
        var html = breadcrumbs(path)
        html += "<h1 class=\"folder\(HTML.colorClass(node.color))\" dir=\"auto\">\(HTMLText.escape(path.isEmpty ? "Unsorted Notes" : node.name))</h1>"
        html += "<p class=\"counts\">\(node.count) notes (\(notes.count) here)"
        if !notes.isEmpty { html += " · <a href=\"\(HTML.href("/notebook", [("path", path)]))\">Read as a notebook</a>" }
        html += "</p>"
        if !node.children.isEmpty {
            let tree = Sidebar.tree(
                node.children, nested: node.descendants.count <= Page.folderSelectLimit, hiding: Sidebar.attachmentFolderName(index))
            html += "<section aria-labelledby=\"h-sub\"><h2 id=\"h-sub\">Folders</h2>"
            html += tree.replacingOccurrences(of: "<ul class=\"tree\">", with: "<ul class=\"tree main-tree\">", options: .anchored) + "</section>"
        }
        html += "<section aria-labelledby=\"h-notes\"><h2 id=\"h-notes\">Notes</h2>"
        let start = min((page - 1) * pageSize, notes.count)
        html += Page.noteList(notes[start..<min(start + pageSize, notes.count)], index: index, now: now, showFolder: false)
        html += Page.pager(total: notes.count, page: page, pageSize: pageSize) { HTML.href("/folder", [("path", path), ("page", String($0))]) }
        html += "</section>"
        if !path.isEmpty { html += actions(path: path, node: node, frame: frame) }
        return html
    }

    /// All › Work › Meetings, each a link.
    static func breadcrumbs(_ path: String) -> String {
        var html = "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumbs\"><ol><li><a href=\"/\">All</a></li>"
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            html += "<li><a href=\"\(HTML.href("/folder", [("path", prefix)]))\"><bdi>\(HTMLText.escape(String(component)))</bdi></a></li>"
        }
        return html + "</ol></nav>"
    }

    static func actions(path: String, node: FolderNode, frame: Page.Frame) -> String {
        let csrf = Page.csrfField(frame.csrf)
        let hidden = "<input type=\"hidden\" name=\"path\" value=\"\(HTMLText.escape(path))\">"
        var colors = "<option value=\"\">none</option>"
        for name in ColorName.presets.keys.sorted() {
            colors += "<option\(node.color?.text == name ? " selected" : "")>\(name)</option>"
        }
        return """
            <section aria-labelledby="h-folder-actions"><h2 id="h-folder-actions">Organize</h2>
            \(MainPage.newFolderForm(frame: frame, parent: path))
            <form class="inline" method="post" action="/actions/folder-rename">\(csrf)\(hidden)\
            <label>Rename to <input name="name" required value="\(HTMLText.escape(node.name))"></label> <button type="submit">Rename</button></form>
            <form class="inline" method="post" action="/actions/folder-color">\(csrf)\(hidden)\
            <label>Color <select name="color">\(colors)</select></label> <button type="submit">Set color</button></form>
            <form class="inline" method="post" action="/actions/folder-delete">\(csrf)\(hidden)\
            <button type="submit">Delete folder...</button></form>
            </section>
            """
    }
}
