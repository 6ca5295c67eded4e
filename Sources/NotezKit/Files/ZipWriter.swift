/// A minimal ZIP archive writer (PKWARE APPNOTE 6.3): stored entries only (no compression, so no
/// new dependency), CRC-32, UTF-8 names (flag bit 11), a fixed 1980-01-01 timestamp so the same
/// input gives the same bytes. No ZIP64: more than 65,535 entries or 4 GiB is refused.
public struct ZipWriter: Sendable {
    /// The archive so far (local headers and data).
    private var body: [UInt8] = []
    /// The central directory so far.
    private var directory: [UInt8] = []
    /// Entries added.
    public private(set) var count = 0
    private var names: Set<String> = []

    /// An empty archive.
    public init() {}

    /// Adds a file `name` (a relative path with `/`) holding `data`.
    public mutating func add(_ name: String, _ data: [UInt8]) throws(NotezError) {
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 0xFFFF, !name.hasPrefix("/"),
            !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty })
        else { throw .invalidName(name, reason: "not a relative path for a zip entry") }
        guard names.insert(name).inserted else { throw .refused("'\(name)' is already in the archive") }
        guard count < 0xFFFF else { throw .refused("more than 65,535 files: too many for a zip without ZIP64") }
        let offset = body.count
        guard UInt64(offset) + UInt64(data.count) + UInt64(nameBytes.count) + 30 < 0xFFFF_FFFF else {
            throw .refused("the archive would be larger than 4 GiB (no ZIP64 support); export to a folder instead")
        }
        let crc = ZipWriter.crc32(data)
        body += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
        body += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
        body += le16(UInt16(nameBytes.count)) + le16(0) + nameBytes
        body += data
        directory += le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
        directory += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
        directory += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0)
        directory += le32(UInt32(0o100644) << 16) + le32(UInt32(offset)) + nameBytes
        count += 1
    }

    /// The finished archive: entries, central directory, end record.
    public func finished() throws(NotezError) -> [UInt8] {
        guard UInt64(body.count) + UInt64(directory.count) < 0xFFFF_FFFF else {
            throw .refused("the archive would be larger than 4 GiB (no ZIP64 support); export to a folder instead")
        }
        var out = body + directory
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(count)) + le16(UInt16(count))
        out += le32(UInt32(directory.count)) + le32(UInt32(body.count)) + le16(0)
        return out
    }

    /// CRC-32 (IEEE 802.3, reflected, as zip and gzip use it).
    static func crc32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
    }
}
