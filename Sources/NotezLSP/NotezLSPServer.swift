import Dispatch
import Foundation
import NotezKit

#if canImport(Glibc)
import Glibc
#endif

/// `notez lsp`: the Language Server Protocol over stdin/stdout (docs/editors.md). One thread reads
/// framed messages; every message and every change seen on disk is handled in turn on one queue,
/// so the open buffers and the vault session need no other locking.
public final class NotezLSPServer: @unchecked Sendable {
    private let explicitVault: String?
    private let version: String
    private let output: LSPOutput
    private let queue = DispatchQueue(label: "notez.lsp")
    private var reader: LSPFrameReader
    // Touched on `queue` only.
    private var session: LSPVaultSession?
    private var documents = LSPDocumentStore()
    private var encoding = PositionEncoding.utf16
    private var initialized = false
    private var shuttingDown = false
    private var nextRequest = 0

    /// A server for the vault at `vault` (else the one of the first workspace folder), reading
    /// `input` and writing `output`.
    public init(vault: String?, version: String, input: Int32 = 0, output: Int32 = 1) {
        explicitVault = vault
        self.version = version
        reader = LSPFrameReader(descriptor: input)
        self.output = LSPOutput(descriptor: output)
    }

    /// Serves until `exit` or the end of the input; returns the exit status (0 after `shutdown`
    /// then `exit`, else 1, as LSP says).
    public func run() -> Int32 {
        while true {
            let frame: LSPFrameReader.Frame
            do {
                frame = try reader.next()
            } catch {
                LSPLog.error("notez lsp: \(error.description); the message framing is lost, stopping")
                return 1
            }
            switch frame {
            case .end:
                return queue.sync { shuttingDown ? 0 : 1 }
            case .tooLarge(let length):
                LSPLog.error("notez lsp: a message of \(length) bytes was refused (limit \(LSPLimits.bodyBytes))")
                queue.sync {
                    output.send(
                        LSP.Response<LSP.Null>(
                            id: nil,
                            error: LSP.ResponseError(
                                code: LSP.ResponseError.invalidRequest,
                                message: "a message of \(length) bytes is over the \(LSPLimits.bodyBytes >> 20) MiB limit; it was read past and ignored")))
                    showMessage(1, "notez: a message of \(length >> 20) MiB was ignored (over the \(LSPLimits.bodyBytes >> 20) MiB limit); notez no longer follows that buffer")
                }
            case .message(let body):
                let status: Int32? = queue.sync { handle(body) }
                if let status { return status }
            }
        }
    }

    // MARK: Dispatch

    /// Handles one message; returns an exit status when the server must stop.
    private func handle(_ body: [UInt8]) -> Int32? {
        let data = Data(body)
        let envelope: LSP.Envelope
        do {
            envelope = try JSONDecoder().decode(LSP.Envelope.self, from: data)
        } catch {
            respond(nil, error: LSP.ResponseError(code: LSP.ResponseError.parseError, message: "the message is not valid JSON in UTF-8"))
            return nil
        }
        guard let method = envelope.method else { return nil }  // A response to one of our requests.
        let id = envelope.id
        if method == "exit" {
            session?.close()
            return shuttingDown ? 0 : 1
        }
        if !initialized && method != "initialize" {
            if id != nil {
                respond(id, error: LSP.ResponseError(code: LSP.ResponseError.serverNotInitialized, message: "the server is not initialized yet"))
            }
            return nil
        }
        if shuttingDown {
            if id != nil {
                respond(id, error: LSP.ResponseError(code: LSP.ResponseError.invalidRequest, message: "'\(method)' after shutdown: only exit is accepted"))
            }
            return nil
        }
        do {
            try dispatch(method, id: id, data: data)
        } catch let error as LSP.ResponseError {
            if let id { respond(id, error: error) } else { showMessage(1, "notez: " + error.message) }
        } catch let error as DecodingError {
            let problem = LSP.ResponseError(code: LSP.ResponseError.invalidParams, message: "the params of '\(method)' are not as LSP defines them: \(Self.describe(error))")
            if let id { respond(id, error: problem) } else { LSPLog.error("notez lsp: " + problem.message) }
        } catch {
            let problem = LSP.ResponseError(code: LSP.ResponseError.requestFailed, message: "\(error)")
            if let id { respond(id, error: problem) } else { showMessage(1, "notez: " + problem.message) }
        }
        return nil
    }

