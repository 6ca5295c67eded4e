internal import CCmarkGFM
import Foundation

/// Renders a note's Markdown body to HTML with cmark-gfm in its safe mode (GitHub's renderer).
///
/// Safe mode omits raw HTML (`<script>`, `<img onerror>`) and empties `javascript:`, `vbscript:`,
/// `file:` and non-image `data:` link targets; vault content is untrusted, so nothing turns it off.
public enum MarkdownHTML {
    /// The GitHub extensions turned on: tables, `~~strike~~`, bare URL autolinks, `- [ ]` task lists.
    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// The largest body rendered; longer bodies are cut there (a note is text, not a data dump).
    public static let maxBytes = 8 << 20

    // Registration mutates a process-wide list; a `static let` runs it exactly once, thread-safely.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Renders the body of `bytes` (a whole note file): the front matter, when there is a complete
    /// block, is left out; invalid UTF-8 is replaced by U+FFFD.
    /// `rewriteURL`, when given, may replace each link and image target (a front end maps relative
    /// targets to its own file URLs); the safe-mode filtering applies to what it returns.
    public static func render(note bytes: [UInt8], rewriteURL: ((String) -> String?)? = nil) -> String {
        render(markdown: Array(bytes[bodyStart(of: bytes)...]), rewriteURL: rewriteURL)
    }

    /// Renders Markdown text (no front matter handling) to an HTML fragment.
    public static func render(markdown: String) -> String {
        render(markdown: Array(markdown.utf8))
    }

    /// Where the body starts: after a complete front matter block and a byte order mark.
    public static func bodyStart(of bytes: [UInt8]) -> Int {
        switch FrontMatterBlock.scan(bytes) {
        case .block(let block): return block.bodyStart
        case .none(let start): return start
        // An unclosed or oversized block is shown as text: hiding it would hide the problem.
        case .unterminated, .tooLarge: return 0
        }
    }

    private static func render(markdown input: [UInt8], rewriteURL: ((String) -> String?)? = nil) -> String {
        render(markdown: input, extraOptions: 0) { document in
            if let rewriteURL { rewrite(document, rewriteURL) }
        }
    }

    /// Parses `input`, lets `transform` change the tree (notez's own pass: it may add custom
    /// nodes, whose HTML it builds itself), and renders the tree in safe mode.
    static func render(markdown input: [UInt8], extraOptions: Int32, transform: (OpaquePointer) -> Void) -> String {
        _ = registered
        // cmark-gfm keeps the extensions' special characters (`~`, `|`) in one process-wide table
        // that each parser adds to and its `finish` removes from: two parsers at once in two
        // threads lose strikethrough and tables. One at a time; recursive, since an embedded note
        // is rendered inside `transform`.
        lock.lock()
        defer { lock.unlock() }
        let bytes = input.count > maxBytes ? Array(input[..<maxBytes]) : input
        // CMARK_OPT_DEFAULT is safe mode in this cmark-gfm; VALIDATE_UTF8 replaces bad bytes.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_GITHUB_PRE_LANG | extraOptions
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parser_feed(parser, $0, buffer.count)
                }
            }
        }
        guard let document = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(document) }
        transform(document)
        guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(html) }
        return String(cString: html)
    }

    private static let lock = NSRecursiveLock()

    private static func rewrite(_ document: OpaquePointer, _ rewriteURL: (String) -> String?) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else { continue }
            if let replacement = rewriteURL(String(cString: url)) { cmark_node_set_url(node, replacement) }
        }
    }
}
