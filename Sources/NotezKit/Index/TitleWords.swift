import Foundation

/// The words of titles and tags, as similarity ranking (`TextSimilarity`) and the title table's word
/// index see them: lower-cased runs of letters and digits of at least two characters, minus a few
/// English stop words. One rule in one place, so the table's word index finds exactly the notes the
/// ranking would find by reading every title.
enum TitleWords {
    static let stopWords: Set<String> = [
        "the", "and", "for", "with", "from", "this", "that", "are", "was", "but", "not", "you", "your", "our", "its", "into",
        "of", "to", "in", "on", "at", "an", "is", "it", "be", "or", "as", "by", "we", "my", "me", "do", "so", "if", "no",
    ]

    static let stopBytes: Set<[UInt8]> = Set(stopWords.map { Array($0.utf8) })

    /// The distinct words of a text.
    static func words(_ text: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if current.count >= 2, !stopWords.contains(current) { result.insert(current) }
                current = ""
            }
        }
        if current.count >= 2, !stopWords.contains(current) { result.insert(current) }
        return result
    }

    /// Calls `body` with each word of `text` as lower-cased UTF-8 bytes: every occurrence in ASCII
    /// text (a byte tokenizer, no allocation per word), each distinct word once in other text.
    /// `buffer` is scratch space the caller keeps between calls.
    static func forEachWord(_ text: String, buffer: inout [UInt8], _ body: ([UInt8]) -> Void) {
        var text = text
        let ascii = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            buffer.removeAll(keepingCapacity: true)
            for byte in bytes {
                switch byte {
                case 0x30...0x39, 0x61...0x7A: buffer.append(byte)
                case 0x41...0x5A: buffer.append(byte | 0x20)
                default:
                    emit(buffer, body)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            emit(buffer, body)
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        if ascii { return }
        for word in words(text) { body(Array(word.utf8)) }
    }

    private static func emit(_ word: [UInt8], _ body: ([UInt8]) -> Void) {
        guard word.count >= 2, !stopBytes.contains(word) else { return }
        body(word)
    }
}
