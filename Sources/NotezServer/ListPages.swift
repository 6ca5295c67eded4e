import NotezKit

/// The smaller pages: Trash, History, a tag's management page, and an action's preview.
enum ListPages {
    static func trash(items: [TrashItem], frame: Page.Frame) -> String {
        var html = "<h1>Trash <span class=\"count\">\(items.count)</span></h1>"
        if items.isEmpty { return html + "<p class=\"empty\">The trash is empty.</p>" }
        html += Page.button("Empty trash...", action: "/actions/trash-empty", fields: [], csrf: frame.csrf)
        html += "<ul class=\"notes\">"
        for item in items.sorted(by: { $0.deleted > $1.deleted }) {
            html += "<li><span class=\"title\" dir=\"auto\">\(HTMLText.escape(item.originalPath))</span> deleted "
            html += "<time datetime=\"\(NoteDate.iso8601(item.deleted))\">\(String(NoteDate.iso8601(item.deleted).prefix(10)))</time> "
            html += Page.button("Restore", action: "/actions/trash-restore", fields: [("id", item.id)], csrf: frame.csrf)
            html += Page.button("Delete forever...", action: "/actions/trash-delete", fields: [("id", item.id)], csrf: frame.csrf)
            html += "</li>"
        }
        return html + "</ul>"
    }

