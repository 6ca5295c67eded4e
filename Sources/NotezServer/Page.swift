import Foundation
import HTTPTypes
import Hummingbird
import NotezKit

/// The frame every page shares: head, navigation, quick capture, the live banner, and responses.
enum Page {
    /// What every page needs besides its own content.
    struct Frame {
        var csrf: String
        var index: VaultIndex
        var generation: Int
        /// A message after an action, with the journal id its Undo button reverses.
        var flash: Flash?
        /// The folder capture proposes: the current folder's or note's; nil on pages of no folder,
        /// where capture proposes the routing suggestion.
        var folder: String?
        /// Routing's suggestion for a capture now (pages of no folder, when there is capture history).
        var route: CaptureRouter.Suggestion?
        /// The vault's note templates, for capture's template picker.
        var templates: [String] = []
        /// The typed properties of the proposed folder's schema, for capture's property fields.
        var properties: [PropertySpec] = []
        /// The snapshot's sorted lists.
        var lists: DerivedLists.Lists
    }

    /// A message shown once after an action.
    struct Flash: Sendable {
        var lines: [String]
        var journal: String?
        var isError = false
        /// Links after the message (what a capture created, a way to capture another).
        var links: [(text: String, href: String)] = []
    }

    /// A whole HTML document: the top bar (menu, search, New note), the sidebar, the main pane.
    static func document(title: String, frame: Frame, main: String) -> String {
        var html = head(title: title, generation: frame.generation)
        html += "<body data-generation=\"\(frame.generation)\">\n"
        html += topBar(capture: capture(frame))
        html += "<div class=\"app\">\n" + Sidebar.html(frame)
        html += "<label class=\"scrim\" for=\"drawer\" aria-hidden=\"true\"></label>\n<div class=\"pane\">\n"
        html += "<div id=\"live-banner\" class=\"banner\" role=\"status\" aria-live=\"polite\" hidden></div>\n"
        if let flash = frame.flash { html += flashHTML(flash, csrf: frame.csrf) }
        html += "<main id=\"main\" tabindex=\"-1\">\n" + main + "\n</main>\n</div>\n</div>\n</body>\n</html>\n"
        return html
    }

    static func head(title: String, generation: Int) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(HTMLText.escape(title)) - notez</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/assets/app.css">
        <link rel="stylesheet" href="/assets/colors.css?g=\(generation)">
        <script src="/assets/app.js" defer></script>
        </head>

        """
    }

    /// The bar above every page. The menu button is a label for a checkbox, so the drawer opens
    /// without script.
    static func topBar(capture: String) -> String {
        """
        <a class="skip" href="#main">Skip to content</a>
        <input type="checkbox" id="drawer" class="drawer-toggle" aria-label="Show folders and tags">
        <header class="top">
        <label for="drawer" class="icon-button menu" title="Folders and tags">\(Icons.menu)</label>
        <a class="brand" href="/" accesskey="h">\(Icons.logo)<span>notez</span></a>
        <form class="quick-search" action="/search" method="get" role="search">
        <label for="top-q" class="visually-hidden">Search</label>\(Icons.search)<input id="top-q" name="q" type="search" placeholder="Search (press /)" autocomplete="off">
        </form>
        \(capture)
        </header>

