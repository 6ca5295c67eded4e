internal import CYAML

/// Runs libyaml's event parser over a byte slice and returns its events with byte offsets.
///
/// libyaml's `mark.index` counts characters (code points; CRLF counts as two), so offsets are
/// converted through a table of the slice's code point starts. The slice must not start with a BOM.
enum YAMLEventReader {
    /// The deepest nesting of collections accepted; deeper input is an error, not a stack risk.
    static let maxDepth = 64

    /// Parses `bytes` and returns every event, or the first error (line and column 0-based in the
    /// slice). The parser comes from `pool`; without one, a new parser is made and freed (for tests).
    static func events(of bytes: [UInt8], pool: YAMLParserPool? = .shared) -> Result<[YAMLEvent], YAMLError> {
        // ASCII (most front matter) has a code point per byte: no table.
        let ascii = ASCIIBytes.only(bytes[...])
        let byteOffsetOfChar = ascii ? [] : codePointStarts(bytes)
        func byteOffset(_ charIndex: Int) -> Int {
            if ascii { return min(charIndex, bytes.count) }
            return charIndex < byteOffsetOfChar.count ? byteOffsetOfChar[charIndex] : bytes.count
        }

        guard let parser = pool?.take() ?? YAMLParserPool.made() else {
            return .failure(YAMLError(line: 0, column: 0, message: "cannot initialize the YAML parser"))
        }
        defer {
            if let pool {
                pool.give(parser)
            } else {
                YAMLParserPool.delete(parser)
            }
        }

        return bytes.withUnsafeBufferPointer { buffer -> Result<[YAMLEvent], YAMLError> in
            // An empty buffer's base address may be nil; libyaml wants a valid pointer.
            var empty: UInt8 = 0
            let base = buffer.baseAddress ?? withUnsafePointer(to: &empty) { $0 }
            yaml_parser_set_input_string(parser, base, buffer.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)

            var result: [YAMLEvent] = []
            // Room for a usual front matter's events at once, not grown from one by doubling.
            result.reserveCapacity(min(64, 8 + buffer.count / 8))
            var depth = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) == 1 else {
                    return .failure(parserError(parser.pointee))
                }
                defer { yaml_event_delete(&event) }
                let startMark = event.start_mark
                var item = YAMLEvent(
                    kind: .streamEnd,
                    start: byteOffset(Int(startMark.index)),
                    end: byteOffset(Int(event.end_mark.index)),
                    line: Int(startMark.line),
                    column: Int(startMark.column)
                )
                switch event.type {
                case YAML_STREAM_START_EVENT: item.kind = .streamStart
                case YAML_STREAM_END_EVENT: item.kind = .streamEnd
                case YAML_DOCUMENT_START_EVENT: item.kind = .documentStart
                case YAML_DOCUMENT_END_EVENT: item.kind = .documentEnd
                case YAML_ALIAS_EVENT:
                    item.kind = .alias
                    item.anchor = string(event.data.alias.anchor)
                case YAML_SCALAR_EVENT:
                    item.kind = .scalar
                    let scalar = event.data.scalar
                    item.value =
                        scalar.value.map {
                            String(decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self)
                        } ?? ""
                    item.anchor = string(scalar.anchor)
                    item.tag = string(scalar.tag)
                    item.style = style(scalar.style)
                case YAML_SEQUENCE_START_EVENT:
                    item.kind = .sequenceStart
                    item.anchor = string(event.data.sequence_start.anchor)
                    item.tag = string(event.data.sequence_start.tag)
                    item.isFlow = event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE
                    depth += 1
                case YAML_SEQUENCE_END_EVENT:
                    item.kind = .sequenceEnd
                    depth -= 1
                case YAML_MAPPING_START_EVENT:
                    item.kind = .mappingStart
                    item.anchor = string(event.data.mapping_start.anchor)
                    item.tag = string(event.data.mapping_start.tag)
                    item.isFlow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                    depth += 1
                case YAML_MAPPING_END_EVENT:
                    item.kind = .mappingEnd
                    depth -= 1
                default:
                    continue
                }
                if depth > maxDepth {
                    return .failure(
                        YAMLError(
                            line: item.line, column: item.column,
                            message: "nesting deeper than \(maxDepth) levels"))
                }
                // Swapped into the array, not copied: a copy retained and released each of its strings.
                result.append(YAMLEvent(kind: item.kind, start: 0, end: 0, line: 0, column: 0))
                swap(&result[result.count - 1], &item)
                if result[result.count - 1].kind == .streamEnd { return .success(result) }
            }
        }
    }

    /// Byte offsets of each code point start, plus a final entry for the end.
    static func codePointStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(bytes.count + 1)
        for (offset, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 {
            starts.append(offset)
        }
        starts.append(bytes.count)
        return starts
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLEvent.ScalarStyle {
        switch style {
        case YAML_PLAIN_SCALAR_STYLE: return .plain
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .any
        }
    }

    private static func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        let message = context.map { "\(problem) \($0)" } ?? problem
        return YAMLError(
            line: Int(parser.problem_mark.line), column: Int(parser.problem_mark.column), message: message)
    }
}
