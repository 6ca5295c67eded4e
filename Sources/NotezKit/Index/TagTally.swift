/// What a tag's summary counts, gathered one use at a time: its notes' positions, its spellings'
/// uses, and where it is written (`VaultIndex.summary`).
struct TagTally {
    /// The positions of the notes that have the tag, in the order added.
    var positions: [Int] = []
    /// The one spelling seen so far, while every use is spelled the same (most tags).
    private var only: String?
    private var onlyUses = 0
    /// The uses of each spelling, once a second spelling was seen.
    private var spellings: [String: Int]?
    private var frontMatter = 0
    private var inline = 0

    /// Adds one note's use of the tag: `spelling` as written there, `origin` where.
    mutating func add(position: Int, spelling: String, origin: TagOrigin) {
        positions.append(position)
        // Counted without hashing the spelling while there is only one.
        if spellings != nil {
            spellings![spelling, default: 0] += 1
        } else if only == nil || only == spelling {
            only = spelling
            onlyUses += 1
        } else {
            spellings = [only!: onlyUses, spelling: 1]
        }
        if origin.contains(.inline) { inline += 1 }
        if origin.contains(.frontMatter) { frontMatter += 1 }
    }

    /// The summary of the tag `key`: the most common spelling (ties to the alphabetically first),
    /// unless the registry names it; and the uses of each spelling when there are several (nil otherwise).
    func summary(_ key: TagKey, registered: TagRegistry.Entry?) -> (summary: TagSummary, spellings: [String: Int]?) {
        let commonName = spellings.map(TagSummary.preferredSpelling) ?? only ?? key.rawValue
        let summary = TagSummary(
            key: key, commonName: commonName, count: positions.count, frontMatterCount: frontMatter, inlineCount: inline,
            registered: registered)
        return (summary, spellings)
    }
}