    private func dispatch(_ method: String, id: LSP.RequestID?, data: Data) throws {
        switch method {
        case "initialize":
            try initialize(id: id, params(LSP.InitializeParams.self, data))
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
            break
        case "shutdown":
            shuttingDown = true
            respond(id, LSP.Null())
        case "textDocument/didOpen":
            let item = try params(LSP.DidOpenParams.self, data).textDocument
            let path = try relativePath(item.uri)
            try documents.open(uri: item.uri, path: path, text: Array(item.text.utf8), version: item.version)
            publish(uri: item.uri)
        case "textDocument/didChange":
            let change = try params(LSP.DidChangeParams.self, data)
            do {
                try documents.change(uri: change.textDocument.uri, version: change.textDocument.version, changes: change.contentChanges, encoding: encoding)
            } catch {
                // The buffer is no longer known exactly: forget it rather than answer from wrong text.
                if let path = documents[change.textDocument.uri]?.path {
                    documents.close(uri: change.textDocument.uri)
                    output.notify("textDocument/publishDiagnostics", LSP.PublishDiagnosticsParams(uri: change.textDocument.uri, diagnostics: []))
                    throw LSP.ResponseError(code: error.code, message: error.message + "; reopen \(path) to use notez in it again")
                }
                throw error
            }
            publish(uri: change.textDocument.uri)
        case "textDocument/didClose":
            let uri = try params(LSP.DidCloseParams.self, data).textDocument.uri
            documents.close(uri: uri)
            output.notify("textDocument/publishDiagnostics", LSP.PublishDiagnosticsParams(uri: uri, diagnostics: []))
        case "textDocument/didSave":
            break
        case "textDocument/completion":
            respond(id, try completion(params(LSP.TextDocumentPositionParams.self, data)))
        case "textDocument/hover":
            respondOptional(id, try hover(params(LSP.TextDocumentPositionParams.self, data)))
        case "textDocument/definition":
            respondOptional(id, try definition(params(LSP.TextDocumentPositionParams.self, data)))
        case "textDocument/references":
            respond(id, try references(params(LSP.TextDocumentPositionParams.self, data)))
        case "textDocument/documentSymbol":
            respond(id, try documentSymbols(params(LSP.DocumentParams.self, data)))
        case "workspace/symbol":
            respond(id, workspaceSymbols(try params(LSP.WorkspaceSymbolParams.self, data)))
        case "textDocument/documentLink":
            respond(id, try documentLinks(params(LSP.DocumentParams.self, data)))
        case "textDocument/foldingRange":
            respond(id, try foldingRanges(params(LSP.DocumentParams.self, data)))
        case "textDocument/codeAction":
            respond(id, try codeActions(params(LSP.CodeActionParams.self, data)))
        case "textDocument/prepareRename":
            respondOptional(id, try prepareRename(params(LSP.TextDocumentPositionParams.self, data)))
        case "textDocument/rename":
            respond(id, try rename(params(LSP.RenameParams.self, data)))
        case "workspace/executeCommand":
            respond(id, try executeCommand(params(LSP.ExecuteCommandParams.self, data)))
        default:
            if id != nil, !method.hasPrefix("$/") {
                throw LSP.ResponseError(code: LSP.ResponseError.methodNotFound, message: "notez lsp does not handle '\(method)'")
            }
        }
    }

    private func params<Value: Decodable>(_ type: Value.Type, _ data: Data) throws -> Value {
        try JSONDecoder().decode(LSP.Params<Value>.self, from: data).params
    }

