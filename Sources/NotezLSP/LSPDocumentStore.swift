import NotezKit

/// The buffers the editor has open, by URI: their text as the editor has it (unsaved text wins
/// over the file on disk), their version and vault path. Changes are applied as the editor sends
/// them, whole or by range; a range outside the document is refused and the buffer left as it was.
struct LSPDocumentStore {
    /// One open buffer.
    struct Document {
        var path: String
        var text: EditorText
        var version: Int
    }

    private(set) var documents: [String: Document] = [:]

    /// The buffer of `uri`.
    subscript(uri: String) -> Document? { documents[uri] }

    /// The open buffer of a vault path, if any.
    func document(atPath path: String) -> (uri: String, document: Document)? {
        documents.first { $0.value.path == path }.map { ($0.key, $0.value) }
    }

    /// Opens (or replaces) a buffer.
    mutating func open(uri: String, path: String, text: [UInt8], version: Int) throws(LSP.ResponseError) {
        guard text.count <= LSPLimits.documentBytes else { throw LSPDocumentStore.tooLarge(path, text.count) }
        guard documents[uri] != nil || documents.count < LSPLimits.openDocuments else {
            throw LSP.ResponseError(code: LSP.ResponseError.requestFailed, message: "more than \(LSPLimits.openDocuments) buffers are open; close some")
        }
        documents[uri] = Document(path: path, text: EditorText(bytes: text), version: version)
    }

    /// Applies the changes of one `didChange`, in order, all or none.
    mutating func change(uri: String, version: Int?, changes: [LSP.ContentChange], encoding: PositionEncoding) throws(LSP.ResponseError) {
        guard var document = documents[uri] else {
            throw LSP.ResponseError(code: LSP.ResponseError.invalidParams, message: "\(uri) was changed but is not open")
        }
        for change in changes {
            let replacement = Array(change.text.utf8)
            if let range = change.range {
                let editorRange = EditorRange(
                    start: EditorPosition(line: range.start.line, character: range.start.character),
                    end: EditorPosition(line: range.end.line, character: range.end.character))
                guard let bytes = document.text.byteRange(of: editorRange, encoding: encoding) else {
                    throw LSP.ResponseError(
                        code: LSP.ResponseError.invalidParams,
                        message: "change range \(range.start.line):\(range.start.character)-\(range.end.line):\(range.end.character) is outside \(document.path) (\(document.text.lineCount) lines); the buffer was left as it was")
                }
                guard document.text.bytes.count - bytes.count + replacement.count <= LSPLimits.documentBytes else {
                    throw LSPDocumentStore.tooLarge(document.path, document.text.bytes.count - bytes.count + replacement.count)
                }
                document.text = document.text.replacing(bytes, with: replacement)
            } else {
                guard replacement.count <= LSPLimits.documentBytes else { throw LSPDocumentStore.tooLarge(document.path, replacement.count) }
                document.text = EditorText(bytes: replacement)
            }
        }
        if let version { document.version = version }
        documents[uri] = document
    }

    /// Forgets a buffer.
    mutating func close(uri: String) {
        documents[uri] = nil
    }

    static func tooLarge(_ path: String, _ count: Int) -> LSP.ResponseError {
        LSP.ResponseError(
            code: LSP.ResponseError.requestFailed,
            message: "\(path) would be \(count) bytes, over the 32 MiB note size limit; notez does not follow this buffer")
    }
}
