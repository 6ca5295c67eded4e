import Foundation

/// Conflict markers a merge left in a file (`<<<<<<< `, `=======`, `>>>>>>> ` lines), for `notez
/// check`: found in the same read of each note as its dates (`VaultCheck.bodyFindings`).
enum ConflictMarkers {
    /// The 1-based line of the first `<<<<<<< ` that has a `=======` and a `>>>>>>> ` after it.
    static func firstLine(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { text in
            // A marker line starts with seven `<`: without a `<<<<<<<` at a line start there is none.
            guard let first = lineStart(of: 0x3C, in: text, from: 0) else { return nil }
            var line = 1 + text[..<first].lazy.filter { $0 == 0x0A }.count
            var open: Int?
            var separated = false
            var start = first
            while start < text.count {
                var end = start
                while end < text.count, text[end] != 0x0A { end += 1 }
                let count = end - start
                if isMarker(text, start, count, 0x3C) {
                    open = open ?? line
                    separated = false
                } else if open != nil, count <= 8, isRun(text, start, 0x3D, 7) {
                    separated = true
                } else if let first = open, separated, isMarker(text, start, count, 0x3E) {
                    return first
                }
                line += 1
                start = end + 1
            }
            return nil
        }
    }

    /// Whether the line at `start` (of `count` bytes) is seven `byte`s alone or followed by a space.
    private static func isMarker(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int, _ byte: UInt8) -> Bool {
        (count == 7 || (count > 7 && text[start + 7] == 0x20)) && isRun(text, start, byte, 7)
    }

    private static func isRun(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ byte: UInt8, _ length: Int) -> Bool {
        guard start + length <= text.count else { return false }
        for index in start..<start + length where text[index] != byte { return false }
        return true
    }

    /// The first line start at or after `from` where seven `byte`s begin.
    private static func lineStart(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var at = from
        while at + 7 <= text.count {
            if (at == 0 || text[at - 1] == 0x0A) && isRun(text, at, byte, 7) { return at }
            // To the next line: memchr is far faster than a loop over bytes.
            guard let next = memchr(text.baseAddress! + at, 0x0A, text.count - at) else { return nil }
            at = text.baseAddress!.distance(to: next.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return nil
    }
}