    // MARK: Lifecycle

    private func initialize(id: LSP.RequestID?, _ params: LSP.InitializeParams) throws {
        guard !initialized else { throw LSP.ResponseError(code: LSP.ResponseError.invalidRequest, message: "initialize was already received") }
        let root: String
        if let explicitVault {
            root = explicitVault
        } else {
            let folder = params.workspaceFolders?.first?.uri ?? params.rootUri
            guard let folderPath = folder.flatMap(LSPDocumentPath.filePath) ?? params.rootPath else {
                throw LSP.ResponseError(
                    code: LSP.ResponseError.invalidParams,
                    message: "no workspace folder or rootUri to find the vault in; start the editor in the vault or run 'notez lsp --vault PATH'")
            }
            do {
                root = try Vault.locate(explicit: nil, environment: [:], currentDirectory: folderPath).root
            } catch {
                throw LSP.ResponseError(code: LSP.ResponseError.invalidParams, message: "\(error)")
            }
        }
        do {
            session = try LSPVaultSession(root: root)
        } catch {
            throw LSP.ResponseError(code: LSP.ResponseError.requestFailed, message: "cannot open the vault \(root): \(error)")
        }
        session?.onChange { [weak self] in
            guard let self else { return }
            self.queue.async { self.republishAll() }
        }
        let offered = params.capabilities?.general?.positionEncodings ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        initialized = true
        let capabilities = LSP.ServerCapabilities(
            positionEncoding: encoding.rawValue,
            textDocumentSync: LSP.TextDocumentSyncOptions(save: LSP.SaveOptions()),
            completionProvider: LSP.CompletionOptions(triggerCharacters: ["[", "#", "^", ":", " "]),
            renameProvider: LSP.RenameOptions(),
            documentLinkProvider: LSP.DocumentLinkOptions(),
            codeActionProvider: LSP.CodeActionOptions(codeActionKinds: ["quickfix", "source"]),
            executeCommandProvider: LSP.ExecuteCommandOptions(commands: [LSPCommands.createNote]))
        respond(id, LSP.InitializeResult(capabilities: capabilities, serverInfo: LSP.ServerInfo(name: "notez", version: version)))
    }

    // MARK: Documents

    private func vault() throws -> LSPVaultSession {
        guard let session else { throw LSP.ResponseError(code: LSP.ResponseError.serverNotInitialized, message: "no vault is open") }
        return session
    }

    private func relativePath(_ uri: String) throws -> String {
        let session = try vault()
        return try LSPDocumentPath.relative(uri, root: session.root, realRoot: session.realRoot)
    }

    private func uri(of path: String) -> String {
        if let open = documents.document(atPath: path) { return open.uri }
        return LSPDocumentPath.uri(root: session?.root ?? "", relative: path)
    }

    /// The buffer of `uri` when it is open, else the file on disk (a checked path).
    private func text(of uri: String) throws -> (path: String, text: EditorText) {
        if let document = documents[uri] { return (document.path, document.text) }
        let path = try relativePath(uri)
        guard let bytes = try vault().readNote(path) else {
            throw LSP.ResponseError(code: LSP.ResponseError.requestFailed, message: "\(path) is not open in the editor and cannot be read")
        }
        return (path, EditorText(bytes: bytes))
    }

    /// Another note's text: its open buffer, else its file.
    private func readText(_ path: String) -> [UInt8]? {
        if let open = documents.document(atPath: path) { return open.document.text.bytes }
        return session?.readNote(path)
    }

    private func offset(_ position: LSP.Position, in text: EditorText) throws -> Int {
        guard let offset = text.offset(of: EditorPosition(line: position.line, character: position.character), encoding: encoding) else {
            throw LSP.ResponseError(code: LSP.ResponseError.invalidParams, message: "position \(position.line):\(position.character) is past the end of the document (\(text.lineCount) lines)")
        }
        return offset
    }

