/// Checking tag names given on the command line.
enum TagName {
    /// The cleaned name (white space trimmed, one leading `#` dropped), or an error saying why it
    /// cannot be a tag: empty, control characters, a comma (it would split a string-valued `tags:`),
    /// or an empty `/` level.
    public static func validated(_ raw: String) throws(NotezError) -> String {
        guard let name = NoteMetadata.cleanTag(raw) else { throw .invalidName(raw, reason: "empty tag name") }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidName(raw, reason: "control characters are not allowed in tag names")
        }
        if name.contains(",") { throw .invalidName(raw, reason: "',' is not allowed in tag names") }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        {
            throw .invalidName(raw, reason: "empty level in a hierarchical tag")
        }
        return name
    }
}
