/// What one edit is allowed to change, for the check after it: the values of some entries, and keys
/// appended at the end; `check` then reads the new document and says what, if anything, is wrong.
struct EditIntent {
    /// Indices (in the original document's entries) whose values may change.
    var targets: Set<Int> = []
    /// Lowercased keys appended after the original entries, in order.
    var appended: [String] = []
    /// The index of an original entry that the edit removes.
    var removed: Int?
    /// Returns a message when the edited document does not hold the intended values.
    var check: (FrontMatterDocument) -> String? = { _ in nil }

    /// The same intent with one more appended key.
    func appending(_ key: String) -> EditIntent {
        var copy = self
        copy.appended.append(key)
        return copy
    }
}
