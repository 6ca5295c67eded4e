import NotezKit

/// The front matter reader on any bytes: no crash, block ranges that fit together, a prefix read
/// that agrees with the whole file, event offsets inside the slice, entries that index real events.
/// notez's own YAML files (`YAMLValue.parse`) get the same bytes, since they share libyaml.
enum FrontMatterFuzzCheck {
    static func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        let whole = FrontMatterBlock.scan(bytes, isComplete: true)
        try checkScan(whole, bytes)
        // NoteReader reads a prefix first; whatever a prefix finds must be what the whole file has.
        for cut in [bytes.count, bytes.count / 2, min(bytes.count, 7)] {
            let prefix = Array(bytes[..<cut])
            let partial = FrontMatterBlock.scan(prefix, isComplete: false)
            try checkScan(partial, prefix)
            switch partial {
            case .block, .tooLarge:
                guard partial == whole else {
                    throw FuzzFailure("a \(cut)-byte prefix scans as \(partial), the whole file as \(whole)")
                }
            case .none(let start):
                guard case .none(start) = whole else {
                    throw FuzzFailure("a \(cut)-byte prefix has no front matter, the whole file has \(whole)")
                }
            case .unterminated:
                break
            }
        }
        if case .block(let block) = whole {
            try checkDocument(Array(bytes[block.yaml]), sliceStart: block.yaml.lowerBound)
        }
        let stamp = FileStamp(inode: 1, size: Int64(bytes.count), mtimeNanos: 0)
        let note = NoteReader.parse(
            NoteReader.Contents(bytes: bytes, isComplete: true, stamp: stamp), relativePath: "fuzz.md")
        if note.problem == nil, case .block = whole, note.title.isEmpty {
            throw FuzzFailure("a note without problems has an empty title")
        }
        // The editor's reader must refuse or map, never crash.
        _ = try? FrontMatterSpanMap.read(bytes)
        _ = YAMLValue.parse(bytes)
    }

    static func checkScan(_ scan: FrontMatterBlock.Scan, _ bytes: [UInt8]) throws(FuzzFailure) {
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        switch scan {
        case .none(let start):
            guard start == bomLength else { throw FuzzFailure("body starts at \(start), BOM length is \(bomLength)") }
        case .block(let block):
            guard block.hasBOM == (bomLength == 3), block.opening.lowerBound == bomLength,
                block.opening.upperBound == block.yaml.lowerBound, block.yaml.upperBound == block.closing.lowerBound,
                block.closing.upperBound <= bytes.count, !block.closing.isEmpty
            else { throw FuzzFailure("block ranges do not fit together: \(block) in \(bytes.count) bytes") }
            guard block.yaml.count <= FrontMatterBlock.maxSize else {
                throw FuzzFailure("a block of \(block.yaml.count) bytes is over the \(FrontMatterBlock.maxSize) limit")
            }
        case .unterminated, .tooLarge:
            break
        }
    }

    static func checkDocument(_ slice: [UInt8], sliceStart: Int) throws(FuzzFailure) {
        guard case .success(let document) = FrontMatterDocument.parse(slice, sliceStart: sliceStart) else { return }
        let events = document.events
        for event in events {
            guard 0 <= event.start, event.start <= event.end, event.end <= slice.count else {
                throw FuzzFailure("event \(event.kind) at \(event.start)..<\(event.end) outside a \(slice.count)-byte slice")
            }
        }
        var previousEnd = -1
        for entry in document.entries {
            guard entry.keyEvent > previousEnd, entry.keyEvent < entry.valueEvents.lowerBound,
                entry.valueEvents.upperBound <= events.count, !entry.valueEvents.isEmpty
            else { throw FuzzFailure("entry '\(entry.key)' has event indices out of order: \(entry)") }
            previousEnd = entry.valueEvents.upperBound - 1
        }
        _ = NoteMetadata(document: document)
        _ = document.duplicateKeys
    }
}
