extension FrontMatterEditor {
    /// Parses the edited bytes and refuses unless only the intended values changed.
    ///
    /// Checked: the bytes before the YAML (BOM, opening line) and from the closing line on (the body) are
    /// identical; every event outside the targeted entries is the same (kind, value, quoting, flow or
    /// block, anchor, tag) and in the same place; appended keys are exactly the intended ones; and the
    /// intent's own check (the values read back as intended) passes.
    static func verify(before: [UInt8], map: FrontMatterSpanMap?, after: [UInt8], intent: EditIntent)
        throws(EditRefusal)
    {
        func fail(_ message: String) -> EditRefusal {
            EditRefusal("edit refused, the result would not be as intended: \(message)", line: 1, column: 1)
        }
        guard case .block(let block) = FrontMatterBlock.scan(after) else {
            throw fail("the front matter block is no longer found")
        }
        guard
            case .success(let document) = FrontMatterDocument.parse(
                Array(after[block.yaml]), sliceStart: block.yaml.lowerBound)
        else { throw fail("the edited front matter does not parse") }
        let originalEntries = map?.document.entries ?? []
        if let map {
            guard after[..<block.yaml.lowerBound] == before[..<map.block.yaml.lowerBound],
                after[block.closing.lowerBound...] == before[map.block.closing.lowerBound...]
            else { throw fail("bytes outside the front matter changed") }
        } else {
            let bodyStart = before.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            guard after[..<bodyStart] == before[..<bodyStart], after[block.bodyStart...] == before[bodyStart...],
                block.hasBOM == (bodyStart == 3)
            else { throw fail("the body changed") }
        }
        let kept = originalEntries.count - (intent.removed == nil ? 0 : 1)
        guard document.entries.count == kept + intent.appended.count else {
            throw fail("the number of keys changed")
        }
        if let map, let firstOld = originalEntries.first, let firstNew = document.entries.first {
            let old = map.document.events
            let new = document.events
            guard same(old[..<firstOld.keyEvent], new[..<firstNew.keyEvent]),
                same(
                    old[originalEntries.last!.valueEvents.upperBound...],
                    new[document.entries.last!.valueEvents.upperBound...])
            else { throw fail("the document structure changed") }
            for (index, oldEntry) in originalEntries.enumerated() where index != intent.removed {
                let newEntry = document.entries[intent.removed.map { index > $0 ? index - 1 : index } ?? index]
                guard same(old[oldEntry.keyEvent..<(oldEntry.keyEvent + 1)], new[newEntry.keyEvent..<(newEntry.keyEvent + 1)])
                else { throw fail("key '\(oldEntry.key)' changed") }
                if !intent.targets.contains(index),
                    !same(old[oldEntry.valueEvents], new[newEntry.valueEvents])
                {
                    throw fail("the value of '\(oldEntry.key)' changed")
                }
            }
        }
        for (offset, key) in intent.appended.enumerated() {
            guard document.entries[kept + offset].key.lowercased() == key else {
                throw fail("the added key is not '\(key)'")
            }
        }
        if let message = intent.check(document) { throw fail(message) }
    }

    /// Event lists equal in everything but position.
    static func same(_ lhs: ArraySlice<YAMLEvent>, _ rhs: ArraySlice<YAMLEvent>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { a, b in
            a.kind == b.kind && a.value == b.value && a.style == b.style && a.isFlow == b.isFlow
                && a.anchor == b.anchor && a.tag == b.tag
        }
    }
}