    private func range(_ bytes: Range<Int>, in text: EditorText) -> LSP.Range {
        let range = text.range(of: bytes, encoding: encoding)
        return LSP.Range(
            start: LSP.Position(line: range.start.line, character: range.start.character),
            end: LSP.Position(line: range.end.line, character: range.end.character))
    }

    // MARK: Diagnostics

    private func publish(uri: String) {
        guard let document = documents[uri], let session else { return }
        let catalog = session.catalog()
        let diagnostics = EditorDiagnostics.problems(text: document.text, path: document.path, catalog: catalog).map { problem in
            LSP.Diagnostic(
                range: range(problem.range, in: document.text), severity: problem.severity.rawValue, code: problem.code.rawValue, source: "notez",
                message: problem.message, data: problem.replacement.map { LSP.DiagnosticData(replacement: $0) })
        }
        output.notify("textDocument/publishDiagnostics", LSP.PublishDiagnosticsParams(uri: uri, version: document.version, diagnostics: diagnostics))
    }

    /// After a change on disk: every open buffer's problems again (links may now resolve or break).
    private func republishAll() {
        guard !shuttingDown else { return }
        for uri in documents.documents.keys.sorted() { publish(uri: uri) }
    }

    // MARK: Features

    private func completion(_ params: LSP.TextDocumentPositionParams) throws -> LSP.CompletionList {
        let (path, text) = try text(of: params.textDocument.uri)
        let at = try offset(params.position, in: text)
        let found = EditorCompletion.items(text: text, offset: at, path: path, catalog: try vault().catalog(), readText: readText)
        let items = found.items.map { item in
            LSP.CompletionItem(
                label: item.label, kind: Self.completionKind(item.kind), detail: item.detail.isEmpty ? nil : item.detail, sortText: item.sortText,
                filterText: String(decoding: text.bytes[item.replace], as: UTF8.self).isEmpty ? nil : item.label,
                textEdit: LSP.TextEdit(range: range(item.replace, in: text), newText: item.insertText))
        }
        return LSP.CompletionList(isIncomplete: found.incomplete, items: items)
    }

    static func completionKind(_ kind: EditorCompletionItem.Kind) -> Int {
        switch kind {
        case .note: return 17  // File
        case .heading: return 22  // Struct
        case .block: return 18  // Reference
        case .tag: return 20  // Keyword... EnumMember
        case .attachment: return 17
        case .property: return 10  // Property
        case .value: return 12  // Value
        }
    }

    private func target(_ params: LSP.TextDocumentPositionParams) throws -> (path: String, text: EditorText, offset: Int, target: EditorNavigation.Target?) {
        let (path, text) = try text(of: params.textDocument.uri)
        let at = try offset(params.position, in: text)
        return (path, text, at, EditorNavigation.target(at: at, in: text, path: path, catalog: try vault().catalog()))
    }

    private func hover(_ params: LSP.TextDocumentPositionParams) throws -> LSP.Hover? {
        let found = try target(params)
        guard let target = found.target, let markdown = EditorNavigation.hover(target, catalog: try vault().catalog(), readText: readText) else { return nil }
        let bytes: Range<Int>
        switch target {
        case .link(let link, _): bytes = link.range
        case .tag(_, let range): bytes = range
        }
        return LSP.Hover(contents: LSP.MarkupContent(kind: "markdown", value: markdown), range: range(bytes, in: found.text))
    }

    private func definition(_ params: LSP.TextDocumentPositionParams) throws -> LSP.Location? {
        let found = try target(params)
        guard case .link(let link, let resolution) = found.target,
            let location = EditorNavigation.definition(of: link, resolution: resolution, from: found.path, currentText: found.text, readText: readText)
        else { return nil }
        return LSP.Location(uri: uri(of: location.path), range: range(location.range.lowerBound..<location.range.lowerBound, in: location.text))
    }

