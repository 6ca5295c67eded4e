/// The text of a file before and after an edit step that changed its body (inline tags, rewritten
/// links), journaled so that undo and roll-forward give back exact bytes: the semantic inverse of
/// an inline edit cannot tell `#Work` from `#work` once both became `#job`, nor where a deleted
/// `#tag` stood.
///
/// Only the part that differs is kept: the bytes both texts share at the start (`prefix`) and at
/// the end (`suffix`) are left out, and the content hash of each whole text proves that a file is
/// still exactly one of them. A rename rewriting one link in each of 50 notes journals 50 short
/// middles instead of 100 whole notes (its record went from 218 KB to 30 KB). Records written
/// before keep the whole texts (`prefix` and `suffix` 0, no hashes) and apply as before.
///
/// Kept only for steps whose body changes; front-matter-only steps keep `FrontMatterChange`.
public struct WholeFileChange: Sendable, Equatable, Codable {
    /// The file's text before the step, without the shared prefix and suffix.
    public var before: String
    /// The file's text after the step, without the shared prefix and suffix.
    public var after: String
    /// The number of bytes both texts start with, left out of `before` and `after`.
    var prefix = 0
    /// The number of bytes both texts end with, left out of `before` and `after`.
    var suffix = 0
    /// `ContentHash.value` of the whole text before and after; set when a prefix or suffix is left out.
    var hashes: (before: UInt64, after: UInt64)?

    /// Creates a change from the two whole texts.
    public init(before: String, after: String) {
        self.before = before
        self.after = after
    }

    /// Below this many shared bytes the whole texts are kept (the hashes would cost more).
    static let leastShared = 64

    /// The change between two versions of a file, or nil when either is not UTF-8.
    public static func between(_ old: [UInt8], _ new: [UInt8]) -> WholeFileChange? {
        guard let whole = String(validating: old, as: UTF8.self), let wholeAfter = String(validating: new, as: UTF8.self) else {
            return nil
        }
        var prefix = 0
        let shortest = min(old.count, new.count)
        while prefix < shortest, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shortest - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // The middles must be whole characters: a cut never falls inside a UTF-8 sequence.
        func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        while prefix > 0, (prefix < old.count && isContinuation(old[prefix])) || (prefix < new.count && isContinuation(new[prefix])) {
            prefix -= 1
        }
        while suffix > 0, isContinuation(old[old.count - suffix]) || isContinuation(new[new.count - suffix]) { suffix -= 1 }
        guard prefix + suffix >= leastShared else { return WholeFileChange(before: whole, after: wholeAfter) }
        var change = WholeFileChange(
            before: String(decoding: old[prefix..<(old.count - suffix)], as: UTF8.self),
            after: String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self))
        change.prefix = prefix
        change.suffix = suffix
        change.hashes = (ContentHash.value(old), ContentHash.value(new))
        return change
    }

    /// The change that undoes this one.
    var swapped: WholeFileChange {
        var change = WholeFileChange(before: after, after: before)
        change.prefix = prefix
        change.suffix = suffix
        change.hashes = hashes.map { ($0.after, $0.before) }
        return change
    }

    /// The text after the step when the file is still exactly the text before it, else nil (it
    /// was edited since).
    public func apply(to bytes: [UInt8]) -> [UInt8]? {
        guard let hashes else { return bytes.elementsEqual(before.utf8) ? Array(after.utf8) : nil }
        let middle = before.utf8.count
        guard bytes.count == prefix + middle + suffix, bytes[prefix..<(prefix + middle)].elementsEqual(before.utf8),
            ContentHash.value(bytes) == hashes.before
        else { return nil }
        return Array(bytes[..<prefix]) + Array(after.utf8) + Array(bytes[(bytes.count - suffix)...])
    }

    public static func == (lhs: WholeFileChange, rhs: WholeFileChange) -> Bool {
        lhs.before == rhs.before && lhs.after == rhs.after && lhs.prefix == rhs.prefix && lhs.suffix == rhs.suffix
            && lhs.hashes?.before == rhs.hashes?.before && lhs.hashes?.after == rhs.hashes?.after
    }

    private enum CodingKeys: String, CodingKey {
        case before, after, prefix, suffix, beforeHash, afterHash
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        before = try container.decode(String.self, forKey: .before)
        after = try container.decode(String.self, forKey: .after)
        prefix = try container.decodeIfPresent(Int.self, forKey: .prefix) ?? 0
        suffix = try container.decodeIfPresent(Int.self, forKey: .suffix) ?? 0
        guard prefix >= 0, suffix >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .prefix, in: container, debugDescription: "a negative length")
        }
        if let beforeHash = try container.decodeIfPresent(String.self, forKey: .beforeHash) {
            guard let old = UInt64(beforeHash, radix: 16),
                let new = try UInt64(container.decode(String.self, forKey: .afterHash), radix: 16)
            else { throw DecodingError.dataCorruptedError(forKey: .beforeHash, in: container, debugDescription: "not a content hash") }
            hashes = (old, new)
        } else if prefix + suffix > 0 {
            // A part left out must be proven by the hashes.
            throw DecodingError.dataCorruptedError(forKey: .beforeHash, in: container, debugDescription: "a partial text without hashes")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(before, forKey: .before)
        try container.encode(after, forKey: .after)
        guard let hashes else { return }
        try container.encode(prefix, forKey: .prefix)
        try container.encode(suffix, forKey: .suffix)
        try container.encode(ContentHash.hex(hashes.before), forKey: .beforeHash)
        try container.encode(ContentHash.hex(hashes.after), forKey: .afterHash)
    }
}
