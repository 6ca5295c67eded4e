/// The surgical front matter editor of DESIGN.md section 5: every byte outside the edited spans stays.
public enum FrontMatterEditor {
    /// Applies `edits` in order to a whole file's bytes and returns the new bytes.
    ///
    /// Throws when the file cannot be edited safely (front matter does not parse, anchors, aliases,
    /// duplicate keys, a multi-line target); the caller then skips and reports the file.
    public static func apply(_ edits: [FrontMatterEdit], to bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        // Placeholder until the editor lands: refuse everything, so nothing can be damaged.
        throw EditRefusal("the front matter editor is not built yet")
    }
}
