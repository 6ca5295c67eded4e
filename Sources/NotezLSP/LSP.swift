import Foundation

/// The small subset of the Language Server Protocol 3.17 types `notez lsp` speaks, as Codable
/// values (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/).
/// Optional fields that are nil are left out when encoded.
enum LSP {
    /// A request id: a number or a string.
    enum RequestID: Codable, Hashable, Sendable {
        case number(Int)
        case string(String)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .string(let string): try container.encode(string)
            }
        }
    }

    /// The part of every message that says what it is.
    struct Envelope: Decodable {
        var jsonrpc: String?
        var id: RequestID?
        var method: String?
    }

    /// A message's params, decoded once the method is known.
    struct Params<Value: Decodable>: Decodable {
        var params: Value
    }

    /// An error object.
    struct ResponseError: Error, Codable, Sendable {
        var code: Int
        var message: String

        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let invalidParams = -32602
        static let internalError = -32603
        static let serverNotInitialized = -32002
        static let requestFailed = -32803
        static let requestCancelled = -32800
    }

    /// A response to one request: its result or its error.
    struct Response<Result: Encodable>: Encodable {
        var jsonrpc = "2.0"
        var id: RequestID?
        var result: Result?
        var error: ResponseError?

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(jsonrpc, forKey: .jsonrpc)
            // `id` is null when it could not be read (JSON-RPC 2.0).
            if let id { try container.encode(id, forKey: .id) } else { try container.encodeNil(forKey: .id) }
            if let error {
                try container.encode(error, forKey: .error)
            } else if let result {
                try container.encode(result, forKey: .result)
            } else {
                try container.encodeNil(forKey: .result)
            }
        }

        enum CodingKeys: String, CodingKey { case jsonrpc, id, result, error }
    }

    /// A message from the server that expects no answer, or a request to the client.
    struct Outgoing<Value: Encodable>: Encodable {
        var jsonrpc = "2.0"
        var id: RequestID?
        var method: String
        var params: Value
    }

    /// Encodes as JSON `null` (a result of null).
    struct Null: Encodable {
        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    // MARK: Basic structures

    struct Position: Codable, Equatable {
        var line: Int
        var character: Int
    }

    struct Range: Codable, Equatable {
        var start: Position
        var end: Position
    }

    struct Location: Codable, Equatable {
        var uri: String
        var range: Range
    }

    struct TextDocumentIdentifier: Codable {
        var uri: String
    }

    struct TextDocumentItem: Codable {
        var uri: String
        var languageId: String?
        var version: Int
        var text: String
    }

    struct VersionedTextDocumentIdentifier: Codable {
        var uri: String
        var version: Int?
    }

    struct TextEdit: Codable, Equatable {
        var range: Range
        var newText: String
    }

    struct MarkupContent: Codable {
        var kind: String
        var value: String
    }

    // MARK: Lifecycle

    struct WorkspaceFolder: Codable {
        var uri: String
        var name: String?
    }

    struct InitializeParams: Decodable {
        var rootUri: String?
        var rootPath: String?
        var workspaceFolders: [WorkspaceFolder]?
        var capabilities: ClientCapabilities?
    }

    struct ClientCapabilities: Decodable {
        var general: General?
        struct General: Decodable {
            var positionEncodings: [String]?
        }
    }

    struct InitializeResult: Encodable {
        var capabilities: ServerCapabilities
        var serverInfo: ServerInfo
    }

    struct ServerInfo: Encodable {
        var name: String
        var version: String
    }

    struct ServerCapabilities: Encodable {
        var positionEncoding: String
        var textDocumentSync: TextDocumentSyncOptions
        var completionProvider: CompletionOptions
        var hoverProvider = true
        var definitionProvider = true
        var referencesProvider = true
        var renameProvider: RenameOptions
        var documentSymbolProvider = true
        var workspaceSymbolProvider = true
        var documentLinkProvider: DocumentLinkOptions
        var foldingRangeProvider = true
        var codeActionProvider: CodeActionOptions
        var executeCommandProvider: ExecuteCommandOptions
    }

    struct ExecuteCommandOptions: Encodable {
        var commands: [String]
    }

    struct ExecuteCommandParams: Decodable {
        var command: String
        var arguments: [String]?
    }

    /// One entry of a code action answer: an action (an edit), or a bare command. The create-note
    /// action is sent as a bare command: some clients (lsprotocol, used by pygls) read any entry
    /// with a `command` key as a command and would lose a code action's command object.
    enum CodeActionOrCommand: Encodable {
        case action(CodeAction)
        case command(Command)

        func encode(to encoder: Encoder) throws {
            switch self {
            case .action(let action): try action.encode(to: encoder)
            case .command(let command): try command.encode(to: encoder)
            }
        }
    }

    struct Command: Encodable {
        var title: String
        var command: String
        var arguments: [String]
    }

    struct TextDocumentSyncOptions: Encodable {
        var openClose = true
        /// 2: incremental.
        var change = 2
        var save: SaveOptions
    }

    struct SaveOptions: Encodable {
        var includeText = false
    }

    struct CompletionOptions: Encodable {
        var triggerCharacters: [String]
        var resolveProvider = false
    }

    struct RenameOptions: Encodable {
        var prepareProvider = true
    }

    struct DocumentLinkOptions: Encodable {
        var resolveProvider = false
    }

    struct CodeActionOptions: Encodable {
        var codeActionKinds: [String]
    }

    // MARK: Document synchronization

    struct DidOpenParams: Decodable {
        var textDocument: TextDocumentItem
    }

    struct DidChangeParams: Decodable {
        var textDocument: VersionedTextDocumentIdentifier
        var contentChanges: [ContentChange]
    }

    struct ContentChange: Decodable {
        var range: Range?
        var text: String
    }

    struct DidCloseParams: Decodable {
        var textDocument: TextDocumentIdentifier
    }

    struct DidSaveParams: Decodable {
        var textDocument: TextDocumentIdentifier
    }

    // MARK: Language features

    struct TextDocumentPositionParams: Decodable {
        var textDocument: TextDocumentIdentifier
        var position: Position
    }

    struct DocumentParams: Decodable {
        var textDocument: TextDocumentIdentifier
    }

    struct WorkspaceSymbolParams: Decodable {
        var query: String
    }

    struct RenameParams: Decodable {
        var textDocument: TextDocumentIdentifier
        var position: Position
        var newName: String
    }

    struct CodeActionParams: Decodable {
        var textDocument: TextDocumentIdentifier
        var range: Range
        var context: CodeActionContext
    }

    struct CodeActionContext: Decodable {
        var diagnostics: [Diagnostic]
    }

    struct CompletionList: Encodable {
        var isIncomplete: Bool
        var items: [CompletionItem]
    }

    struct CompletionItem: Encodable {
        var label: String
        var kind: Int
        var detail: String?
        var sortText: String
        var filterText: String?
        var textEdit: TextEdit
    }

    struct Hover: Encodable {
        var contents: MarkupContent
        var range: Range?
    }

    struct Diagnostic: Codable {
        var range: Range
        var severity: Int?
        var code: String?
        var source: String?
        var message: String
        var data: DiagnosticData?
    }

    struct DiagnosticData: Codable {
        var replacement: String?
    }

    struct PublishDiagnosticsParams: Encodable {
        var uri: String
        var version: Int?
        var diagnostics: [Diagnostic]
    }

    struct DocumentSymbol: Encodable {
        var name: String
        var detail: String?
        var kind: Int
        var range: Range
        var selectionRange: Range
        var children: [DocumentSymbol]
    }

    struct SymbolInformation: Encodable {
        var name: String
        var kind: Int
        var location: Location
        var containerName: String?
    }

    struct DocumentLink: Encodable {
        var range: Range
        var target: String
    }

    struct FoldingRange: Encodable {
        var startLine: Int
        var endLine: Int
        var kind: String?
    }

    struct WorkspaceEdit: Encodable {
        var changes: [String: [TextEdit]]?
        var documentChanges: [DocumentChange]?
    }

    /// One entry of `documentChanges`: an edit of a document, or a file operation.
    enum DocumentChange: Encodable {
        case edit(TextDocumentEdit)
        case create(CreateFile)

        func encode(to encoder: Encoder) throws {
            switch self {
            case .edit(let edit): try edit.encode(to: encoder)
            case .create(let create): try create.encode(to: encoder)
            }
        }
    }

    struct TextDocumentEdit: Encodable {
        var textDocument: VersionedTextDocumentIdentifier
        var edits: [TextEdit]
    }

    struct CreateFile: Encodable {
        var kind = "create"
        var uri: String
        var options: CreateFileOptions?
    }

    struct CreateFileOptions: Encodable {
        var overwrite = false
        var ignoreIfExists = true
    }

    struct CodeAction: Encodable {
        var title: String
        var kind: String
        var diagnostics: [Diagnostic]?
        var edit: WorkspaceEdit?
        var command: Command?
        var isPreferred: Bool?

        init(title: String, kind: String, diagnostics: [Diagnostic]?, edit: WorkspaceEdit? = nil, command: Command? = nil, isPreferred: Bool? = nil) {
            self.title = title
            self.kind = kind
            self.diagnostics = diagnostics
            self.edit = edit
            self.command = command
            self.isPreferred = isPreferred
        }
    }

    struct ApplyWorkspaceEditParams: Encodable {
        var label: String?
        var edit: WorkspaceEdit
    }

    struct ShowMessageParams: Encodable {
        /// 1 error, 2 warning, 3 info, 4 log.
        var type: Int
        var message: String
    }

    struct PrepareRenameResult: Encodable {
        var range: Range
        var placeholder: String
    }
}