    private func references(_ params: LSP.TextDocumentPositionParams) throws -> [LSP.Location] {
        let found = try target(params)
        let catalog = try vault().catalog()
        let locations: [EditorNavigation.Location]
        switch found.target {
        case .tag(let name, _):
            locations = EditorNavigation.tagReferences(name, catalog: catalog, readText: readText)
        case .link(_, let resolution):
            guard let path = resolution.path ?? (resolution == .sameNote ? found.path : nil) else { return [] }
            locations = EditorNavigation.backlinks(to: path, catalog: catalog, readText: readText)
        case nil:
            locations = EditorNavigation.backlinks(to: found.path, catalog: catalog, readText: readText)
        }
        return locations.prefix(LSPLimits.listItems).map { LSP.Location(uri: uri(of: $0.path), range: range($0.range, in: $0.text)) }
    }

    private func documentSymbols(_ params: LSP.DocumentParams) throws -> [LSP.DocumentSymbol] {
        let (_, text) = try text(of: params.textDocument.uri)
        func convert(_ symbol: EditorSymbols.Symbol) -> LSP.DocumentSymbol {
            LSP.DocumentSymbol(
                name: symbol.name, detail: String(repeating: "#", count: symbol.level), kind: 15,  // String
                range: range(symbol.range, in: text), selectionRange: range(symbol.selection, in: text), children: symbol.children.map(convert))
        }
        return EditorSymbols.documentSymbols(text).map(convert)
    }

    private func workspaceSymbols(_ params: LSP.WorkspaceSymbolParams) -> [LSP.SymbolInformation] {
        guard let catalog = session?.catalog() else { return [] }
        return EditorSymbols.workspaceSymbols(params.query, catalog: catalog).map { note in
            LSP.SymbolInformation(
                name: note.title, kind: 1,  // File
                location: LSP.Location(uri: uri(of: note.path), range: LSP.Range(start: LSP.Position(line: 0, character: 0), end: LSP.Position(line: 0, character: 0))),
                containerName: note.folder.isEmpty ? nil : note.folder)
        }
    }

    private func documentLinks(_ params: LSP.DocumentParams) throws -> [LSP.DocumentLink] {
        let (path, text) = try text(of: params.textDocument.uri)
        return EditorSymbols.documentLinks(text, path: path, catalog: try vault().catalog()).prefix(LSPLimits.listItems).map {
            LSP.DocumentLink(range: range($0.range, in: text), target: LSPDocumentPath.uri(root: session?.root ?? "", relative: $0.path))
        }
    }

    private func foldingRanges(_ params: LSP.DocumentParams) throws -> [LSP.FoldingRange] {
        let (_, text) = try text(of: params.textDocument.uri)
        return EditorSymbols.foldingRanges(text).map { fold in
            LSP.FoldingRange(startLine: fold.startLine, endLine: fold.endLine, kind: fold.kind == .frontMatter ? "imports" : fold.kind == .callout ? "comment" : "region")
        }
    }

    // MARK: Code actions