        """
    }

    /// The top bar's **New note**: a link to the capture screen (`/new`), proposing the page's
    /// folder (other pages let routing propose one); the `n` key follows it.
    static func capture(_ frame: Frame) -> String {
        let href = frame.folder.map { HTML.href("/new", [("folder", $0)]) } ?? "/new"
        return "<a class=\"button primary new-note\" href=\"\(href)\" accesskey=\"n\">\(Icons.plus)<span>New note</span></a>"
    }

    /// The capture form (seed 004's quick capture), planned on submit exactly as `notez new`:
    /// title, body, folder (the proposed one selected, with routing's reason), template, the
    /// folder's typed properties, tags (auto-completed from the vault's most used tags).
    static func captureForm(_ frame: Frame, title: String = "") -> String {
        """
        <form class="card-form capture-form" method="post" action="/actions/new">
        \(csrfField(frame.csrf))
        <label>Title <input name="title" required maxlength="200" value="\(HTMLText.escape(title))" dir="auto" autocomplete="off"\(title.isEmpty ? " autofocus" : "")></label>
        <label>Body <textarea name="body" rows="8" dir="auto"\(title.isEmpty ? "" : " autofocus")></textarea></label>
        <div class="form-row">
        <label>Folder \(folderPicker(frame, selected: frame.folder ?? frame.route?.folder ?? "", id: "capture-folder"))</label>
        \(templatePicker(frame))</div>
        \(routeHint(frame))<div class="property-fields">\(propertyFields(frame))</div>
        <label>Tags <input name="tags" list="all-tags" placeholder="comma separated" autocomplete="off"></label>
        \(tagDatalist(frame))
        <p class="form-actions"><button type="submit" class="primary">\(Icons.plus) Create note</button> <a class="button" href="/">Cancel</a></p>
        </form>
        """
    }

    /// The tag suggestions of tag fields (`list="all-tags"`): the most used tags, since a vault
    /// may have tens of thousands.
    static func tagDatalist(_ frame: Frame) -> String {
        var html = "<datalist id=\"all-tags\">"
        for tag in frame.lists.completionTags { html += "<option value=\"\(HTMLText.escape(tag.name))\">" }
        return html + "</datalist>"
    }

    /// One field per typed property of the proposed folder's schema (`prop.KEY`, as `--prop KEY=VALUE`),
    /// typed as the browser can; the server checks every value against the schema of the folder chosen.
    static func propertyFields(_ frame: Frame) -> String {
        var html = ""
        for spec in frame.properties {
            let name = "prop." + spec.key
            let label = HTMLText.escape(spec.key) + (spec.required ? " (required)" : "")
            let field: String
            switch spec.kind {
            case .number: field = "<input name=\"\(HTMLText.escape(name))\" type=\"number\" step=\"any\">"
            case .date: field = "<input name=\"\(HTMLText.escape(name))\" type=\"date\">"
            case .datetime: field = "<input name=\"\(HTMLText.escape(name))\" type=\"datetime-local\">"
            case .bool, .select:
                let options = spec.kind == .bool ? ["true", "false"] : spec.options
                field = "<select name=\"\(HTMLText.escape(name))\"><option value=\"\"></option>"
                    + options.map { "<option value=\"\(HTMLText.escape($0))\">\(HTMLText.escape($0))</option>" }.joined() + "</select>"
            case .text: field = "<input name=\"\(HTMLText.escape(name))\">"
            case .multiSelect, .list:
                let hint = spec.options.isEmpty ? "comma separated" : spec.options.joined(separator: ", ")
                field = "<input name=\"\(HTMLText.escape(name))\" placeholder=\"\(HTMLText.escape(hint))\">"
            }
            html += "<label>\(label) \(field)</label>\n"
        }
        return html
    }

    /// Why capture proposes the folder it does, when routing chose it.
    static func routeHint(_ frame: Frame) -> String {
        guard frame.folder == nil, let route = frame.route else { return "" }
        let name = route.folder.isEmpty ? "Unsorted" : route.folder
        return "<p class=\"hint\">Suggested: \(HTMLText.escape(name)) (\(HTMLText.escape(route.reason)))</p>\n"
    }

    /// The template picker of capture: the folder's default (from config), none, or a named template.
    static func templatePicker(_ frame: Frame) -> String {
        guard !frame.templates.isEmpty else { return "" }
        var html = "<label>Template <select name=\"template\"><option value=\"\" selected>The folder's default</option>"
        html += "<option value=\"-\">None</option>"
        for name in frame.templates { html += "<option value=\"\(HTMLText.escape(name))\">\(HTMLText.escape(name))</option>" }
        return html + "</select></label>\n"
    }

    /// The most folders a `<select>` lists; a larger vault gets a text field with suggestions.
    static let folderSelectLimit = 300

    /// A folder picker named `folder`: a `<select>` with "None (Unsorted)" first, or for a vault with
    /// more folders than a list can show, a text field (empty is Unsorted) that suggests the largest.
    static func folderPicker(_ frame: Frame, selected: String, id: String) -> String {
        let folders = frame.lists.folders
        if folders.count > folderSelectLimit {
            var html = "<input name=\"folder\" list=\"\(id)\" value=\"\(HTMLText.escape(selected))\" placeholder=\"None (Unsorted)\" autocomplete=\"off\">"
            html += "<datalist id=\"\(id)\">"
            for node in frame.lists.largestFolders {
                html += "<option value=\"\(HTMLText.escape(node.path))\">"
            }
            return html + "</datalist>"
        }
        var html = "<select name=\"folder\"><option value=\"\"\(selected.isEmpty ? " selected" : "")>None (Unsorted)</option>"
        for node in folders {
            let mark = node.path == selected ? " selected" : ""
            html += "<option value=\"\(HTMLText.escape(node.path))\"\(mark)>\(HTMLText.escape(node.path))</option>"
        }
        return html + "</select>"
    }

    /// The hidden CSRF field of every form that changes something.
    static func csrfField(_ csrf: String) -> String {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLText.escape(csrf))\">"
    }

    /// A POST button with hidden fields (a form of its own, so it works without JavaScript).
    static func button(_ label: String, action: String, fields: [(String, String)], csrf: String, className: String = "") -> String {
        var html = "<form class=\"inline\(className.isEmpty ? "" : " " + className)\" method=\"post\" action=\"\(HTMLText.escape(action))\">"
        html += csrfField(csrf)
        for (name, value) in fields {
            html += "<input type=\"hidden\" name=\"\(HTMLText.escape(name))\" value=\"\(HTMLText.escape(value))\">"
        }
        return html + "<button type=\"submit\">\(HTMLText.escape(label))</button></form>"
    }

    static func flashHTML(_ flash: Flash, csrf: String) -> String {
        var html = "<section class=\"flash\(flash.isError ? " error" : "")\" role=\"status\">"
        for line in flash.lines { html += "<p>\(HTMLText.escape(line))</p>" }
        for link in flash.links { html += "<a class=\"button\" href=\"\(HTMLText.escape(link.href))\">\(HTMLText.escape(link.text))</a>" }
        if let journal = flash.journal {
            html += button("Undo", action: "/actions/undo", fields: [("id", journal)], csrf: csrf, className: "undo")
        }
        return html + "</section>\n"
    }

    /// A list of notes: title link, folder, tags, snippet (when enabled), relative time.
    static func noteList(_ notes: ArraySlice<Note>, index: VaultIndex, now: Double, showFolder: Bool) -> String {
        if notes.isEmpty { return "<p class=\"empty\">No notes.</p>" }
        var html = "<ul class=\"notes\">"
        for note in notes {
            html += "<li><a class=\"title\" href=\"\(HTML.href("/note", [("path", note.path)]))\" dir=\"auto\">\(HTMLText.escape(note.title))</a>"
            if note.pinned { html += " <span class=\"pin\">Pinned</span>" }
            if showFolder, !note.folder.isEmpty { html += " <span class=\"folder-name\" dir=\"auto\">\(HTMLText.escape(note.folder))</span>" }
            for tag in note.tags { html += " " + tagChip(tag, index: index) }
            html += " <time datetime=\"\(NoteDate.iso8601(note.modified))\">\(RelativeTime.describe(note.modified, now: now))</time>"
            if index.config.snippets, !note.snippet.isEmpty, index.isExposed(note.path) { html += "<p class=\"snippet\" dir=\"auto\">\(HTMLText.escape(note.snippet))</p>" }
            html += "</li>"
        }
        return html + "</ul>"
    }

    /// A tag as a chip linking to its tag view.
    static func tagChip(_ name: String, index: VaultIndex) -> String {
        let color = index.tag(TagKey(name))?.color
        return "<a class=\"chip\(HTML.colorClass(color))\" href=\"\(HTML.href("/tag", [("name", name)]))\" dir=\"auto\">#\(HTMLText.escape(name))</a>"
    }

    /// Links to pages of a long list: "Newer" / "Older" around "page N of M".
    static func pager(total: Int, page: Int, pageSize: Int, link: (Int) -> String) -> String {
        let pages = max(1, (total + pageSize - 1) / pageSize)
        guard pages > 1 else { return "" }
        var html = "<nav class=\"pager\" aria-label=\"Pages\">"
        if page > 1 { html += "<a rel=\"prev\" href=\"\(link(page - 1))\">Previous</a> " }
        html += "page \(page) of \(pages)"
        if page < pages { html += " <a rel=\"next\" href=\"\(link(page + 1))\">Next</a>" }
        return html + "</nav>"
    }

    /// An HTML response.
    static func response(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A page for errors: the top bar and a way back (the sidebar needs an index, which an error
    /// may not have; `WebServer.notFound` gives the whole frame when it has one).
    static func errorResponse(status: HTTPResponse.Status, message: String) -> Response {
        var html = head(title: String(status.code), generation: 0) + "<body>\n" + topBar(capture: "")
        html += "<div class=\"app\"><div class=\"pane\"><main id=\"main\">" + errorMain(status: status, message: message)
        html += "</main></div></div></body></html>\n"
        return response(html, status: status)
    }

    static func errorMain(status: HTTPResponse.Status, message: String) -> String {
        """
        <div class="empty-state"><h1>\(status.code) \(HTMLText.escape(status.reasonPhrase))</h1><p>\(HTMLText.escape(message))</p>
        <p><a class="button" href="/">\(Icons.home) Your notes</a> <a class="button" href="/search">\(Icons.search) Search</a></p></div>
        """
    }

    /// A 303 redirect after a POST.
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    /// A JSON response.
    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
