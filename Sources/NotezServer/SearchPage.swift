import NotezKit

/// Search as an app has it: the query bar on top, the filter builder beside the results (the
/// visual subset of the language, the library's `SearchFilters`: tags joined by AND or OR, folders
/// in or out, pinned only, words, links to and from notes, orphans and hubs), result rows with the
/// match in context, the count, pages and an empty state. The filters and the text are one query: the text is parsed by `QueryParser` and
/// shown as filters by `SearchFilters(fitting:)`; a filter edit is serialized back by
/// `QuerySerializer`. A query the filters cannot show is explained by `QueryExplainer` instead.
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

        /// The query as filters; nil when it is too complex for them (or does not parse).
        var filters: SearchFilters? {
            guard error == nil else { return nil }
            guard let node else { return SearchFilters() }
            return SearchFilters(fitting: node)
        }
    }

    /// The kinds of filter the builder adds, as the form names them.
    enum Kind: String, CaseIterable {
        case tag, folder
        case notFolder = "not-folder"
        case text
        case linksTo = "links-to"
        case linkedBy = "linked-by"
    }

    /// The canonical query text of filters ("" for none).
    static func text(_ filters: SearchFilters) -> String {
        filters.query.map(QuerySerializer.serialize) ?? ""
    }

    /// The query after an edit of the filter form (`add=KIND&value=V`), or nil when there was none
    /// or the query is too complex for filters.
    static func edited(_ form: FormData) -> String? {
        let search = Search(form["q"] ?? "")
        guard var filters = search.filters, let kind = Kind(rawValue: form["add"] ?? "") else { return nil }
        var value = (form["value"] ?? "").trimmingCharacters(in: .whitespaces)
        if kind == .tag, value.hasPrefix("#") { value.removeFirst() }
        guard !value.isEmpty else { return nil }
        switch kind {
        case .tag: if !filters.tags.contains(value) { filters.tags.append(value) }
        case .folder: if !filters.folders.contains(value) { filters.folders.append(value) }
        case .notFolder: if !filters.excludedFolders.contains(value) { filters.excludedFolders.append(value) }
        case .text: if !filters.words.contains(value) { filters.words.append(value) }
        case .linksTo: if !filters.linksTo.contains(value) { filters.linksTo.append(value) }
        case .linkedBy: if !filters.linkedBy.contains(value) { filters.linkedBy.append(value) }
        }
        guard filters.problem == nil else { return nil }
        return text(filters)
    }

    /// The search page; `read` gives a result's file (for the text around its match).
    static func html(search: Search, page: Int, frame: Page.Frame, now: Double, read: (String) -> [UInt8]?) -> String {
        return "<h1>Search</h1>\n" + bar(search) + "<div id=\"search-body\">" + body(search: search, page: page, frame: frame, now: now, read: read) + "</div>"
    }

    /// Everything below the bar (what the script replaces as the query is typed).
    static func body(search: Search, page: Int, frame: Page.Frame, now: Double, read: (String) -> [UInt8]?) -> String {
        let index = frame.index
        var html = ""
        if let error = search.error {
            let lines = error.caretLines(for: search.text)
            html += "<section class=\"flash error\" role=\"alert\"><p>\(HTMLText.escape(error.message))</p>"
            html += "<pre class=\"caret\">\(HTMLText.escape(lines[0]))\n\(HTMLText.escape(lines[1]))</pre></section>"
            return html
        }
        html += "<div class=\"search-layout\">\n" + filtersHTML(search: search, frame: frame)
        html += "<section class=\"results\" aria-labelledby=\"h-results\">"
        guard let node = search.node else {
            html += "<h2 id=\"h-results\" class=\"visually-hidden\">Results</h2>"
            html += "<div class=\"empty-state\">\(Icons.search)<p><strong>Search your notes</strong></p>"
            html += "<p class=\"small\">Type words or a query above, or add filters.</p></div></section></div>"
            return html
        }
        // The session's search: a symlinked note is no result (its words must not be probed), and a
        // link term naming no note is an error, as on the command line.
        // Words rank by relevance (BM25F), as on the command line; other queries keep list order.
        let notes: [Note]
        do throws(NotezError) {
            let result = try Vault(snapshot: index).search(node, ranked: !MatchSnippets.terms(of: node).isEmpty)
            notes = result.ranking.map { $0.map { index.note(atPosition: $0.position) } } ?? result.notes()
        } catch {
            html += "<h2 id=\"h-results\" class=\"visually-hidden\">Results</h2>"
            return html + "<section class=\"flash error\" role=\"alert\"><p>\(HTMLText.escape(error.description))</p></section></section></div>"
        }
        html += "<h2 id=\"h-results\" class=\"counts\"><span id=\"result-count\">\(notes.count)</span> note\(notes.count == 1 ? "" : "s")</h2>"
        if notes.isEmpty {
            html += "<div class=\"empty-state\">\(Icons.search)<p><strong>No notes match your search</strong></p>"
            html += "<p class=\"small\">Check the spelling, remove a filter, or search all notes.</p>"
            html += "<p><a class=\"button\" href=\"/search\">Clear filters</a></p></div></section></div>"
            return html
        }
        let start = min((page - 1) * pageSize, notes.count)
        html += rows(notes[start..<min(start + pageSize, notes.count)], terms: MatchSnippets.terms(of: node), index: index, now: now, read: read)
        html += Page.pager(total: notes.count, page: page, pageSize: pageSize) { HTML.href("/search", [("q", search.text), ("page", String($0))]) }
        return html + "</section></div>"
    }

    /// The query bar: the query language's text, with its short help.
    static func bar(_ search: Search) -> String {
        """
        <form class="search-bar" action="/search" method="get" role="search">
        <label for="q" class="visually-hidden">Query</label>\(Icons.search)<input id="q" name="q" type="search" value="\(HTMLText.escape(search.text))" \
        autocomplete="off" spellcheck="false" aria-describedby="q-help" placeholder="Words, &quot;a phrase&quot;, tag:NAME, folder:NAME">
        <button type="submit" class="primary">Search</button>
        </form>
        <p id="q-help" class="small q-help">tag:NAME folder:NAME words "a phrase" a OR b -word is:pinned modified:&gt;2024-01-01 links-to:NOTE is:orphan \
        (<a href="/search">clear</a>)</p>

        """
    }

    /// The filter builder: each filter a chip that removes itself (a link to the query without
    /// it), a field that adds one (a GET form to `/search/chips`), the AND / OR switch of the tags
    /// and the pinned switch; or, for a query the filters cannot show, the explainer's tree.
    static func filtersHTML(search: Search, frame: Page.Frame) -> String {
        var html = "<aside class=\"filters\" aria-labelledby=\"h-filters\"><h2 id=\"h-filters\">Filters</h2>"
        guard let filters = search.filters else {
            html += "<p class=\"notice\">This query is too complex for the filters. It reads:</p>"
            if let node = search.node { html += "<pre class=\"explain\">\(HTMLText.escape(QueryExplainer.tree(node)))</pre>" }
            return html + "<p><a class=\"button\" href=\"/search\">Start over with filters</a></p></aside>\n"
        }
        func link(_ edit: (inout SearchFilters) -> Void) -> String {
            var changed = filters
            edit(&changed)
            return HTML.href("/search", [("q", text(changed))])
        }
        func chips(_ values: [String], kind: Kind, remove: @escaping (inout SearchFilters, Int) -> Void) -> String {
            guard !values.isEmpty else { return "" }
            var html = "<ul class=\"chips filter-chips\">"
            for (position, value) in values.enumerated() {
                let color = kind == .tag ? HTML.colorClass(frame.index.tag(TagKey(value))?.color) : ""
                let shown = (kind == .tag ? "#" : "") + value
                // A link chip says which way the link goes; the note's name stays its own text.
                let lead = kind == .linksTo ? "links to " : kind == .linkedBy ? "linked from " : ""
                html += "<li class=\"chip filter-chip kind-\(kind.rawValue)\(color)\">"
                if !lead.isEmpty { html += "<span class=\"lead\">\(lead)</span>" }
                html += "<span class=\"value\" dir=\"auto\">\(HTMLText.escape(shown))</span>"
                html += "<a class=\"remove\" href=\"\(link { remove(&$0, position) })\" aria-label=\"Remove \(HTMLText.escape(lead + shown))\">\(Icons.close)</a></li>"
            }
            return html + "</ul>"
        }
        func adder(_ kind: Kind, label: String, list: String?) -> String {
            let id = "add-" + kind.rawValue
            return """
                <form class="add-filter" action="/search/chips" method="get"><input type="hidden" name="q" value="\(HTMLText.escape(search.text))">\
                <input type="hidden" name="add" value="\(kind.rawValue)"><label for="\(id)" class="visually-hidden">\(label)</label>\
                <input id="\(id)" name="value" required autocomplete="off" placeholder="\(label)"\(list.map { " list=\"\($0)\"" } ?? "")>\
                <button type="submit" class="icon-only" aria-label="\(label)">\(Icons.plus)</button></form>
                """
        }
        // Tags: all of them, or any of them.
        html += "<div class=\"filter-group\"><div class=\"filter-head\"><h3>Tags</h3>"
        if filters.tags.count > 1 {
            html += "<div class=\"segmented\" role=\"group\" aria-label=\"Join the tags with\">"
            for (any, label) in [(false, "All"), (true, "Any")] {
                let current = filters.anyTag == any
                html += "<a href=\"\(link { $0.anyTag = any })\"\(current ? " aria-current=\"true\"" : "") title=\"\(any ? "Notes with any of these tags (OR)" : "Notes with all of these tags (AND)")\">\(label)</a>"
            }
            html += "</div>"
        }
        html += "</div>" + chips(filters.tags, kind: .tag) { $0.tags.remove(at: $1) } + adder(.tag, label: "Add a tag", list: "all-tags") + "</div>"
        html += "<div class=\"filter-group\"><h3>In folder</h3>"
        html += chips(filters.folders, kind: .folder) { $0.folders.remove(at: $1) } + adder(.folder, label: "Add a folder", list: "all-folders") + "</div>"
        html += "<div class=\"filter-group\"><h3>Not in folder</h3>"
        html += chips(filters.excludedFolders, kind: .notFolder) { $0.excludedFolders.remove(at: $1) }
        html += adder(.notFolder, label: "Leave out a folder", list: "all-folders") + "</div>"
        html += "<div class=\"filter-group\"><h3>Words</h3>"
        html += chips(filters.words, kind: .text) { $0.words.remove(at: $1) } + adder(.text, label: "Add a word or phrase", list: nil) + "</div>"
        func toggle(_ on: Bool, _ label: String, title: String? = nil, _ edit: @escaping (inout SearchFilters) -> Void) -> String {
            "<a class=\"switch\" role=\"switch\" aria-checked=\"\(on)\" href=\"\(link(edit))\"\(title.map { " title=\"\($0)\"" } ?? "")>"
                + "<span class=\"track\" aria-hidden=\"true\"></span>\(label)</a>"
        }
        // One group for the graph terms, so the filters above a phone's results grow little.
        html += "<div class=\"filter-group\"><h3>Links</h3>"
        html += chips(filters.linksTo, kind: .linksTo) { $0.linksTo.remove(at: $1) } + adder(.linksTo, label: "Links to a note", list: nil)
        html += chips(filters.linkedBy, kind: .linkedBy) { $0.linkedBy.remove(at: $1) } + adder(.linkedBy, label: "Linked from a note", list: nil)
        html += toggle(filters.orphan, "Orphans only", title: "No link to or from another note (is:orphan)") { $0.orphan.toggle() }
        html += toggle(filters.hub, "Hubs only", title: "Among the notes most linked to (is:hub)") { $0.hub.toggle() }
        html += "</div>"
        html += "<div class=\"filter-group\">" + toggle(filters.pinned, "Pinned only") { $0.pinned.toggle() } + "</div>"
        html += datalists(frame)
        return html + "</aside>\n"
    }

    /// The suggestions of the add fields: the most used tags and the folders (the largest 300).
    static func datalists(_ frame: Page.Frame) -> String {
        var html = Page.tagDatalist(frame) + "<datalist id=\"all-folders\">"
        for node in frame.lists.largestFolders { html += "<option value=\"\(HTMLText.escape(node.path))\">" }
        return html + "</datalist>"
    }

    /// Result rows: title, pinned, folder, tags, modified time, and the best passage of the
    /// query's words with the words marked (else the note's first lines, when snippets are on).
    static func rows(_ notes: ArraySlice<Note>, terms: [String], index: VaultIndex, now: Double, read: (String) -> [UInt8]?) -> String {
        var html = "<ul class=\"notes results-list\">"
        for note in notes {
            html += "<li><div class=\"row-head\"><a class=\"title\" href=\"\(HTML.href("/note", [("path", note.path)]))\" dir=\"auto\">\(HTMLText.escape(note.title))</a>"
            if note.pinned { html += " <span class=\"pin\">Pinned</span>" }
            html += " <time datetime=\"\(NoteDate.iso8601(note.modified))\" title=\"Modified\">\(RelativeTime.describe(note.modified, now: now))</time></div>"
            html += "<div class=\"row-meta\"><span class=\"folder-name\" dir=\"auto\">\(Icons.folderSmall)\(HTMLText.escape(note.folder.isEmpty ? "Unsorted" : note.folder))</span>"
            for tag in note.tags { html += " " + Page.tagChip(tag, index: index) }
            html += "</div>"
            var snippet: String?
            if !terms.isEmpty, let bytes = read(note.path) {
                let body = Array(bytes[MarkdownHTML.bodyStart(of: bytes)...])
                // The best passage (most of the words), marked where the search matched (folded).
                if let hit = MatchPassage.best(terms, in: body[...], ignoreAccents: false, limit: 1).first {
                    let text = hit.marked(open: "<mark>", close: "</mark>", escape: HTMLText.escape)
                    snippet = "<p class=\"snippet match\" dir=\"auto\"><span class=\"line\">line \(hit.line)</span> " + text + "</p>"
                }
            }
            if snippet == nil, index.config.snippets, !note.snippet.isEmpty {
                snippet = "<p class=\"snippet\" dir=\"auto\">\(marked(note.snippet, terms: terms))</p>"
            }
            html += (snippet ?? "") + "</li>"
        }
        return html + "</ul>"
    }

    /// `text` escaped, with each occurrence of a term in `<mark>` (ASCII case ignored, as the search does).
    static func marked(_ text: String, terms: [String]) -> String {
        let bytes = Array(text.utf8)
        let needles = terms.map { Array($0.utf8) }.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        var html = ""
        var plainStart = 0
        var index = 0
        while index < bytes.count {
            let found = needles.first { needle in
                index + needle.count <= bytes.count && (0..<needle.count).allSatisfy { lower(bytes[index + $0]) == lower(needle[$0]) }
            }
            guard let needle = found else {
                index += 1
                continue
            }
            html += HTMLText.escape(String(decoding: bytes[plainStart..<index], as: UTF8.self))
            html += "<mark>" + HTMLText.escape(String(decoding: bytes[index..<index + needle.count], as: UTF8.self)) + "</mark>"
            index += needle.count
            plainStart = index
        }
        return html + HTMLText.escape(String(decoding: bytes[plainStart...], as: UTF8.self))
    }
}