    private func codeActions(_ params: LSP.CodeActionParams) throws -> [LSP.CodeActionOrCommand] {
        let uri = params.textDocument.uri
        let (path, text) = try text(of: uri)
        let version = documents[uri]?.version
        var actions: [LSP.CodeActionOrCommand] = []
        for diagnostic in params.context.diagnostics where diagnostic.source == "notez" {
            switch diagnostic.code ?? "" {
            case EditorDiagnostic.Code.nearDuplicateTag.rawValue:
                guard let replacement = diagnostic.data?.replacement else { continue }
                let edit = LSP.TextEdit(range: diagnostic.range, newText: replacement)
                actions.append(
                    .action(LSP.CodeAction(
                        title: "Replace with \(replacement.hasPrefix("#") ? replacement : "#" + replacement)", kind: "quickfix", diagnostics: [diagnostic],
                        edit: LSP.WorkspaceEdit(documentChanges: [.edit(LSP.TextDocumentEdit(textDocument: LSP.VersionedTextDocumentIdentifier(uri: uri, version: version), edits: [edit]))]),
                        isPreferred: true)))
            case EditorDiagnostic.Code.brokenLink.rawValue:
                guard let target = diagnostic.data?.replacement, !target.isEmpty else { continue }
                actions.append(.command(LSP.Command(title: "Create note '\(target)'", command: LSPCommands.createNote, arguments: [target, path])))
            default:
                continue
            }
        }
        if EditorOutline(text.bytes).frontMatter == nil, case .none = FrontMatterBlock.scan(text.bytes) {
            let block = EditorDiagnostics.frontMatterBlock(forPath: path)
            let edit = LSP.TextEdit(range: LSP.Range(start: LSP.Position(line: 0, character: 0), end: LSP.Position(line: 0, character: 0)), newText: block)
            actions.append(
                .action(LSP.CodeAction(
                    title: "Add front matter", kind: "source", diagnostics: nil,
                    edit: LSP.WorkspaceEdit(documentChanges: [.edit(LSP.TextDocumentEdit(textDocument: LSP.VersionedTextDocumentIdentifier(uri: uri, version: version), edits: [edit]))]),
                    isPreferred: nil)))
        }
        return actions
    }

    private func executeCommand(_ params: LSP.ExecuteCommandParams) throws -> LSP.Null {
        guard params.command == LSPCommands.createNote, let arguments = params.arguments, arguments.count == 2 else {
            throw LSP.ResponseError(code: LSP.ResponseError.invalidParams, message: "unknown command '\(params.command)' or wrong arguments")
        }
        let (title, from) = (arguments[0], arguments[1])
        let session = try vault()
        // The linking note's path comes from the client: checked as a URI of the vault would be.
        _ = try LSPDocumentPath.relative(LSPDocumentPath.uri(root: session.root, relative: from), root: session.root, realRoot: session.realRoot)
        let environment = ProcessInfo.processInfo.environment
        // The linking note's folder, with that folder's template (capture's default template rule).
        var request = CaptureRequest(title: title, time: LocalTime(seconds: LSPVaultSession.now, zone: LocalTime.zone(environment: environment)))
        request.folder = VaultPath.folder(of: from)
        _ = try session.run(
            makePlan: { index in
                try CapturePlanner.capture(request, settings: CaptureSettings.load(root: session.root), index: index, files: DiskVaultFiles(root: session.root)).plan
            }, check: { _ in })
        return LSP.Null()
    }

    // MARK: Rename

    private enum RenameTarget {
        case note(String, Range<Int>?)
        case tag(String, Range<Int>)
    }

    private func renameTarget(_ params: LSP.TextDocumentPositionParams) throws -> (RenameTarget, EditorText, String) {
        let found = try target(params)
        switch found.target {
        case .tag(let name, let range):
            return (.tag(name, range), found.text, found.path)
        case .link(let link, let resolution):
            guard let path = resolution.path ?? (resolution == .sameNote ? found.path : nil) else {
                throw LSP.ResponseError(code: LSP.ResponseError.requestFailed, message: "the link '\(link.target)' leads to no note to rename")
            }
            return (.note(path, EditorNavigation.nameRange(of: link)), found.text, found.path)
        case nil:
            return (.note(found.path, nil), found.text, found.path)
        }
    }

    private func prepareRename(_ params: LSP.TextDocumentPositionParams) throws -> LSP.PrepareRenameResult? {
        let (target, text, _) = try renameTarget(params)
        let catalog = try vault().catalog()
        switch target {
        case .tag(let name, let bytes):
            return LSP.PrepareRenameResult(range: range(bytes, in: text), placeholder: name)
        case .note(let path, let bytes):
            let title = catalog.index.note(at: path)?.title ?? VaultPath.name(of: path)
            let at = try offset(params.position, in: text)
            return LSP.PrepareRenameResult(range: range(bytes ?? at..<at, in: text), placeholder: title)
        }
    }

