import NotezKit

/// `notez check`'s plain findings as the bytes of their lines (`path:line:col: message`, escaped as
/// `TerminalText.safe` escapes), laid out on all cores: the generated 100,000-note vault has
/// 318,000 findings, and a `String` per line made and copied again was a few percent of `check`.
enum CheckOutput {
    /// The lines of `findings`, in order, in chunks to append one after the other.
    static func lines(_ findings: [VaultCheck.Finding]) -> [[UInt8]] {
        let chunk = 8192
        return Parallel.map((findings.count + chunk - 1) / chunk, minimumChunk: 1) { part -> [UInt8] in
            var out: [UInt8] = []
            out.reserveCapacity(chunk * 64)
            for number in part * chunk..<min(findings.count, (part + 1) * chunk) { append(findings[number], to: &out) }
            return out
        }
    }

    /// Appends one finding's line: its parts copied as they are when none needs escaping (the
    /// separators never do, so the line is then `safe` of `Finding.text`), else `safe(text)`.
    static func append(_ finding: VaultCheck.Finding, to out: inout [UInt8]) {
        let start = out.count
        if !appendPlain(finding.path, to: &out) {
            out.removeSubrange(start...)
            TerminalText.appendSafeLine(finding.text, to: &out)
            return
        }
        if let line = finding.line {
            out.append(0x3A)
            appendNumber(line, to: &out)
            out.append(0x3A)
            appendNumber(finding.column ?? 1, to: &out)
        }
        if out.count > start { out.append(contentsOf: [0x3A, 0x20]) }
        if !appendPlain(finding.message, to: &out) {
            out.removeSubrange(start...)
            TerminalText.appendSafeLine(finding.text, to: &out)
            return
        }
        out.append(0x0A)
    }

    /// Appends `text`'s bytes when none of them needs escaping (the test of `TerminalText.safe`).
    private static func appendPlain(_ text: String, to out: inout [UInt8]) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard ByteText.needsNoEscape(UnsafeRawBufferPointer(bytes)) else { return false }
            out.append(contentsOf: bytes)
            return true
        }
    }

    /// Appends a number in decimal (as `"\(number)"` writes it).
    private static func appendNumber(_ number: Int, to out: inout [UInt8]) {
        out.append(contentsOf: String(number).utf8)
    }
}
