/// The whole text of a file before and after an edit step that changed its body (inline tags),
/// journaled so that undo and roll-forward give back exact bytes: the semantic inverse of an
/// inline edit cannot tell `#Work` from `#work` once both became `#job`, nor where a deleted
/// `#tag` stood.
///
/// Kept only for steps whose body changes; front-matter-only steps keep `FrontMatterChange`.
public struct WholeFileChange: Sendable, Equatable, Codable {
    /// The file's text before the step.
    public var before: String
    /// The file's text after the step.
    public var after: String

    /// Creates a change from the two texts.
    public init(before: String, after: String) {
        self.before = before
        self.after = after
    }

    /// The change between two versions of a file, or nil when either is not UTF-8.
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> WholeFileChange? {
        guard let before = String(validating: old, as: UTF8.self), let after = String(validating: new, as: UTF8.self) else {
            return nil
        }
        return WholeFileChange(before: before, after: after)
    }

    /// The change that undoes this one.
    var swapped: WholeFileChange { WholeFileChange(before: after, after: before) }

    /// `after` when the file is still exactly `before`, else nil (it was edited since).
    public func apply(to bytes: [UInt8]) -> [UInt8]? {
        bytes.elementsEqual(before.utf8) ? Array(after.utf8) : nil
    }
}
