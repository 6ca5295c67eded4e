import Foundation

extension String {
    /// The text without leading and trailing white space (with `newlines`, line breaks too), as
    /// Foundation's `trimmingCharacters(in:)` with `.whitespaces` or `.whitespacesAndNewlines`
    /// gives it. Text that starts and ends with a printable ASCII character (almost every front
    /// matter value) is returned as it is without a trip through `NSString`.
    func trimmingSpaces(newlines: Bool = false) -> String {
        var copy = self
        let untouched = copy.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return true }
            return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
        }
        if untouched { return self }
        return trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
    }
}
