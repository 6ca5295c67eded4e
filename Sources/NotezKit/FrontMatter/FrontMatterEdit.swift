/// One intended change to a note's front matter; the editor splices it into the value's byte span.
public enum FrontMatterEdit: Sendable, Equatable {
    /// Set `pinned:` (added when absent).
    case setPinned(Bool)
    /// Set the modification date (seconds since 1970) in the existing value's format, else ISO 8601 UTC.
    case setModified(Double)
    /// Add tags that the note does not have yet (compared by `TagKey`), copying the list's style.
    case addTags([String])
    /// Remove every tag whose key is listed, from every tag key (`tags`, `tag`, `keywords`).
    case removeTags([TagKey])
    /// Replace a tag by a new spelling, keeping the item's quoting.
    case replaceTag(TagKey, with: String)
    /// Body, not front matter: every inline `#tag` with the key becomes `#new` (`InlineTagEditor`).
    case replaceInlineTag(TagKey, with: String)
    /// Body, not front matter: remove every inline `#tag` with one of the keys (`InlineTagEditor`).
    case removeInlineTags([TagKey])
    /// Set a property: `key:` followed by `text` (` value`, as YAML), replacing the existing value or appending the key.
    case setProperty(String, text: String)
    /// Remove a property's key and value.
    case removeProperty(String)
}
