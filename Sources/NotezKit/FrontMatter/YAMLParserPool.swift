internal import CYAML
import Foundation

/// libyaml parsers kept for the next front matter, each reset to the state
/// `yaml_parser_initialize` leaves. A new parser allocates a 16 KiB and a 48 KiB buffer and six
/// stacks, and freeing them made glibc consolidate its free chunks: in a first run, which parses
/// 100,000 front matters, that cost as much as libyaml's own parsing.
final class YAMLParserPool: @unchecked Sendable {
    /// The pool every front matter parse takes its parser from.
    static let shared = YAMLParserPool()

    /// At most this many idle parsers are kept (one per core parses at a time).
    static let maxIdle = 16

    /// A parser whose queue or a stack grew past this many entries (deep nesting, a long flow
    /// sequence) is freed rather than kept, so the pool holds about 70 KiB a parser.
    let maxKeptEntries: Int
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var idle: [UnsafeMutablePointer<yaml_parser_t>] = []

    init(maxKeptEntries: Int = 256) {
        self.maxKeptEntries = maxKeptEntries
    }

    /// How many parsers wait for reuse.
    var idleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return idle.count
    }

    /// A parser as `yaml_parser_initialize` leaves it (no input set yet), nil when none can be made.
    func take() -> UnsafeMutablePointer<yaml_parser_t>? {
        lock.lock()
        let kept = idle.popLast()
        lock.unlock()
        return kept ?? YAMLParserPool.made()
    }

    /// Takes back a parser from `take`, whatever state its parse ended in.
    func give(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
        if isSmall(parser.pointee) {
            YAMLParserPool.reset(parser)
            lock.lock()
            if idle.count < YAMLParserPool.maxIdle {
                idle.append(parser)
                lock.unlock()
                return
            }
            lock.unlock()
        }
        YAMLParserPool.delete(parser)
    }

    /// A new parser from `yaml_parser_initialize`, nil when it cannot be made.
    static func made() -> UnsafeMutablePointer<yaml_parser_t>? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) == 1 else {
            parser.deallocate()
            return nil
        }
        return parser
    }

    /// Frees a parser and everything it holds.
    static func delete(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// Whether no queue or stack of `parser` grew past `maxKeptEntries`, and it holds nothing of
    /// libyaml's loader (which `reset` would not free; notez reads events only).
    func isSmall(_ parser: yaml_parser_t) -> Bool {
        guard parser.aliases.start == nil, parser.document == nil else { return false }
        func entries<T>(_ start: UnsafeMutablePointer<T>?, _ end: UnsafeMutablePointer<T>?) -> Int {
            guard let start, let end else { return 0 }
            return end - start
        }
        return entries(parser.tokens.start, parser.tokens.end) <= maxKeptEntries
            && entries(parser.indents.start, parser.indents.end) <= maxKeptEntries
            && entries(parser.simple_keys.start, parser.simple_keys.end) <= maxKeptEntries
            && entries(parser.states.start, parser.states.end) <= maxKeptEntries
            && entries(parser.marks.start, parser.marks.end) <= maxKeptEntries
            && entries(parser.tag_directives.start, parser.tag_directives.end) <= maxKeptEntries
    }

    /// Frees what `yaml_parser_delete` frees besides the buffers and stacks (tokens still queued,
    /// the `%TAG` directives), then zeroes the parser and gives it back its buffers and stacks,
    /// empty: the state `yaml_parser_initialize` makes (a zeroed parser and those allocations).
    static func reset(_ parser: UnsafeMutablePointer<yaml_parser_t>) {
        while let head = parser.pointee.tokens.head, head != parser.pointee.tokens.tail {
            yaml_token_delete(head)
            parser.pointee.tokens.head = head + 1
        }
        while let top = parser.pointee.tag_directives.top, top != parser.pointee.tag_directives.start {
            let directive = top - 1
            free(directive.pointee.handle)
            free(directive.pointee.prefix)
            parser.pointee.tag_directives.top = directive
        }
        let old = parser.pointee
        var fresh = yaml_parser_t()
        fresh.raw_buffer.start = old.raw_buffer.start
        fresh.raw_buffer.end = old.raw_buffer.end
        fresh.raw_buffer.pointer = old.raw_buffer.start
        fresh.raw_buffer.last = old.raw_buffer.start
        fresh.buffer.start = old.buffer.start
        fresh.buffer.end = old.buffer.end
        fresh.buffer.pointer = old.buffer.start
        fresh.buffer.last = old.buffer.start
        fresh.tokens.start = old.tokens.start
        fresh.tokens.end = old.tokens.end
        fresh.tokens.head = old.tokens.start
        fresh.tokens.tail = old.tokens.start
        fresh.indents.start = old.indents.start
        fresh.indents.end = old.indents.end
        fresh.indents.top = old.indents.start
        fresh.simple_keys.start = old.simple_keys.start
        fresh.simple_keys.end = old.simple_keys.end
        fresh.simple_keys.top = old.simple_keys.start
        fresh.states.start = old.states.start
        fresh.states.end = old.states.end
        fresh.states.top = old.states.start
        fresh.marks.start = old.marks.start
        fresh.marks.end = old.marks.end
        fresh.marks.top = old.marks.start
        fresh.tag_directives.start = old.tag_directives.start
        fresh.tag_directives.end = old.tag_directives.end
        fresh.tag_directives.top = old.tag_directives.start
        parser.pointee = fresh
    }
}
