/// What the watcher remembers of a note file to tell whether it changed and to recognize moves.
public struct NoteFingerprint: Sendable, Hashable {
    /// Inode, size and mtime when last read.
    public var stamp: FileStamp
    /// FNV-1a hash of the bytes read (the indexed prefix) and the size.
    public var hash: UInt64
    /// True when the path is a symlink to the file.
    var isSymlink: Bool

    /// Creates a fingerprint.
    public init(stamp: FileStamp, hash: UInt64, isSymlink: Bool = false) {
        self.stamp = stamp
        self.hash = hash
        self.isSymlink = isSymlink
    }

    /// The content hash of section 7: the bytes read, then the size, so a change past the prefix still differs by size.
    public static func hash(_ bytes: [UInt8], size: Int64) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        var length = UInt64(bitPattern: size)
        for _ in 0..<8 {
            value ^= length & 0xff
            value &*= 0x100_0000_01b3
            length >>= 8
        }
        return value
    }
}