    static func history(_ history: JournalHistory, frame: Page.Frame, limit: Int = 100) -> String {
        var html = "<h1>History</h1><p class=\"small\">The newest \(limit) operations of the journal (the CLI's <code>notez history</code>).</p>"
        html += "<div class=\"table-wrap\"><table><thead><tr><th scope=\"col\">When</th><th scope=\"col\">Operation</th><th scope=\"col\">State</th><th scope=\"col\"></th></tr></thead><tbody>"
        for record in history.records.reversed().prefix(limit) {
            html += "<tr><td><time>\(HTMLText.escape(record.time))</time></td><td><code>\(HTMLText.escape(JournalHistory.commandLine(record, history: history)))</code></td>"
            switch history.undoability(of: record) {
            case .undoable:
                html += "<td>in force</td><td>" + Page.button("Undo", action: "/actions/undo", fields: [("id", record.id)], csrf: frame.csrf) + "</td>"
            case .notUndoable(let reason):
                html += "<td colspan=\"2\">\(HTMLText.escape(reason))</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></div>"
    }

    /// A tag's view: its notes (the tag's and its children's, pinned first, paged), its child
    /// tags, and rename / merge / delete (each previewed first) and color.
    static func tag(_ summary: TagSummary, page: Int, frame: Page.Frame, now: Double, suggestions: TagSuggestionCache.Answer? = nil) -> String {
        let index = frame.index
        let csrf = Page.csrfField(frame.csrf)
        let hidden = "<input type=\"hidden\" name=\"tag\" value=\"\(HTMLText.escape(summary.name))\">"
        var colors = "<option value=\"none\">none</option>"
        for name in ColorName.presets.keys.sorted() { colors += "<option\(summary.color?.text == name ? " selected" : "")>\(name)</option>" }
        let query = QuerySerializer.serialize(.tag(summary.name))
        var notes = index.exposed(index.notes(withTag: summary.key))
        notes = notes.filter(\.pinned) + notes.filter { !$0.pinned }
        var html = "<nav class=\"breadcrumbs\" aria-label=\"Breadcrumbs\"><ol><li><a href=\"/\">All</a></li><li><a href=\"/tags\">Tags</a></li></ol></nav>"
        html += "<h1 class=\"tag-title\"><span class=\"chip\(HTML.colorClass(summary.color))\" dir=\"auto\">#\(HTMLText.escape(summary.name))</span>"
        html += " <span class=\"count\">\(notes.count) note\(notes.count == 1 ? "" : "s")</span></h1>"
        let prefix = summary.key.rawValue + "/"
        let children = index.tags.filter { $0.key.rawValue.hasPrefix(prefix) && !$0.key.rawValue.dropFirst(prefix.count).contains("/") }
        if !children.isEmpty {
            html += "<section aria-labelledby=\"h-children\"><h2 id=\"h-children\">Child tags</h2><ul class=\"chips\">"
            for child in children.prefix(200) {
                html += "<li><a class=\"chip\(HTML.colorClass(child.color))\" href=\"\(HTML.href("/tag", [("name", child.name)]))\" dir=\"auto\">#\(HTMLText.escape(child.name))</a>"
                html += " <span class=\"count\">\(child.count)</span></li>"
            }
            html += "</ul></section>"
        }
        if let found = suggestions?.suggestions?.filter({ suggestion in
            ([suggestion.target] + suggestion.sources).contains { TagKey($0.name) == summary.key }
        }), !found.isEmpty {
            let answer = TagSuggestionCache.Answer(suggestions: found, current: suggestions?.current ?? false, running: suggestions?.running ?? false)
            html += tagSuggestions(answer, index: index, frame: frame, heading: "Looks like the same tag")
        }
        html += "<section aria-labelledby=\"h-tag-notes\"><h2 id=\"h-tag-notes\">Notes</h2>"
        let size = FolderPage.pageSize
        let start = min((page - 1) * size, notes.count)
        html += Page.noteList(notes[start..<min(start + size, notes.count)], index: index, now: now, showFolder: true)
        html += Page.pager(total: notes.count, page: page, pageSize: size) { HTML.href("/tag", [("name", summary.name), ("page", String($0))]) }
        html += "<p><a href=\"\(HTML.href("/search", [("q", query)]))\">Search tag:\(HTMLText.escape(summary.name))</a></p></section>"
        html += """
            <section class="organize" aria-labelledby="h-tag-actions"><h2 id="h-tag-actions">Organize</h2>
            <form class="inline" method="post" action="/actions/tag-rename">\(csrf)\(hidden)\
            <label>Rename to <input name="to" required list="all-tags" value="\(HTMLText.escape(summary.name))"></label> <button type="submit">Preview rename</button></form>
            <form class="inline" method="post" action="/actions/tag-merge">\(csrf)\(hidden)\
            <label>Merge into <input name="into" required list="all-tags"></label> <button type="submit">Preview merge</button></form>
            \(Page.tagDatalist(frame))
            <form class="inline" method="post" action="/actions/tag-delete">\(csrf)\(hidden)\
            <button type="submit">Preview delete</button></form>
            <form class="inline" method="post" action="/actions/tag-color">\(csrf)\(hidden)\
            <label>Color <select name="color">\(colors)</select></label> <button type="submit">Set color</button></form>
            </section>
            """
        return html
    }

    /// The page a missing note's link opens: the capture form filled in (nothing is written
    /// until Create is pressed).
    static func newNote(title: String, frame: Page.Frame) -> String {
        var html = "<div class=\"capture-screen\"><h1>New note</h1>"
        if !title.isEmpty {
            html += "<p>No note is named <strong dir=\"auto\">\(HTMLText.escape(title))</strong> yet.</p>"
        } else {
            html += "<p class=\"small\">Press <kbd>n</kbd> on any page to come here. Nothing is written until you create the note.</p>"
        }
        return html + Page.captureForm(frame, title: title) + "</div>"
    }

    /// The most proposals a page lists.
    static let suggestionLimit = 50

    /// `notez tag suggest`'s proposals, each with its evidence and a Merge button that previews
    /// the merge (the tag-merge action: the same planner as `notez tag merge`, journaled, undoable).
    /// While they are computed: a notice; stale ones (of an older snapshot) leave out tags gone since.
    static func tagSuggestions(_ answer: TagSuggestionCache.Answer, index: VaultIndex, frame: Page.Frame, heading: String = "Suggested merges") -> String {
        var html = "<section class=\"suggestions\" aria-labelledby=\"h-suggest\"><h2 id=\"h-suggest\">\(HTMLText.escape(heading))</h2>"
        let find = "<p><a class=\"button\" href=\"/tags?suggest=1\">Find near-duplicate tags</a> "
            + "<span class=\"small\">(this takes a while in a vault of \(index.tags.count) tags)</span></p>"
        guard let all = answer.suggestions else {
            if !answer.running { return html + find + "</section>" }
            return html + "<p class=\"small\" role=\"status\">Looking for near-duplicate tags… (reload in a moment)</p></section>"
        }
        let exists = { (tag: TagSuggestion.Tag) in index.tag(TagKey(tag.name)) != nil }
        let shown = all.filter { exists($0.target) && $0.sources.allSatisfy(exists) }
        if !answer.current {
            html += answer.running ? "<p class=\"small\" role=\"status\">Updating after the last change…</p>" : find
        }
        if shown.isEmpty { return html + "<p class=\"empty\">No near-duplicate tags found.</p></section>" }
        html += "<ul class=\"notes suggestion-list\">"
        for suggestion in shown.prefix(suggestionLimit) {
            html += "<li><div class=\"row-head\">"
            for source in suggestion.sources {
                html += Page.tagChip(source.name, index: index) + " <span class=\"count\">\(source.count)</span> "
            }
            html += "<span aria-label=\"into\">→</span> " + Page.tagChip(suggestion.target.name, index: index)
            html += " <span class=\"count\">\(suggestion.target.count)</span> <span class=\"pin\">\(suggestion.reason.rawValue)</span></div>"
            html += "<p class=\"snippet\">\(HTMLText.escape(suggestion.evidence))</p>"
            html += "<form class=\"inline\" method=\"post\" action=\"/actions/tag-merge\">" + Page.csrfField(frame.csrf)
            for source in suggestion.sources { html += "<input type=\"hidden\" name=\"tag\" value=\"\(HTMLText.escape(source.name))\">" }
            html += "<input type=\"hidden\" name=\"into\" value=\"\(HTMLText.escape(suggestion.target.name))\">"
            html += "<button type=\"submit\">Preview merge into #\(HTMLText.escape(suggestion.target.name))</button></form></li>"
        }
        html += "</ul>"
        if shown.count > suggestionLimit { html += "<p class=\"small\">and \(shown.count - suggestionLimit) more: <code>notez tag suggest</code></p>" }
        return html + "</section>"
    }

    /// What an action would do (the affected notes and the diff) with a button that applies it:
    /// the same form fields again plus `confirm=yes`.
    static func preview(title: String, plan: Plan, action: String, form: FormData, frame: Page.Frame) -> String {
        var html = "<h1>\(HTMLText.escape(title))</h1>"
        if let question = plan.confirmation { html += "<p class=\"notice\">\(HTMLText.escape(question))</p>" }
        let notes = plan.steps.filter { !$0.path.hasPrefix(".notez/") }
        html += "<p>\(notes.count) file\(notes.count == 1 ? "" : "s") affected:</p><ul>"
        for step in notes.prefix(200) { html += "<li>\(HTMLText.escape(step.path))\(step.to.map { " -> " + HTMLText.escape($0) } ?? "")</li>" }
        if notes.count > 200 { html += "<li>and \(notes.count - 200) more</li>" }
        html += "</ul>"
        for message in plan.messages { html += "<p>\(HTMLText.escape(message))</p>" }
        for issue in plan.skipped { html += "<p class=\"problem\">\(HTMLText.escape(issue.path)): \(HTMLText.escape(issue.reason))</p>" }
        html += "<h2>Diff</h2><pre class=\"diff\">\(HTMLText.escape(String(plan.dryRunText().prefix(200_000))))</pre>"
        html += "<form method=\"post\" action=\"\(HTMLText.escape(action))\">"
        html += Page.csrfField(frame.csrf)
        for (name, value) in form.pairs where name != "csrf" && name != "confirm" {
            html += "<input type=\"hidden\" name=\"\(HTMLText.escape(name))\" value=\"\(HTMLText.escape(value))\">"
        }
        html += "<input type=\"hidden\" name=\"confirm\" value=\"yes\"><button type=\"submit\">Apply</button> <a href=\"/\">Cancel</a></form>"
        return html
    }
}
