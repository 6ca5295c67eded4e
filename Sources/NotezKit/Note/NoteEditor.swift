/// Applies edits to a whole note file: front matter edits through `FrontMatterEditor`, inline tag
/// edits of the body through `InlineTagEditor`. Each checks its own result, and an edit that
/// changes nothing returns the bytes unchanged.
enum NoteEditor {
    /// Applies `edits` in order to a file's bytes and returns the new bytes; throws when one of them
    /// cannot be made safely (the caller skips and reports the file).
    public static func apply(_ edits: [FrontMatterEdit], to bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        var current = bytes
        for edit in edits {
            switch edit {
            case .replaceInlineTag(let old, let new): current = try InlineTagEditor.replace(old, with: new, in: current)
            case .removeInlineTags(let keys): current = try InlineTagEditor.remove(Set(keys), in: current)
            default: current = try FrontMatterEditor.apply(edit, to: current)
            }
        }
        return current
    }
}
