/// File names from titles, and the text of a new note.
enum NoteNaming {
    /// A file name stem for a title: `/ \ : * ? " < > |` and control characters become `-`,
    /// leading dots and surrounding white space go, an empty result is `Untitled`, and the name
    /// is cut to fit 255 bytes with `.md`.
    static func stem(for title: String) -> String {
        let invalid: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var scalars = String.UnicodeScalarView()
        for scalar in title.unicodeScalars {
            if invalid.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                scalars.append("-")
            } else {
                scalars.append(scalar)
            }
        }
        var text = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasPrefix(".") { text.removeFirst() }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Room for ".md" and a " 999" clash suffix.
        while text.utf8.count > 255 - 3 - 4 { text.removeLast() }
        return text.isEmpty ? "Untitled" : text
    }

    /// A scalar for a new note's front matter: plain when YAML reads it back as the same string,
    /// else double-quoted. `flow` also quotes the flow indicators `, [ ] { }`.
    public static func scalar(_ text: String, flow: Bool) -> String {
        plainIsSafe(text, flow: flow) ? text : YAMLValue.quoted(text)
    }

    static func plainIsSafe(_ text: String, flow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || last == " " || last == ":" { return false }
        if "-?:,[]{}#&*!|>'\"%@`~".unicodeScalars.contains(first) { return false }
        if text.contains(": ") || text.contains(" #") { return false }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return false }
        if flow, text.contains(where: { ",[]{}".contains($0) }) { return false }
        let lower = text.lowercased()
        if ["null", "true", "false", "yes", "no", "on", "off", "y", "n", ".nan", ".inf", "-.inf"].contains(lower) { return false }
        if Double(text) != nil || Int(text) != nil { return false }
        if lower.hasPrefix("0x") || lower.hasPrefix("0o") { return false }
        if NoteDate.parse(text) != nil, text.contains("-") || text.contains(":") { return false }
        return true
    }

    /// The text of a new note: front matter with `title` (only when the file name cannot carry
    /// the title), `created`, `modified`, `tags` as a flow list, `pinned: true` when pinned; then the body.
    static func newNoteText(title: String, stem: String, tags: [String], pinned: Bool, body: String, now: Double) -> String {
        var text = "---\n"
        if stem != title.trimmingCharacters(in: .whitespacesAndNewlines) || title.isEmpty {
            text += "title: \(scalar(title, flow: false))\n"
        }
        let time = NoteDate.iso8601(now)
        text += "created: \(time)\nmodified: \(time)\n"
        text += "tags: [" + tags.map { scalar($0, flow: true) }.joined(separator: ", ") + "]\n"
        if pinned { text += "pinned: true\n" }
        text += "---\n"
        if !body.isEmpty {
            text += body
            if !body.hasSuffix("\n") { text += "\n" }
        }
        return text
    }
}
