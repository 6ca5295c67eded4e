/// Whether a link is filed under one of a note's names (`StoredLink.targetKeys`), answered for most
/// links without making its keys: every key of a link is a folded piece of its target or label
/// (a path component, trimmed, without `.md`), so a link whose target and label are ASCII and
/// contain none of the names in any case has none of them as a key. What that cannot decide
/// (non-ASCII text, where folding is Unicode's; a Markdown link ending in `.` or `..`, whose key
/// may be a folder of the linking note) is asked of `targetKeys`. Making the keys of every link of
/// the linking notes was half of a warm `backlinks` on the 16k corpus.
struct LinkNameFilter: Sendable {
    /// The folded names.
    let names: Set<String>
    /// The names' bytes, when every name is ASCII (nil: every link is asked of `targetKeys`).
    private let asciiNames: [[UInt8]]?

    /// A filter for the folded names `names` (`StoredLink.nameKeys`).
    init(names: Set<String>) {
        self.names = names
        let bytes = names.map { Array($0.utf8) }
        asciiNames = bytes.allSatisfy { $0.allSatisfy { $0 < 0x80 } } ? bytes : nil
    }

    /// The keys of `link` (written in the note at `source`) when one of them is a name; nil when none is.
    func keys(of link: NoteLink, source: String) -> [String]? {
        if let asciiNames, !mayName(link, asciiNames) { return nil }
        let keys = StoredLink.targetKeys(link, source: source)
        return keys.contains(where: names.contains) ? keys : nil
    }

    /// Whether `link` is filed under one of the names.
    func matches(_ link: NoteLink, source: String) -> Bool { keys(of: link, source: source) != nil }

    /// False only when no key of `link` can be one of `names` (see the type's comment).
    private func mayName(_ link: NoteLink, _ names: [[UInt8]]) -> Bool {
        if !link.isWikilink {
            // `a/..` and `.`: the key is the joined path's last part, which the target may not spell.
            var target = Substring(link.target)
            while target.hasSuffix("/") { target = target.dropLast() }
            let last = target.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            // An empty target's joined path is the note's folder.
            if last.isEmpty || last == "." || last == ".." { return true }
        }
        let texts = link.isWikilink ? [link.target, link.label ?? ""] : [link.target]
        for text in texts {
            let bytes = Array(text.utf8)
            if bytes.contains(where: { $0 >= 0x80 }) { return true }
            for name in names where LinkNameFilter.contains(bytes, name) { return true }
        }
        return false
    }

    /// Whether `haystack` contains `needle` (lower-case ASCII), ignoring ASCII case.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) {
            var at = 0
            while at < needle.count {
                let byte = haystack[start + at]
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
                if lower != needle[at] { break }
                at += 1
            }
            if at == needle.count { return true }
        }
        return false
    }
}
