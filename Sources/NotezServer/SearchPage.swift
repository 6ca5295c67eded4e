import NotezKit

/// Search: a text box and the same query as visual chips; results paged; errors with a caret.
enum SearchPage {
    static let pageSize = 50

    /// What the text box held and what parsing it gave.
    struct Search {
        var text: String
        var node: QueryNode?
        var error: QueryError?

        init(_ text: String) {
            self.text = text
            if text.trimmingCharacters(in: .whitespaces).isEmpty { return }
            do {
                node = try QueryParser.parse(text)
            } catch {
                self.error = error
            }
        }
    }

    /// The query after a chip edit in the form (`add`, `remove`, `join`), or nil when there was none.
    static func edited(_ form: FormData) -> String? {
        let search = Search(form["q"] ?? "")
        guard search.error == nil, var chips = QueryChips(search.node) else { return nil }
        if let value = form["add_value"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
            let kind = QueryChips.Kind(rawValue: form["add_kind"] ?? "") ?? .text
            var join = QueryChips.Join(rawValue: form["add_join"] ?? "") ?? .and
            if chips.chips.isEmpty || (join == .or && chips.chips.last?.join == .not) { join = join == .not ? .not : .and }
            chips.chips.append(.init(join: join, kind: kind, value: value))
        } else if let position = form["remove"].flatMap(Int.init), chips.chips.indices.contains(position) {
            chips.chips.remove(at: position)
            if chips.chips.first?.join == .or { chips.chips[0].join = .and }
        } else if let position = form["join"].flatMap(Int.init), chips.chips.indices.contains(position) {
            let order: [QueryChips.Join] = position == 0 ? [.and, .not] : [.and, .or, .not]
            let current = order.firstIndex(of: chips.chips[position].join) ?? 0
            chips.chips[position].join = order[(current + 1) % order.count]
            if QueryChips(chips.node) == nil { chips.chips[position].join = .and }
        } else {
            return nil
        }
        return chips.text
    }

    static func html(search: Search, page: Int, frame: Page.Frame, now: Double) -> String {
        let index = frame.index
        var html = "<h1>Search</h1>\n"
        html += """
            <form class="search" action="/search" method="get" role="search">
            <label for="q">Query</label> <input id="q" name="q" type="search" value="\(HTMLText.escape(search.text))" autocomplete="off" \
            aria-describedby="q-help"> <button type="submit">Search</button>
            <p id="q-help" class="small">tag:NAME folder:NAME words "a phrase" a OR b -word is:pinned modified:&gt;2024-01-01 \
            (<a href="/search">clear</a>)</p>
            </form>

            """
        if let error = search.error {
            let lines = error.caretLines(for: search.text)
            html += "<section class=\"flash error\" role=\"alert\"><p>\(HTMLText.escape(error.message))</p>"
            html += "<pre class=\"caret\">\(HTMLText.escape(lines[0]))\n\(HTMLText.escape(lines[1]))</pre></section>"
            return html
        }
        html += chipsHTML(search: search, index: index)
        guard let node = search.node else { return html }
        // The session's search: a symlinked note is no result (its words must not be probed), and a
        // link term naming no note is an error, as on the command line.
        let notes: [Note]
        do throws(NotezError) {
            notes = try Vault(snapshot: index).search(node).notes()
        } catch {
            return html + "<section class=\"flash error\" role=\"alert\"><p>\(HTMLText.escape(error.description))</p></section>"
        }
        if notes.isEmpty {
            html += "<section class=\"empty-state\"><p>No notes match your search</p>"
            html += "<p><a class=\"button\" href=\"/search\">Clear filters</a></p></section>"
            return html
        }
        html += "<p class=\"counts\">\(notes.count) note\(notes.count == 1 ? "" : "s")</p>"
        let start = min((page - 1) * pageSize, notes.count)
        html += Page.noteList(notes[start..<min(start + pageSize, notes.count)], index: index, now: now, showFolder: true)
        html += Page.pager(total: notes.count, page: page, pageSize: pageSize) { HTML.href("/search", [("q", search.text), ("page", String($0))]) }
        return html
    }

    /// The chips of the query with links to change each; or the "too complex" notice.
    static func chipsHTML(search: Search, index: VaultIndex) -> String {
        var html = "<section class=\"chips-editor\" aria-labelledby=\"h-chips\"><h2 id=\"h-chips\">Filters</h2>"
        guard let chips = QueryChips(search.node) else {
            return html + "<p class=\"notice\">This query is too complex for visual mode.</p></section>"
        }
        html += "<ol class=\"chips\">"
        for (position, chip) in chips.chips.enumerated() {
            let join = HTML.href("/search/chips", [("q", search.text), ("join", String(position))])
            let remove = HTML.href("/search/chips", [("q", search.text), ("remove", String(position))])
            html += "<li class=\"chip kind-\(chip.kind.rawValue)\">"
            if position > 0 || chip.join == .not {
                html += "<a class=\"join\" href=\"\(join)\" title=\"Change AND / OR / NOT\">\(chip.join.rawValue)</a> "
            }
            html += "<span class=\"kind\">\(chip.kind.rawValue)</span> <span class=\"value\">\(HTMLText.escape(chip.value))</span> "
            html += "<a class=\"remove\" href=\"\(remove)\" aria-label=\"Remove \(HTMLText.escape(chip.value))\">x</a></li>"
        }
        html += "</ol>"
        var kinds = ""
        for kind in QueryChips.Kind.allCases { kinds += "<option value=\"\(kind.rawValue)\">\(kind.rawValue)</option>" }
        var joins = ""
        for join in QueryChips.Join.allCases { joins += "<option value=\"\(join.rawValue)\">\(join.rawValue)</option>" }
        html += """
            <form class="add-chip" action="/search/chips" method="get">
            <input type="hidden" name="q" value="\(HTMLText.escape(search.text))">
            <label>Join <select name="add_join">\(joins)</select></label>
            <label>Kind <select name="add_kind">\(kinds)</select></label>
            <label>Value <input name="add_value" list="all-tags" required autocomplete="off"></label>
            <button type="submit">Add filter</button>
            </form></section>

            """
        return html
    }
}
