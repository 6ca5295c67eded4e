import Foundation
import NotezKit

/// "Your notes": Pinned, Unsorted Notes, the folder tree with recursive counts, tags, Trash.
enum MainPage {
    /// Notes shown per list before "more" (the page stays under 100 KB at 100,000 notes).
    static let listLimit = 40

    static func html(frame: Page.Frame, now: Double) -> String {
        let index = frame.index
        let pinned = frame.lists.pinned
        let unsorted = frame.lists.unsorted
        var html = "<h1>Your notes</h1>\n<p class=\"counts\"><span id=\"count-notes\">\(index.notes.count)</span> notes</p>\n"
        html += "<div class=\"columns\">\n<section aria-labelledby=\"h-pinned\"><h2 id=\"h-pinned\">Pinned <span class=\"count\" id=\"count-pinned\">\(pinned.count)</span></h2>"
        html += Page.noteList(pinned.prefix(listLimit), index: index, now: now, showFolder: true)
        if pinned.count > listLimit {
            html += "<p><a href=\"\(HTML.href("/search", [("q", "is:pinned")]))\">All \(pinned.count) pinned notes</a></p>"
        }
        html += "</section>\n<section aria-labelledby=\"h-unsorted\"><h2 id=\"h-unsorted\">Unsorted Notes <span class=\"count\" id=\"count-unsorted\">\(unsorted.count)</span></h2>"
        html += Page.noteList(unsorted.prefix(listLimit), index: index, now: now, showFolder: false)
        if unsorted.count > listLimit {
            html += "<p><a href=\"\(HTML.href("/folder", [("path", "")]))\">All \(unsorted.count) unsorted notes</a></p>"
        }
        html += "</section>\n</div>\n<section aria-labelledby=\"h-folders\"><h2 id=\"h-folders\">Folders</h2>"
        // A large tree shows its first level here; the folder pages show the rest.
        html += Sidebar.tree(
            index.folderTree.children, nested: frame.lists.folders.count <= Page.folderSelectLimit, hiding: Sidebar.attachmentFolderName(index))
            .replacingOccurrences(of: "<ul class=\"tree\">", with: "<ul class=\"tree main-tree\">", options: .anchored)
        html += newFolderForm(frame: frame, parent: "")
        html += "</section>\n<section aria-labelledby=\"h-tags\"><h2 id=\"h-tags\">Tags</h2>"
        if index.tags.isEmpty { html += "<p class=\"empty\">No tags.</p>" }
        let shown = frame.lists.mainTags
        if shown.count < index.tags.count {
            html += "<p class=\"small\">The \(shown.count) most used of <a href=\"/tags\">\(index.tags.count) tags</a>.</p>"
        }
        html += tagList(shown) + "</section>\n"
        return html
    }

    /// Tags shown on the main page before "all tags".
    static let tagLimit = 50

    /// Tags as chips with counts and a link to each tag's page.
    static func tagList(_ tags: [TagSummary]) -> String {
        var html = "<ul class=\"tags\">"
        for tag in tags where tag.count > 0 || tag.registered {
            html += "<li><a class=\"chip\(HTML.colorClass(tag.color))\" href=\"\(HTML.href("/tag", [("name", tag.name)]))\" dir=\"auto\">#\(HTMLText.escape(tag.name))</a>"
            html += " <span class=\"count\">\(tag.count)</span></li>"
        }
        return html + "</ul>"
    }

    /// Nested, collapsible (`<details>`, no script needed) folders with recursive counts and colors.
    static func folderTree(_ nodes: [FolderNode], depth: Int = Int.max) -> String {
        if nodes.isEmpty { return "<p class=\"empty\">No folders.</p>" }
        var html = "<ul class=\"tree\">"
        for node in nodes {
            let link = "<a class=\"folder\(HTML.colorClass(node.color))\" href=\"\(HTML.href("/folder", [("path", node.path)]))\">\(HTMLText.escape(node.name))</a> <span class=\"count\">\(node.count)</span>"
            if node.children.isEmpty || depth <= 1 {
                html += "<li>" + link + "</li>"
            } else {
                html += "<li><details open><summary>" + link + "</summary>" + folderTree(node.children, depth: depth - 1) + "</details></li>"
            }
        }
        return html + "</ul>"
    }

    static func newFolderForm(frame: Page.Frame, parent: String) -> String {
        """
        <form class="inline" method="post" action="/actions/folder-create">\(Page.csrfField(frame.csrf))\
        <input type="hidden" name="parent" value="\(HTMLText.escape(parent))">\
        <label>New folder <input name="name" required maxlength="200"></label> <button type="submit">Create</button></form>
        """
    }
}
