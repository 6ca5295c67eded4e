import Foundation

/// How full-text search compares text: lowercased and NFC-normalized UTF-8, optionally without
/// accents. The search and the index's text signatures fold the same way.
enum TextFold {
    /// Lowercases and NFC-normalizes UTF-8 text; ASCII takes a byte-wise fast path.
    static func fold(_ bytes: ArraySlice<UInt8>, ignoreAccents: Bool) -> [UInt8] {
        let folded = fold(bytes)
        guard ignoreAccents, !folded.allSatisfy({ $0 < 0x80 }) else { return folded }
        return Array(stripMarks(String(decoding: folded, as: UTF8.self)).utf8)
    }

    /// The text without combining marks, after canonical decomposition (`café` → `cafe`), recomposed.
    static func stripMarks(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// Lowercased and NFC-normalized, accents kept.
    static func fold(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        if ASCIIBytes.only(bytes) { return lowercasedASCII(bytes) }
        let text = String(decoding: bytes, as: UTF8.self)
        // Foundation's normalization is slow; most text (Latin, Cyrillic, CJK, emoji) is already NFC.
        if isSurelyNFC(text) { return lowercasedRuns(bytes) }
        return Array(text.precomposedStringWithCanonicalMapping.lowercased().precomposedStringWithCanonicalMapping.utf8)
    }

    /// Lowercases ASCII bytes directly and only the non-ASCII runs through `String.lowercased()`.
    static func lowercasedRuns(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte < 0x80 {
                result.append(ASCIIBytes.lowercased(byte))
                index += 1
                continue
            }
            var end = index
            while end < bytes.endIndex && bytes[end] >= 0x80 { end += 1 }
            result.append(contentsOf: String(decoding: bytes[index..<end], as: UTF8.self).lowercased().utf8)
            index = end
        }
        return result
    }

    /// Scalars in these ranges neither combine with neighbours nor change under NFC.
    private static let stableRanges: [ClosedRange<UInt32>] = [
        0x0000...0x02FF, 0x0400...0x0482, 0x048A...0x052F, 0x2002...0x206F, 0x20A0...0x20C0, 0x2190...0x2328,
        0x232B...0x27FF, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFE0F...0xFE0F, 0x1F000...0x1FAFF,
    ]

    /// True when every scalar is in a range where NFC changes nothing, so normalization can be skipped.
    static func isSurelyNFC(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            if value < 0x0300 { return true }
            return stableRanges.contains { $0.contains(value) }
        }
    }

    /// Whether NFC and lowercasing could turn some of this UTF-8 into ASCII: only U+037E (NFC `;`),
    /// U+1FEF (NFC `` ` ``), U+212A KELVIN SIGN (NFC `K`, lowercase `k`) and U+0130 (lowercase `i`
    /// and a combining dot) do; every other scalar folds to non-ASCII or stays ASCII.
    static func mayFoldToASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index + 1 < buffer.count {
                // Every one of the four starts with a byte of 0x80 or more: eight ASCII bytes at a
                // time are skipped (byte by byte, this scan of each ranked result's ASCII body was
                // 3% of a warm ranked search).
                if index + 8 <= buffer.count,
                    UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                switch (buffer[index], buffer[index + 1]) {
                case (0xCD, 0xBE), (0xC4, 0xB0): return true
                case (0xE1, 0xBF) where index + 2 < buffer.count && buffer[index + 2] == 0xAF: return true
                case (0xE2, 0x84) where index + 2 < buffer.count && buffer[index + 2] == 0xAA: return true
                default: index += 1
                }
            }
            return false
        }
    }

    /// ASCII bytes with A-Z lowercased.
    static func lowercasedASCII(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map(ASCIIBytes.lowercased)
    }
}
