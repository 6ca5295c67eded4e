/// One link written in a note's body: a wikilink, an embed, a Markdown link or image.
public struct NoteLink: Sendable, Equatable {
    /// The forms a link takes.
    public enum Kind: String, Sendable, Codable {
        /// `[[Target]]`, `[[Target|label]]`, `[[Target#Heading]]`, `[[Target#^block]]`.
        case wikilink
        /// `![[Target]]`.
        case embed
        /// `[text](path.md)`.
        case markdown
        /// `![alt](path.png)`.
        case image
    }

    /// The form of the link.
    public var kind: Kind
    /// The target as written, without `#fragment` (for Markdown links percent-decoded); `""` for a
    /// link to a heading of the same note.
    public var target: String
    /// `Heading` or `^block` after `#`, if any.
    public var fragment: String?
    /// The label (`[[T|label]]`, `[label](t)`), if any.
    public var label: String?
    /// The bytes of the whole link in the scanned buffer.
    public var range: Range<Int>
    /// The bytes of the target as written (before `#` and `|`; for Markdown links the destination
    /// without angle brackets), to rewrite it.
    var targetRange: Range<Int>

    /// Creates a link.
    public init(kind: Kind, target: String, fragment: String?, label: String?, range: Range<Int>, targetRange: Range<Int>) {
        self.kind = kind
        self.target = target
        self.fragment = fragment
        self.label = label
        self.range = range
        self.targetRange = targetRange
    }

    /// True for `[[...]]` and `![[...]]`.
    var isWikilink: Bool { kind == .wikilink || kind == .embed }

    /// The link as written, made from its parts without the file, when that is exact: a wikilink
    /// or embed whose target was written without surrounding spaces and whose length adds up
    /// (`[[T\|l]]` and `[[ T ]]` do not, and are nil, as is every Markdown link: its target is decoded).
    var textFromParts: String? {
        guard isWikilink, target.utf8.count == targetRange.count else { return nil }
        var text = kind == .embed ? "![[" : "[["
        text += target
        if let fragment { text += "#" + fragment }
        if let label { text += "|" + label }
        text += "]]"
        return text.utf8.count == range.count ? text : nil
    }
}
