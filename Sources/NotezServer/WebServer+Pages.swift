import Foundation
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
            else { return Page.errorResponse(status: .notFound, message: "no such folder") }
            let frame = self.frame(request, index: index, version: version, folder: path)
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let main = FolderPage.html(path: path, node: node, page: page, frame: frame, now: ActionRunner.now)
            return Page.response(Page.document(title: path.isEmpty ? "Unsorted Notes" : node.name, frame: frame, main: main))
        }
        router.get("/note") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, bytes) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return Page.errorResponse(status: .notFound, message: "no such note")
            }
            let frame = self.frame(request, index: index, version: version, folder: note.folder)
            return Page.response(
                Page.document(title: note.title, frame: frame, main: NotePage.html(note: note, bytes: bytes, frame: frame, now: ActionRunner.now)))
        }
        router.get("/backlinks") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, _) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return Page.errorResponse(status: .notFound, message: "no such note")
            }
            let frame = self.frame(request, index: index, version: version, folder: note.folder)
            return Page.response(
                Page.document(title: "Links to " + note.title, frame: frame, main: BacklinksSection.page(note: note, index: index)))
        }
        router.get("/edit") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            guard let (note, bytes) = self.readNote(WebServer.parameter(request, "path"), index: index) else {
                return Page.errorResponse(status: .notFound, message: "no such note")
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
            let main = SearchPage.html(search: search, page: page, frame: frame, now: ActionRunner.now)
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
                return Page.errorResponse(status: .notFound, message: "no such tag")
            }
            let frame = self.frame(request, index: index, version: version)
            return Page.response(Page.document(title: "#" + summary.name, frame: frame, main: ListPages.tag(summary, frame: frame)))
        }
        router.get("/tags") { request, _ in
            let (index, version) = self.vault.versionedSnapshot()
            let frame = self.frame(request, index: index, version: version)
            let page = max(1, WebServer.parameter(request, "page").flatMap { Int($0) } ?? 1)
            let size = 200
            let start = min((page - 1) * size, index.tags.count)
            var main = "<h1>Tags <span class=\"count\">\(index.tags.count)</span></h1>"
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
    /// symlink, never from notez's state or `.git`; SVG and anything unknown only as a download.
    func attachment(_ rawPath: String?) -> Response {
        guard let rawPath, let path = try? VaultPath.validated(rawPath), !path.isEmpty,
            let directory = try? VaultDirectory(root: root),
            let bytes = try? directory.readFile(path, limit: WebServer.maxAttachment)
        else { return Page.errorResponse(status: .notFound, message: "no such file") }
        let types = [
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
            "avif": "image/avif", "pdf": "application/pdf", "txt": "text/plain; charset=utf-8",
        ]
        let ext = (VaultPath.name(of: path).split(separator: ".").last.map(String.init) ?? "").lowercased()
        var headers: HTTPFields = [.contentType: types[ext] ?? "application/octet-stream"]
        if types[ext] == nil {
            headers[.contentDisposition] = "attachment"
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
