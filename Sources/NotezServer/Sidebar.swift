import NotezKit

/// The sidebar of every page (a drawer on narrow screens): the vault's places, the folder tree
/// (first level open, deeper levels folded; in a vault of more folders than a page should carry,
/// the first level only), the most used tags, Trash and History. Its folder list scrolls in its
/// own box, so Tags and Trash stay on the first screen of a vault of hundreds of folders.
enum Sidebar {
    /// The most first-level folders listed (the main page's "All folders" leads to the rest).
    static let folderLimit = 150
    /// The tags listed.
    static let tagLimit = 25

    static func html(_ frame: Page.Frame) -> String {
        let index = frame.index
        var html = "<nav class=\"sidebar\" id=\"sidebar\" aria-label=\"Vault\">\n<ul class=\"places\">"
        html += place("/", Icons.home, "Your notes", count: index.notes.count, id: "side-count-notes")
        html += place("/search", Icons.search, "Search", count: nil)
        html += place(HTML.href("/search", [("q", "is:pinned")]), Icons.pin, "Pinned", count: frame.lists.pinned.count)
        html += place(HTML.href("/folder", [("path", "")]), Icons.inbox, "Unsorted", count: frame.lists.unsorted.count)
        html += "</ul>\n<h2 class=\"side-heading\" id=\"side-folders\">Folders</h2>\n<div class=\"side-tree\">"
        let nested = frame.lists.folders.count <= Page.folderSelectLimit
        html += tree(Array(index.folderTree.children.prefix(folderLimit)), nested: nested, hiding: attachmentFolderName(index))
        if index.folderTree.children.count > folderLimit {
            html += "<p class=\"more\"><a href=\"/#h-folders\">All \(index.folderTree.children.count) folders</a></p>"
        }
        html += "</div>\n<h2 class=\"side-heading\" id=\"side-tags\">Tags</h2>\n<ul class=\"side-tags\">"
        for tag in frame.lists.completionTags.prefix(tagLimit) where tag.count > 0 || tag.registered {
            html += "<li><a class=\"dot\(HTML.colorClass(tag.color))\" href=\"\(HTML.href("/tag", [("name", tag.name)]))\">"
            html += "<span dir=\"auto\">#\(HTMLText.escape(tag.name))</span><span class=\"count\">\(tag.count)</span></a></li>"
        }
        html += "</ul>"
        if index.tags.count > tagLimit { html += "<p class=\"more\"><a href=\"/tags\">All \(index.tags.count) tags</a></p>" }
        html += "\n<ul class=\"places\">"
        html += place("/trash", Icons.trash, "Trash", count: index.trashCount, id: "count-trash")
        html += place("/history", Icons.history, "History", count: nil)
        html += place("/graph", Icons.graph, "Link graph", count: nil)
        return html + "</ul>\n</nav>\n"
    }

    static func place(_ href: String, _ icon: String, _ label: String, count: Int?, id: String? = nil) -> String {
        var html = "<li><a href=\"\(href)\">\(icon)<span class=\"label\">\(label)</span>"
        if let count { html += "<span class=\"count\"\(id.map { " id=\"\($0)\"" } ?? "")>\(count)</span>" }
        return html + "</a></li>"
    }

    /// The name of the vault's attachment folders (`attachments`, or the last part of the
    /// `attachments:` setting): one of them without notes is a place for files, not a folder to list.
    static func attachmentFolderName(_ index: VaultIndex) -> String {
        let setting = index.config.attachments ?? "attachments"
        return setting.split(separator: "/").last.map(String.init) ?? "attachments"
    }

    /// Folders with their recursive counts; a folder with subfolders folds them (closed). A folder
    /// named `hiding` that holds no note and no folder is left out (the attachment folders).
    static func tree(_ nodes: [FolderNode], nested: Bool, hiding: String? = nil) -> String {
        let nodes = nodes.filter { !($0.count == 0 && $0.children.isEmpty && $0.name == hiding) }
        if nodes.isEmpty { return "<p class=\"empty\">No folders.</p>" }
        var html = "<ul class=\"tree\">"
        for node in nodes {
            let link = "<a class=\"dot\(HTML.colorClass(node.color))\" href=\"\(HTML.href("/folder", [("path", node.path)]))\">"
                + "<span dir=\"auto\">\(HTMLText.escape(node.name))</span><span class=\"count\">\(node.count)</span></a>"
            if nested, !node.children.isEmpty {
                html += "<li><details><summary>" + link + "</summary>" + tree(node.children, nested: true, hiding: hiding) + "</details></li>"
            } else {
                html += "<li>" + link + "</li>"
            }
        }
        return html + "</ul>"
    }
}
