/// One top-level key that notez edits, with the byte spans (file offsets) of its key, value and items.
public struct FrontMatterField: Sendable, Equatable {
    /// How the value is written.
    public enum Style: Sendable, Equatable {
        /// No value: `key:`, `key: ~`, `key: null`.
        case null
        /// One single-line scalar; for tag keys a string whose words (commas and white space) are the items.
        case scalar
        /// A flow list `[a, b]`, on one line or several.
        case flowList
        /// `- a` lines indented deeper than the key.
        case blockList
        /// `- a` lines at the key's own indentation.
        case indentlessBlockList
        /// Anything notez reads but will not edit; `refusal` says why.
        case unsupported
    }

    /// One list item, or one word of a string-valued tag key.
    public struct Item: Sendable, Equatable {
        /// The item as written, quotes included.
        public var range: Range<Int>
        /// The item's text after unquoting.
        public var text: String
        /// The tag it stands for (a leading `#` dropped); nil for null or empty items.
        public var tag: String?
        /// How the item (or, for words, the whole string) is quoted.
        public var style: YAMLEvent.ScalarStyle
        /// Block lists: the item's whole line(s), from the line start through the line ending.
        public var line: Range<Int>?
        /// Block lists: the indentation and `- ` before the item.
        public var prefix: Range<Int>?

        /// Creates an item.
        public init(
            range: Range<Int>, text: String, tag: String?, style: YAMLEvent.ScalarStyle,
            line: Range<Int>? = nil, prefix: Range<Int>? = nil
        ) {
            self.range = range
            self.text = text
            self.tag = tag
            self.style = style
            self.line = line
            self.prefix = prefix
        }
    }

    /// The key as written, after unquoting (`Tags`, `keywords`).
    public var key: String
    /// Index of the key in `FrontMatterDocument.entries`.
    var entryIndex: Int
    /// The key as written, quotes included.
    public var keyRange: Range<Int>
    /// Just past the `:` that follows the key, when it is on the key's line.
    public var colonEnd: Int?
    /// The value as written: the scalar with its quotes, `[` to `]`, or the first `-` to the end of the
    /// last item (a block list's end mark is where the next key starts, so it is not used). Nil for `key:`.
    public var valueRange: Range<Int>?
    /// How the value is written.
    public var style: Style
    /// For `.scalar`: the scalar's quoting; otherwise `.any`.
    var scalarStyle: YAMLEvent.ScalarStyle
    /// For `.scalar`: the value after unquoting.
    public var value: String?
    /// List items, or for a string-valued tag key its words.
    public var items: [Item]
    /// Tags as `NoteMetadata` reads them from this key (also for unsupported values).
    public var tags: [String]
    /// Why this value cannot be edited, with its position; set exactly when `style` is `.unsupported`.
    public var refusal: EditRefusal?
}
