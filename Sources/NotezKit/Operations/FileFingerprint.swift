/// What a plan remembers about the version of a file it was made from: size, mtime and content hash.
public struct FileFingerprint: Sendable, Equatable, Codable {
    /// The size in bytes.
    public var size: Int64
    /// The modification time in nanoseconds since 1970.
    public var mtimeNanos: Int64
    /// `ContentHash` of the bytes.
    public var hash: String

    /// Creates a fingerprint.
    public init(size: Int64, mtimeNanos: Int64, hash: String) {
        self.size = size
        self.mtimeNanos = mtimeNanos
        self.hash = hash
    }

    /// The fingerprint of bytes read together with their stamp.
    public init(bytes: [UInt8], stamp: FileStamp) {
        self.init(size: Int64(bytes.count), mtimeNanos: stamp.mtimeNanos, hash: ContentHash.of(bytes))
    }

    /// True when the file is the same version: same size and hash (mtime alone may be touched).
    public func matches(_ bytes: [UInt8]) -> Bool {
        Int64(bytes.count) == size && ContentHash.of(bytes) == hash
    }
}
