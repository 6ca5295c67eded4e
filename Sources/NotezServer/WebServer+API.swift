import Hummingbird
import NotezKit

extension WebServer {
    /// The small JSON API (same access rules as the pages; `Authorization: Bearer TOKEN` works too).
    func addAPIRoutes(_ router: Hummingbird.Router<BasicRequestContext>) {
        router.get("/api/overview") { _, _ in
            let index = self.vault.snapshot()
            var json = "{\"notes\":\(index.notes.count),\"pinned\":\(index.pinnedNotes.count),\"unsorted\":\(index.unsortedNotes.count)"
            json += ",\"trash\":\(index.trashCount),\"folders\":["
            json += index.folderTree.descendants.map { "{\"path\":\(EventHub.quoted($0.path)),\"count\":\($0.count)}" }.joined(separator: ",")
            json += "],\"tags\":["
            json += index.tags.map { "{\"name\":\(EventHub.quoted($0.name)),\"count\":\($0.count)}" }.joined(separator: ",")
            return Page.json(json + "]}")
        }
        router.get("/api/notes") { request, _ in
            let index = self.vault.snapshot()
            let text = WebServer.parameter(request, "q") ?? ""
            var node: QueryNode?
            if !text.isEmpty {
                do throws(QueryError) {
                    node = try QueryParser.parse(text)
                } catch {
                    return Page.json("{\"error\":\(EventHub.quoted(error.message)),\"offset\":\(error.offset)}", status: .badRequest)
                }
            }
            let notes: [Note]
            if let node {
                // The session's search: link terms checked, symlinked notes left out; words rank by relevance.
                do throws(NotezError) {
                    let result = try Vault(snapshot: index).search(node, ranked: !MatchSnippets.terms(of: node).isEmpty)
                    notes = result.ranking.map { $0.map { index.note(atPosition: $0.position) } } ?? result.notes()
                } catch {
                    return Page.json("{\"error\":\(EventHub.quoted(error.description))}", status: .badRequest)
                }
            } else {
                notes = index.exposed(index.notes.sorted(by: Ordering.noteLess))
            }
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let size = SearchPage.pageSize
            let start = min((page - 1) * size, notes.count)
            let rows = notes[start..<min(start + size, notes.count)].map { NoteJSON.object($0, in: index).text(pretty: false) }.joined(separator: ",")
            return Page.json("{\"total\":\(notes.count),\"page\":\(page),\"pageSize\":\(size),\"notes\":[\(rows)]}")
        }
        router.get("/api/note") { request, _ in
            let index = self.vault.snapshot()
            guard let (note, bytes) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return Page.json("{\"error\":\"no such note\"}", status: .notFound)
            }
            let json = JSONValue.object(
                NoteJSON.fields(note, in: index) + [
                    ("hash", .string(ContentHash.of(bytes))), ("html", .string(MarkdownHTML.render(note: bytes))),
                ])
            return Page.json(json.text(pretty: false))
        }
    }
}
