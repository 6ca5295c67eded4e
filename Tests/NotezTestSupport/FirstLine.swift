import Foundation

/// The first line a child process writes to a pipe (`notez serve: URL`), read as it arrives.
public enum FirstLine {
    /// Reads `pipe` until a newline or its end; returns the first line, or nil when none came.
    public static func read(_ pipe: Pipe) -> (line: Substring?, text: String) {
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return (text.split(separator: "\n").first, text)
    }
}
