/// The content hash of the journal and of the write guard: 64-bit FNV-1a over the file's bytes.
///
/// FNV-1a is not cryptographic; it only has to tell "this is still the version the plan was made
/// from" apart from an edit made in the meantime, together with size and mtime. It is simple,
/// stable across runs and platforms (unlike Swift's seeded `Hasher`), and fast enough for notes.
public enum ContentHash {
    /// The hash of `bytes` as 16 lower-case hex digits.
    public static func of(_ bytes: [UInt8]) -> String {
        hex(value(bytes))
    }

    /// The hash of a string's UTF-8 bytes.
    public static func of(_ text: String) -> String {
        of(Array(text.utf8))
    }

    /// The raw 64-bit FNV-1a value.
    public static func value(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
