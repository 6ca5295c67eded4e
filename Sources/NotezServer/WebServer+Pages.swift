import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NotezKit

extension WebServer {
    /// The largest attachment served.
    static let maxAttachment = 64 << 20

    func addPageRoutes(_ router: Hummingbird.Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let frame = self.frame(request, index: index, version: version)
            return Page.response(Page.document(title: "Your notes", frame: frame, main: MainPage.html(frame: frame, now: ActionRunner.now)))
        }
        router.get("/folder") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let path = try? VaultPath.validated(WebServer.parameter(request, "path") ?? ""),
                let node = index.folderTree.find(path), PathKey.sameBytes(node.path, path)
            else { return self.notFound(request, index: index, version: version, message: "There is no such folder.") }
            let frame = self.frame(request, index: index, version: version, folder: path)
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let main = FolderPage.html(path: path, node: node, page: page, frame: frame, now: ActionRunner.now)
            return Page.response(Page.document(title: path.isEmpty ? "Unsorted Notes" : node.name, frame: frame, main: main))
        }
        router.get("/notebook") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let path = try? VaultPath.validated(WebServer.parameter(request, "path") ?? ""),
                let node = index.folderTree.find(path), PathKey.sameBytes(node.path, path)
            else { return self.notFound(request, index: index, version: version, message: "There is no such folder.") }
            let frame = self.frame(request, index: index, version: version, folder: path)
            let order = (try? ManualOrder.load(root: self.root)) ?? ManualOrder()
            let notes = order.sorted(index.exposed(index.notes(inFolder: path, recursive: false)), folder: path)
            let page = max(0, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 0)
            let main = NotebookPage.html(
                path: path, node: node, notes: notes, page: page, frame: frame, renderer: self.renderer(index: index, version: version)
            ) { self.readNote($0, index: index)?.1 }
            return Page.response(Page.document(title: path.isEmpty ? "Unsorted Notes" : node.name, frame: frame, main: main))
        }
        router.get("/note") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, bytes) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return self.notFound(request, index: index, version: version, message: "There is no such note.")
            }
            let frame = self.frame(request, index: index, version: version, folder: note.folder)
            let renderer = self.renderer(index: index, version: version)
            let main = NotePage.html(note: note, bytes: bytes, renderer: renderer, frame: frame, now: ActionRunner.now)
            return Page.response(Page.document(title: note.title, frame: frame, main: main))
        }
        router.get("/backlinks") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, _) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return self.notFound(request, index: index, version: version, message: "There is no such note.")
            }
            let frame = self.frame(request, index: index, version: version, folder: note.folder)
            return Page.response(
                Page.document(title: "Links to " + note.title, frame: frame, main: BacklinksSection.page(note: note, index: index)))
        }
        router.get("/related") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, _) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return self.notFound(request, index: index, version: version, message: "There is no such note.")
            }
            let frame = self.frame(request, index: index, version: version, folder: note.folder)
            return Page.response(Page.document(title: "Related to " + note.title, frame: frame, main: GraphPage.relatedPage(note: note, index: index)))
        }
        router.get("/graph") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let frame = self.frame(request, index: index, version: version)
            return Page.response(Page.document(title: "Link graph", frame: frame, main: GraphPage.page(index: index)))
        }
        router.get("/edit") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, bytes) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return self.notFound(request, index: index, version: version, message: "There is no such note.")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return Page.errorResponse(status: .unprocessableContent, message: "this note is not valid UTF-8; edit it with a text editor")
            }
            let frame = self.frame(request, index: index, version: version, folder: note.folder)
            let main = NotePage.editor(note: note, text: text, original: text, base: ContentHash.of(bytes), conflict: nil, frame: frame)
            return Page.response(Page.document(title: "Edit " + note.title, frame: frame, main: main))
        }
        router.get("/search") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let search = SearchPage.Search(WebServer.parameter(request, "q") ?? "")
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let frame = self.frame(request, index: index, version: version)
            let main = SearchPage.html(search: search, page: page, frame: frame, now: ActionRunner.now) { self.readNote($0, index: index)?.1 }
            return Page.response(Page.document(title: "Search", frame: frame, main: main), status: search.error == nil ? .ok : .badRequest)
        }
        // Chip edits are links and a GET form (they change the query, not the vault).
        router.get("/search/chips") { request, _ in
            let form = FormData(request.uri.query ?? "")
            let query = SearchPage.edited(form) ?? form["q"] ?? ""
            return Page.redirect("/search?q=" + HTMLText.percentEncoded(query))
        }
        router.get("/tag") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let name = WebServer.parameter(request, "name"), let summary = index.tag(TagKey(name)) else {
                return self.notFound(request, index: index, version: version, message: "There is no such tag.")
            }
            let frame = self.frame(request, index: index, version: version)
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let answer = self.tagSuggestions.suggestions(index, version: version)
            let main = ListPages.tag(summary, page: page, frame: frame, now: ActionRunner.now, suggestions: answer)
            return Page.response(Page.document(title: "#" + summary.name, frame: frame, main: main))
        }
        router.get("/tags") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let frame = self.frame(request, index: index, version: version)
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let size = 200
            let start = min((page - 1) * size, index.tags.count)
            var main = "<h1>Tags <span class=\"count\">\(index.tags.count)</span></h1>"
            if page == 1 {
                // `suggest=1` (the page's button) starts the search in a vault of many tags.
                let asked = WebServer.parameter(request, "suggest") == "1" ? true : nil
                let answer = self.tagSuggestions.suggestions(index, version: version, start: asked)
                main += ListPages.tagSuggestions(answer, index: index, frame: frame)
            }
            main += MainPage.tagList(Array(index.tags[start..<min(start + size, index.tags.count)]))
            main += Page.pager(total: index.tags.count, page: page, pageSize: size) { HTML.href("/tags", [("page", String($0))]) }
            return Page.response(Page.document(title: "Tags", frame: frame, main: main))
        }
        router.get("/trash") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let frame = self.frame(request, index: index, version: version)
            let items = TrashStore(root: self.root).items()
            return Page.response(Page.document(title: "Trash", frame: frame, main: ListPages.trash(items: items, frame: frame)))
        }
        router.get("/history") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let frame = self.frame(request, index: index, version: version)
            let writer = try AtomicWriter(root: self.root)
            let history = JournalHistory(records: Journal(writer: writer).read().records)
            return Page.response(Page.document(title: "History", frame: frame, main: ListPages.history(history, frame: frame)))
        }
        router.get("/file") { request, _ in
            self.attachment(WebServer.parameter(request, "path"))
        }
        // The capture screen (New note, the `n` key); a missing note's link opens it with the title
        // and folder filled in.
        router.get("/new") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            // Without a folder, routing proposes one (as on pages of no folder); a folder that does
            // not exist (a link's `Projects/x`) is Unsorted.
            let folder = WebServer.parameter(request, "folder")
            let known = folder.map { $0.isEmpty || index.folderTree.find($0) != nil } ?? true
            let frame = self.frame(request, index: index, version: version, folder: known ? folder : "")
            let title = WebServer.parameter(request, "title") ?? ""
            return Page.response(Page.document(title: "New note", frame: frame, main: ListPages.newNote(title: title, frame: frame)))
        }
        router.get("/favicon.svg") { _, _ in Self.asset(Icons.favicon, type: "image/svg+xml") }
        router.get("/favicon.ico") { _, _ in Self.asset(Icons.favicon, type: "image/svg+xml") }
        router.get("/assets/app.css") { _, _ in Self.asset(Assets.css, type: "text/css; charset=utf-8") }
        router.get("/assets/app.js") { _, _ in Self.asset(Assets.js, type: "text/javascript; charset=utf-8") }
        router.get("/assets/colors.css") { _, _ in
            Self.asset(Assets.colorsCSS(self.vault.snapshot()), type: "text/css; charset=utf-8")
        }
        router.get("/events") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody(asyncSequence: self.hub.subscribe()))
        }
    }

    /// The note renderer of a snapshot: this server's addresses, transclusion through `readNote`.
    func renderer(index: VaultIndex, version: Int) -> NoteRenderer {
        let (resolver, scan) = renderCache.tools(index, version: version)
        let addresses = NoteRenderer.Addresses(
            note: { path, fragment in
                "/note?path=" + HTMLText.percentEncoded(path) + (fragment.map { "#" + HTMLText.percentEncoded($0) } ?? "")
            },
            file: { path in "/file?path=" + HTMLText.percentEncoded(path) },
            tag: { name in "/tag?name=" + HTMLText.percentEncoded(name) },
            create: { title, folder in
                "/new?title=" + HTMLText.percentEncoded(title) + "&folder=" + HTMLText.percentEncoded(folder)
            })
        return NoteRenderer(resolver: resolver, attachments: scan, addresses: addresses) { [self] path in
            self.readNote(path, index: index)?.1
        }
    }

    /// A 404 page with the whole frame (the sidebar leads on).
    func notFound(_ request: Request, index: VaultIndex, version: Int, message: String) -> Response {
        let frame = self.frame(request, index: index, version: version)
        return Page.response(
            Page.document(title: "Not found", frame: frame, main: Page.errorMain(status: .notFound, message: message)), status: .notFound)
    }

    /// A note of the index and its bytes, read through the resolver (no symlinks, nothing outside).
    func readNote(_ rawPath: String?, index: VaultIndex) -> (Note, [UInt8])? {
        guard let rawPath, let path = try? VaultPath.validated(rawPath), !path.isEmpty,
            let note = index.note(at: path), !index.symlinkedNotes.contains(path),
            let directory = try? VaultDirectory(root: root),
            let bytes = try? directory.readFile(path, limit: NotePage.maxBytes)
        else { return nil }
        return (note, bytes)
    }

    /// A file of the vault (an image or attachment): resolved like every path, never through a
    /// symlink, never from notez's state or `.git`. Raster images, PDF and plain text are shown;
    /// everything else (SVG and HTML included, which could run script in this origin) is a
    /// download of `application/octet-stream`. Every file response carries its own
    /// Content-Security-Policy with `sandbox` (no script, a unique origin) besides `nosniff`.
    func attachment(_ rawPath: String?) -> Response {
        guard let rawPath, let path = try? VaultPath.validated(rawPath), !path.isEmpty,
            let directory = try? VaultDirectory(root: root),
            let bytes = try? directory.readFile(path, limit: WebServer.maxAttachment)
        else { return Page.errorResponse(status: .notFound, message: "no such file") }
        let ext = (VaultPath.name(of: path).split(separator: ".").last.map(String.init) ?? "").lowercased()
        let type = WebServer.inlineTypes[ext]
        var headers: HTTPFields = [.contentType: type ?? "application/octet-stream"]
        if type == nil {
            let name = VaultPath.name(of: path)
            headers[.contentDisposition] = "attachment; filename*=UTF-8''" + HTMLText.percentEncoded(name)
        }
        // Chromium's PDF viewer does not open in a sandboxed document (a PDF gets the pages' policy;
        // its script, if any, runs in the viewer, not in this origin).
        if ext != "pdf" {
            headers[HTTPField.Name("Content-Security-Policy")!] = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The file types shown in the browser; every other file is a download.
    static let inlineTypes = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "bmp": "image/bmp", "pdf": "application/pdf", "txt": "text/plain; charset=utf-8",
        "csv": "text/plain; charset=utf-8", "log": "text/plain; charset=utf-8",
    ]

    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
