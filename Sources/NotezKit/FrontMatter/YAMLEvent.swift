/// One libyaml parser event, with positions converted to byte offsets into the parsed slice.
public struct YAMLEvent: Sendable, Equatable {
    /// The kinds of event notez cares about; stream and document markers are kept for completeness.
    public enum Kind: Sendable, Equatable {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias
        case scalar
        case sequenceStart, sequenceEnd
        case mappingStart, mappingEnd
    }

    /// How a scalar was written.
    public enum ScalarStyle: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded, any
    }

    /// The event kind.
    public var kind: Kind
    /// Byte offset of the first byte of the event's token in the slice.
    public var start: Int
    /// Byte offset just past the event's token in the slice.
    public var end: Int
    /// 0-based line of `start` within the slice.
    public var line: Int
    /// 0-based column (in characters) of `start` within its line.
    public var column: Int
    /// The scalar's value (after unquoting), for scalar events.
    public var value: String
    /// The scalar's style, for scalar events.
    public var style: ScalarStyle
    /// Whether a sequence or mapping is written in flow style (`[...]`, `{...}`).
    var isFlow: Bool
    /// An anchor (`&a`) on the node, or the alias name for alias events.
    var anchor: String?
    /// An explicit tag (`!!str`) on the node.
    public var tag: String?

    /// Creates an event.
    public init(
        kind: Kind, start: Int, end: Int, line: Int, column: Int, value: String = "",
        style: ScalarStyle = .any, isFlow: Bool = false, anchor: String? = nil, tag: String? = nil
    ) {
        self.kind = kind
        self.start = start
        self.end = end
        self.line = line
        self.column = column
        self.value = value
        self.style = style
        self.isFlow = isFlow
        self.anchor = anchor
        self.tag = tag
    }
}
