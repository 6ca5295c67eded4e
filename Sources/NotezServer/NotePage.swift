import NotezKit

/// A note: rendered Markdown, folder, tags as chips, pinned, dates, backlinks, and its organizing actions;
/// or its text in a textarea that refuses to overwrite a file changed on disk since it was loaded.
enum NotePage {
    /// The largest note shown or edited.
    static let maxBytes = 16 << 20

    static func html(note: Note, bytes: [UInt8], renderer: NoteRenderer, frame: Page.Frame, now: Double) -> String {
        let index = frame.index
        let csrf = frame.csrf
        let path = note.path
        var html = FolderPage.breadcrumbs(note.folder)
        html += "<article class=\"note\" data-path=\"\(HTMLText.escape(path))\" data-hash=\"\(ContentHash.of(bytes))\">"
        html += "<header><h1 dir=\"auto\">\(HTMLText.escape(note.title))</h1><p class=\"meta\">"
        html += note.folder.isEmpty ? "Unsorted" : "in <a href=\"\(HTML.href("/folder", [("path", note.folder)]))\"><bdi>\(HTMLText.escape(note.folder))</bdi></a>"
        if note.pinned { html += " <span class=\"pin\">Pinned</span>" }
        html += " created <time datetime=\"\(NoteDate.iso8601(note.created))\">\(RelativeTime.describe(note.created, now: now))</time>"
        html += ", modified <time datetime=\"\(NoteDate.iso8601(note.modified))\">\(RelativeTime.describe(note.modified, now: now))</time></p>"
        html += "<ul class=\"chips\" aria-label=\"Tags\">"
        for tag in note.tags {
            html += "<li>" + Page.tagChip(tag, index: index)
            html += Page.button("Remove", action: "/actions/tag-remove", fields: [("path", path), ("tag", tag)], csrf: csrf, className: "chip-remove")
            html += "</li>"
        }
        html += "</ul>"
        if let problem = note.problem { html += "<p class=\"problem\">\(HTMLText.escape(problem.message))</p>" }
        let body = renderer.render(path: note.path, bytes: bytes)
        html += "</header>\n<div class=\"markdown\" dir=\"auto\">" + body + "</div>\n</article>\n"
        html += BacklinksSection.forNotePage(note: note, index: index)
        html += GraphPage.relatedSection(note: note, index: index)
        html += actions(note: note, frame: frame)
        return html
    }

    static func actions(note: Note, frame: Page.Frame) -> String {
        let csrf = frame.csrf
        let path = note.path
        let hidden = "<input type=\"hidden\" name=\"path\" value=\"\(HTMLText.escape(path))\">"
        var html = "<section class=\"actions\" aria-labelledby=\"h-actions\"><h2 id=\"h-actions\">Organize</h2>"
        html += "<a class=\"button\" href=\"\(HTML.href("/edit", [("path", path)]))\" accesskey=\"e\">Edit</a> "
        html += Page.button(note.pinned ? "Unpin" : "Pin", action: note.pinned ? "/actions/unpin" : "/actions/pin", fields: [("path", path)], csrf: csrf)
        html += """
            <form class="inline" method="post" action="/actions/move">\(Page.csrfField(csrf))\(hidden)\
            <label>Move to \(Page.folderPicker(frame, selected: note.folder, id: "move-folder"))</label> \
            <button type="submit">Move</button></form>
            <form class="inline" method="post" action="/actions/tag-add">\(Page.csrfField(csrf))\(hidden)\
            <label>Add tag <input name="tag" list="all-tags" required autocomplete="off"></label> <button type="submit">Add</button></form>
            \(Page.tagDatalist(frame))
            """
        html += Page.button("Move to Trash", action: "/actions/trash", fields: [("path", path)], csrf: csrf)
        return html + "</section>"
    }

    /// What the editor shows after a refused save: titled diffs (what changed on disk since the
    /// page loaded the file, and the user's own changes; or, without the loaded version, how the
    /// disk differs from the user's text).
    typealias Conflict = [(title: String, diff: String)]

    /// The editor. `text` is what the textarea holds (the file, or the user's text after a refusal);
    /// `original` is the file version the edit started from and `base` its hash; both go back with
    /// the form, so a refused save can show what changed on disk apart from the user's edits.
    static func editor(note: Note, text: String, original: String, base: String, conflict: Conflict?, frame: Page.Frame) -> String {
        var html = FolderPage.breadcrumbs(note.folder)
        html += "<h1>Edit \(HTMLText.escape(note.title))</h1>"
        if let conflict {
            html += "<section class=\"flash error\" role=\"alert\"><p>The file changed on disk since it was loaded; nothing was saved.</p>"
            for (title, diff) in conflict {
                html += "<h2>\(HTMLText.escape(title))</h2><pre class=\"diff\">\(HTMLText.escape(diff))</pre>"
            }
            html += "<p>Copy what you need, then <a href=\"\(HTML.href("/edit", [("path", note.path)]))\">start again from the file on disk</a>.</p></section>"
        }
        // Carriage returns as references: the HTML parser would turn a raw CR LF into LF.
        let originalValue = HTMLText.escape(original).replacingOccurrences(of: "\r", with: "&#13;")
        html += """
            <form method="post" action="/actions/save" class="editor" data-path="\(HTMLText.escape(note.path))">\(Page.csrfField(frame.csrf))\
            <input type="hidden" name="path" value="\(HTMLText.escape(note.path))">\
            <input type="hidden" name="base" value="\(HTMLText.escape(base))">\
            <input type="hidden" name="original" value="\(originalValue)">
            <label for="text">Text (Markdown with front matter)</label>
            <textarea id="text" name="text" rows="24" spellcheck="true">\n\(HTMLText.escape(text))</textarea>
            <p><button type="submit">Save</button> <a href="\(HTML.href("/note", [("path", note.path)]))">Cancel</a></p>
            </form>
            """
        return html
    }

    /// The diffs of a refused save. `original` (as the form sent it) is used only when it is the
    /// version `base` names, with its line endings as sent or as line feeds.
    static func conflict(path: String, original: String?, base: String?, mine: String, disk: [UInt8]) -> Conflict {
        let loaded = [original, original.map(WebServer.lineFeeds)].compactMap { $0 }.first { ContentHash.of(Array($0.utf8)) == base }
        guard let loaded else {
            let yours = Array(WebServer.lineFeeds(mine).utf8)
            return [("What is on disk now differs from your text like this", UnifiedDiff.render(path: path, before: yours, after: disk))]
        }
        // Browsers send CR LF from a textarea; a file with line feeds is compared with line feeds.
        let yours = Array((loaded.contains("\r\n") ? mine : WebServer.lineFeeds(mine)).utf8)
        return [
            ("Changed on disk since you loaded it", UnifiedDiff.render(path: path, before: Array(loaded.utf8), after: disk)),
            ("Your changes", UnifiedDiff.render(path: path, before: Array(loaded.utf8), after: yours)),
        ]
    }
}