    /// Renames a note or a tag in the vault through the planner of `notez rename` / `notez tag
    /// rename`, journaled (undoable with `notez undo`); refused when a file the plan changes is open
    /// with unsaved changes. The open buffers of changed files are then given the new file text
    /// (`workspace/applyEdit`); the answer is an empty edit, since the files are already written.
    private func rename(_ params: LSP.RenameParams) throws -> LSP.WorkspaceEdit {
        let (target, _, _) = try renameTarget(LSP.TextDocumentPositionParams(textDocument: params.textDocument, position: params.position))
        let session = try vault()
        let files = DiskVaultFiles(root: session.root)
        let newName = params.newName.hasPrefix("#") ? String(params.newName.dropFirst()) : params.newName
        let (_, plan) = try session.run(
            makePlan: { index in
                switch target {
                case .note(let path, _): return try RenamePlanner.rename(note: path, to: newName, index: index, files: files)
                case .tag(let name, _): return try TagRefactorPlanner.rename(name, to: newName, index: index, files: files)
                }
            },
            check: { plan in
                for path in plan.touchedFiles where !path.hasPrefix(".notez/") {
                    guard let open = documents.document(atPath: path) else { continue }
                    if session.readNote(path) != open.document.text.bytes {
                        throw LSP.ResponseError(
                            code: LSP.ResponseError.requestFailed,
                            message: "\(path) has unsaved changes in the editor; save it (or undo them) and rename again. Nothing was changed")
                    }
                }
            })
        refreshBuffers(after: plan)
        return LSP.WorkspaceEdit(changes: [:])
    }

    /// Gives every open buffer of a file the plan changed the file's new text; a moved note's
    /// buffer gets the text at its new path, and the editor is told where it went.
    private func refreshBuffers(after plan: Plan) {
        var edits: [LSP.DocumentChange] = []
        for step in plan.steps where step.touchesFile && !step.path.hasPrefix(".notez/") {
            guard let open = documents.document(atPath: step.path) else { continue }
            let newPath = step.to ?? step.path
            guard let bytes = session?.readNote(newPath) else { continue }
            let old = open.document.text
            guard bytes != old.bytes else { continue }
            let whole = range(0..<old.bytes.count, in: old)
            edits.append(
                .edit(
                    LSP.TextDocumentEdit(
                        textDocument: LSP.VersionedTextDocumentIdentifier(uri: open.uri, version: open.document.version),
                        edits: [LSP.TextEdit(range: whole, newText: String(decoding: bytes, as: UTF8.self))])))
            if step.to != nil {
                showMessage(2, "notez: \(step.path) was renamed to \(newPath); open \(newPath) (this buffer still has the old name)")
            }
        }
        // One request per buffer: an editor refuses a whole edit when one of its buffers moved on
        // (Emacs rereads a file changed on disk before it edits the buffer), and the others must
        // still be given their text.
        for edit in edits {
            nextRequest += 1
            output.request(
                id: .string("notez-\(nextRequest)"), "workspace/applyEdit",
                LSP.ApplyWorkspaceEditParams(label: "notez: files changed by rename", edit: LSP.WorkspaceEdit(documentChanges: [edit])))
        }
    }

    // MARK: Output

    private func respond<Result: Encodable>(_ id: LSP.RequestID?, _ result: Result) {
        output.send(LSP.Response(id: id, result: result))
    }

    private func respondOptional<Result: Encodable>(_ id: LSP.RequestID?, _ result: Result?) {
        if let result { respond(id, result) } else { respond(id, LSP.Null()) }
    }

    private func respond(_ id: LSP.RequestID?, error: LSP.ResponseError) {
        output.send(LSP.Response<LSP.Null>(id: id, error: error))
    }

    private func showMessage(_ type: Int, _ message: String) {
        output.notify("window/showMessage", LSP.ShowMessageParams(type: type, message: message))
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context): return "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "wrong value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        @unknown default: return "\(error)"
        }
    }
}
