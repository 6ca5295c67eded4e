/// Something wrong with one file, reported by `notez check` with its position when known.
public struct NoteProblem: Sendable, Equatable, Codable {
    /// The kinds of problem a file can have.
    public enum Kind: String, Sendable, Codable {
        case yaml, unterminatedFrontMatter, frontMatterTooLarge, notUTF8, binary, unreadable
        case frontMatterNotMapping, badFileName
        /// A note that is a symbolic link: listed, never read (it may point outside the vault).
        case symlink
        /// Found by `notez check` only: they do not stop a note from being indexed.
        case duplicateKey, doubledBOM, crLineEndings, notRegularFile
    }

    /// The kind of problem.
    public var kind: Kind
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column in the file, when known.
    public var column: Int?
    /// A human-readable message.
    public var message: String

    /// Creates a problem.
    public init(kind: Kind, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.line = line
        self.column = column
        self.message = message
    }

    /// True when the note must never be rewritten because of this problem.
    var blocksWrites: Bool { true }
}
