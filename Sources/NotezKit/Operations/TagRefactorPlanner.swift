import Foundation

/// Plans of the vault-wide tag refactorings (docs/commands.md): `tag rename`, `tag merge`,
/// `tag delete`. Each note gets one edit step made of the surgical editor's edits (so quoting, list
/// style and every other byte stay), the registry follows, and `details` records what undo needs
/// (`TagOperationDetails`).
public enum TagRefactorPlanner {
    /// Progress of planning: (files read, total).
    public typealias Progress = @Sendable (Int, Int) -> Void

    /// `tag rename OLD NEW [--exact]`.
    ///
    /// Renames the tag and (unless `exact`) its children (`project/alpha` → `NEW/alpha`). A case-only
    /// rename rewrites every other spelling. Renaming onto a tag that exists is refused with a pointer
    /// to `tag merge`, and so is a child rename that would land on an existing tag.
    public static func rename(
        _ oldRaw: String, to newRaw: String, exact: Bool = false, frontMatterOnly: Bool = false, index: VaultIndex,
        files: any VaultFiles, progress: Progress? = nil
    ) throws(NotezError) -> Plan {
        let oldName = try TagName.validated(oldRaw)
        let newName = try TagName.validated(newRaw)
        let oldKey = TagKey(oldName)
        let newKey = TagKey(newName)
        var builder = PlanBuilder(
            index: index, files: files, operation: "tag rename",
            arguments: [oldRaw, newRaw] + (exact ? ["--exact"] : []) + (frontMatterOnly ? ["--frontmatter-only"] : []))
        let renamed = knownKeys(index).filter { $0 == oldKey || (!exact && $0.isSelfOrDescendant(of: oldKey)) }
            .sorted { ($0 == oldKey ? 0 : 1, $0.rawValue) < ($1 == oldKey ? 0 : 1, $1.rawValue) }
        guard !renamed.isEmpty else { throw .usage("no tag '\(oldRaw)'; see the tags with 'notez tag list'") }
        let renamedSet = Set(renamed)
        let oldLevels = oldName.split(separator: "/", omittingEmptySubsequences: false).count
        var target: [TagKey: String] = [:]
        for key in renamed {
            let spelled = displayName(key, index)
            let suffix = spelled.split(separator: "/", omittingEmptySubsequences: false).dropFirst(oldLevels)
            target[key] = ([newName] + suffix.map(String.init)).joined(separator: "/")
        }
        // Collisions: the new name of any renamed tag must not already be another tag.
        for key in renamed {
            let newOne = TagKey(target[key]!)
            guard newOne != key, exists(newOne, index), !renamedSet.contains(newOne) else { continue }
            let existing = displayName(newOne, index)
            if key == oldKey {
                throw .refused(
                    "tag '\(existing)' already exists; renaming '\(displayName(key, index))' onto it would merge "
                        + "the two tags: use `notez tag merge \(shellQuoted(displayName(key, index))) --into \(shellQuoted(existing))`")
            }
            throw .refused(
                "renaming '\(oldName)' would rename its child '\(displayName(key, index))' to '\(target[key]!)', "
                    + "which already exists; merge them first (`notez tag merge \(shellQuoted(displayName(key, index))) "
                    + "--into \(shellQuoted(existing))`) or rename with --exact")
        }
        // Apply order inside a note: a tag whose new name is another renamed tag goes after that one.
        var order: [TagKey] = []
        var remaining = renamed
        while !remaining.isEmpty {
            let pick =
                remaining.firstIndex { key in
                    let goal = TagKey(target[key]!)
                    return goal == key || !remaining.contains(goal)
                } ?? 0
            order.append(remaining.remove(at: pick))
        }

        if !frontMatterOnly {
            // An inline #tag must stay one: refuse names it cannot be written as, before any change.
            for key in renamed where !InlineTagScanner.isWritable(target[key]!) {
                let inline = notePositions([key], index).filter { has(key, .inline, in: index.notes[$0]) }
                guard let first = inline.first else { continue }
                throw .refused(
                    "'\(target[key]!)' cannot be written as an inline #tag, and '\(displayName(key, index))' is written inline in "
                        + "\(countText(inline.count)) (first: \(index.notes[first].path)); choose another name or rename only the "
                        + "front matter with --frontmatter-only")
            }
        }
        var requests: [BatchEditPlanner.Request] = []
        for position in notePositions(renamedSet, index) {
            let note = index.notes[position]
            let inFrontMatter = order.filter { has($0, .frontMatter, in: note) }
            let inline = frontMatterOnly ? [] : order.filter { has($0, .inline, in: note) }
            guard !inFrontMatter.isEmpty || !inline.isEmpty else { continue }
            let edits =
                inFrontMatter.map { FrontMatterEdit.replaceTag($0, with: target[$0]!) }
                + inline.map { FrontMatterEdit.replaceInlineTag($0, with: target[$0]!) }
            let inverse =
                inline.reversed().map { FrontMatterEdit.replaceInlineTag(TagKey(target[$0]!), with: spelling(of: $0, in: note)) }
                + inFrontMatter.reversed().flatMap { key -> [FrontMatterEdit] in
                    let spelled = spelling(of: key, in: note)
                    return [.replaceTag(TagKey(target[key]!), with: spelled), .addTags([spelled])]
                }
            requests.append(.init(path: note.path, edits: edits, inverse: inverse))
        }
        let outcome = add(requests, to: &builder, progress: progress)
        builder.plan.skipped += unreadableNotes(builder.index)

        var sources: [TagOperationDetails.Source] = []
        for key in renamed {
            let entry = index.registry.entry(for: key)
            sources.append(
                .init(
                    name: displayName(key, index), color: entry?.color?.text, registered: entry != nil,
                    notes: notePaths(key, index), renamedTo: target[key]))
        }
        builder.plan.details = TagOperationDetails(kind: .rename, sources: sources).encoded

        var registry = index.registry
        for position in registry.entries.indices where renamedSet.contains(TagKey(registry.entries[position].name)) {
            registry.entries[position].name = target[TagKey(registry.entries[position].name)]!
        }
        if registry != index.registry { try builder.writeState(".notez/tags.yaml", text: registry.rendered()) }

        let children = sources.filter { TagKey($0.name) != oldKey }
        if let main = sources.first(where: { TagKey($0.name) == oldKey }) {
            if newKey == oldKey {
                // The shown spelling may already be the new one: then only the other spellings change.
                let what = main.name == newName ? "every other spelling of '\(main.name)'" : "'\(main.name)', in every spelling,"
                builder.plan.messages.append(
                    "case-only rename: \(what) becomes '\(newName)' (\(countText(main.notes.count)) have the tag)")
            } else {
                builder.plan.messages.append("rename '\(main.name)' → '\(main.renamedTo!)': \(countText(main.notes.count))")
            }
        } else {
            builder.plan.messages.append("'\(oldName)' itself is on no note and not registered; only its child tags are renamed")
        }
        if !children.isEmpty {
            builder.plan.messages.append(
                "also renames its child tags (--exact renames only '\(oldName)'): "
                    + children.map { "'\($0.name)' → '\($0.renamedTo!)' (\(countText($0.notes.count)))" }.joined(separator: ", "))
        }
        inlineMessage(renamedSet, frontMatterOnly: frontMatterOnly, index: index, plan: &builder.plan)
        builder.plan.messages.append("\(outcome.steps.count) file\(plural(outcome.steps.count)) change")
        return builder.plan
    }

    /// `tag merge SRC... --into DST`: every note with a source gets DST once and loses the sources;
    /// the sources leave the registry.
    ///
    /// A note without DST gets `replaceTag(first source, DST)` (DST takes the place of the source that
    /// comes first in that note: one changed line) and loses the other sources; a note that has DST
    /// already only loses the sources. Children of a source are not merged (the plan says so).
    public static func merge(
        _ sourcesRaw: [String], into targetRaw: String, frontMatterOnly: Bool = false, index: VaultIndex,
        files: any VaultFiles, progress: Progress? = nil
    ) throws(NotezError) -> Plan {
        guard !sourcesRaw.isEmpty else { throw .usage("give at least one tag to merge") }
        let targetClean = try TagName.validated(targetRaw)
        let targetKey = TagKey(targetClean)
        let targetName = index.displayName(of: targetKey) ?? targetClean
        var builder = PlanBuilder(
            index: index, files: files, operation: "tag merge",
            arguments: sourcesRaw + ["--into", targetRaw] + (frontMatterOnly ? ["--frontmatter-only"] : []))
        var sourceKeys: [TagKey] = []
        for raw in sourcesRaw {
            let key = TagKey(try TagName.validated(raw))
            if key == targetKey { throw .usage("cannot merge '\(raw)' into itself") }
            if !sourceKeys.contains(key) { sourceKeys.append(key) }
        }
        let unknown = sourceKeys.filter { !exists($0, index) }
        if !unknown.isEmpty {
            throw .usage(
                "no tag " + unknown.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    + (unknown.count == sourceKeys.count ? "; nothing to merge" : "") + "; see the tags with 'notez tag list'")
        }
        let sourceSet = Set(sourceKeys)
        if !frontMatterOnly, !InlineTagScanner.isWritable(targetName),
            let first = notePositions(sourceSet, index).first(where: { position in
                sourceKeys.contains { has($0, .inline, in: index.notes[position]) }
            })
        {
            throw .refused(
                "'\(targetName)' cannot be written as an inline #tag, and a source tag is written inline "
                    + "(first: \(index.notes[first].path)); merge into another name or merge only the front matter with --frontmatter-only")
        }
        var requests: [BatchEditPlanner.Request] = []
        var hadTarget: Set<PathKey> = []
        for position in notePositions(sourceSet, index) {
            let note = index.notes[position]
            var present: [TagKey] = []
            for key in note.tagKeys where sourceSet.contains(key) && has(key, .frontMatter, in: note) && !present.contains(key) {
                present.append(key)
            }
            // Inline `#source` becomes `#target` where it stands.
            let inline = frontMatterOnly ? [] : sourceKeys.filter { has($0, .inline, in: note) }
            guard !present.isEmpty || !inline.isEmpty else { continue }
            let inlineEdits = inline.map { FrontMatterEdit.replaceInlineTag($0, with: targetName) }
            let inlineInverse = inline.reversed().map { FrontMatterEdit.replaceInlineTag(targetKey, with: spelling(of: $0, in: note)) }
            let spellings = present.map { spelling(of: $0, in: note) }
            if note.tagKeys.contains(targetKey) {
                hadTarget.insert(PathKey(note.path))
                requests.append(
                    .init(
                        path: note.path, edits: (present.isEmpty ? [] : [.removeTags(present)]) + inlineEdits,
                        inverse: inlineInverse + (present.isEmpty ? [] : [.addTags(spellings)])))
            } else if present.isEmpty {
                requests.append(.init(path: note.path, edits: inlineEdits, inverse: inlineInverse))
            } else {
                var edits: [FrontMatterEdit] = [.replaceTag(present[0], with: targetName)]
                if present.count > 1 { edits.append(.removeTags(Array(present.dropFirst()))) }
                requests.append(
                    .init(
                        path: note.path, edits: edits + inlineEdits,
                        inverse: inlineInverse + [.replaceTag(targetKey, with: spellings[0]), .addTags(spellings)]))
            }
        }
        let outcome = add(requests, to: &builder, progress: progress)
        builder.plan.skipped += unreadableNotes(builder.index)

        var sources: [TagOperationDetails.Source] = []
        for key in sourceKeys {
            let entry = index.registry.entry(for: key)
            let paths = notePaths(key, index)
            sources.append(
                .init(
                    name: displayName(key, index), color: entry?.color?.text, registered: entry != nil,
                    notes: paths, hadTarget: paths.filter { hadTarget.contains(PathKey($0)) }))
        }
        builder.plan.details = TagOperationDetails(kind: .merge, target: targetName, sources: sources).encoded

        var registry = index.registry
        registry.entries.removeAll { sourceSet.contains(TagKey($0.name)) }
        if registry != index.registry { try builder.writeState(".notez/tags.yaml", text: registry.rendered()) }

        builder.plan.messages.append(
            "merge into '\(targetName)': "
                + sources.map { "'\($0.name)' is on \(countText($0.notes.count))" }.joined(separator: ", "))
        let touched = requests.count
        builder.plan.messages.append(
            "\(countText(touched)) will have '\(targetName)' (\(hadTarget.count) had it already); "
                + "\(outcome.steps.count) file\(plural(outcome.steps.count)) change")
        noteChildren(sourceKeys, index: index, verb: "merged", plan: &builder.plan)
        inlineMessage(sourceSet, frontMatterOnly: frontMatterOnly, index: index, plan: &builder.plan)
        return builder.plan
    }

    /// `tag delete TAG...`: removes the tags (exactly, not their children) from every note and from
    /// the registry, after a confirmation that says how many notes it touches.
    public static func delete(
        _ tagsRaw: [String], frontMatterOnly: Bool = false, index: VaultIndex, files: any VaultFiles,
        progress: Progress? = nil
    ) throws(NotezError) -> Plan {
        guard !tagsRaw.isEmpty else { throw .usage("give at least one tag to delete") }
        var builder = PlanBuilder(
            index: index, files: files, operation: "tag delete", arguments: tagsRaw + (frontMatterOnly ? ["--frontmatter-only"] : []))
        var keys: [TagKey] = []
        for raw in tagsRaw {
            let key = TagKey(try TagName.validated(raw))
            if !keys.contains(key) { keys.append(key) }
        }
        let unknown = keys.filter { !exists($0, index) }
        if !unknown.isEmpty {
            throw .usage("no tag " + unknown.map { "'\($0.rawValue)'" }.joined(separator: ", ") + "; see the tags with 'notez tag list'")
        }
        let keySet = Set(keys)
        var requests: [BatchEditPlanner.Request] = []
        for position in notePositions(keySet, index) {
            let note = index.notes[position]
            var present: [TagKey] = []
            for key in note.tagKeys where keySet.contains(key) && has(key, .frontMatter, in: note) && !present.contains(key) {
                present.append(key)
            }
            let inline = frontMatterOnly ? [] : keys.filter { has($0, .inline, in: note) }
            guard !present.isEmpty || !inline.isEmpty else { continue }
            // A deleted inline tag cannot be put back by a semantic inverse: its undo relies on the
            // journaled whole file (`WholeFileChange`) and adds the tag to the front matter otherwise.
            requests.append(
                .init(
                    path: note.path,
                    edits: (present.isEmpty ? [] : [.removeTags(present)]) + (inline.isEmpty ? [] : [.removeInlineTags(inline)]),
                    inverse: [.addTags((present + inline.filter { !present.contains($0) }).map { spelling(of: $0, in: note) })]))
        }
        let outcome = add(requests, to: &builder, progress: progress)
        builder.plan.skipped += unreadableNotes(builder.index)
        var sources: [TagOperationDetails.Source] = []
        for key in keys {
            let entry = index.registry.entry(for: key)
            sources.append(
                .init(
                    name: displayName(key, index), color: entry?.color?.text, registered: entry != nil,
                    notes: notePaths(key, index)))
        }
        builder.plan.details = TagOperationDetails(kind: .delete, sources: sources).encoded
        var registry = index.registry
        registry.entries.removeAll { keySet.contains(TagKey($0.name)) }
        if registry != index.registry { try builder.writeState(".notez/tags.yaml", text: registry.rendered()) }

        let names = sources.map { "'\($0.name)'" }.joined(separator: ", ")
        builder.plan.messages.append(
            "delete " + sources.map { "'\($0.name)' (on \(countText($0.notes.count)))" }.joined(separator: ", ")
                + "; \(outcome.steps.count) file\(plural(outcome.steps.count)) change")
        noteChildren(keys, index: index, verb: "deleted", plan: &builder.plan)
        inlineMessage(keySet, frontMatterOnly: frontMatterOnly, index: index, plan: &builder.plan)
        builder.plan.confirmation =
            "Delete tag\(keys.count == 1 ? "" : "s") \(names) from \(countText(requests.count))"
            + (sources.contains(where: \.registered) ? " and from the registry" : "") + "? (`notez undo` can reverse it.)"
        return builder.plan
    }

    // MARK: - Helpers

    /// Plans the note edits and adds the steps, previews and skipped files to the plan.
    static func add(_ requests: [BatchEditPlanner.Request], to builder: inout PlanBuilder, progress: Progress?) -> BatchEditPlanner.Outcome
    {
        let outcome = BatchEditPlanner.plan(requests, files: builder.files, symlinked: builder.index.symlinkedNotes, progress: progress)
        builder.plan.steps += outcome.steps
        builder.plan.previews.merge(outcome.previews) { $1 }
        builder.plan.skipped += outcome.skipped
        builder.plan.skipped += outcome.missing.map { FileIssue(path: $0, reason: "the file no longer exists") }
        return outcome
    }

    /// Notes that could not be read: they may carry the tag, so a refactoring reports them as left
    /// alone (and the run as partial) instead of passing over them in silence.
    static func unreadableNotes(_ index: VaultIndex) -> [FileIssue] {
        let notes = index.notes.compactMap { note -> FileIssue? in
            guard let problem = note.problem, problem.kind == .unreadable else { return nil }
            return FileIssue(path: note.path, reason: "could not be read (\(problem.message)); it may still have the tag")
        }
        return notes
            + index.walkProblems.map { FileIssue(path: $0.path, reason: "could not be read (\($0.problem.message)); it may still have the tag") }
    }

    /// Every tag key used by a note or registered.
    static func knownKeys(_ index: VaultIndex) -> [TagKey] {
        Array(Set(index.notesByTag.keys).union(index.registry.entries.map { TagKey($0.name) }))
    }

    static func exists(_ key: TagKey, _ index: VaultIndex) -> Bool {
        !(index.notesByTag[key] ?? []).isEmpty || index.registry.entry(for: key) != nil
    }

    static func displayName(_ key: TagKey, _ index: VaultIndex) -> String {
        index.displayName(of: key) ?? key.rawValue
    }

    /// Positions of the notes that have any of the keys, in path order.
    static func notePositions(_ keys: Set<TagKey>, _ index: VaultIndex) -> [Int] {
        var positions: Set<Int> = []
        for key in keys { positions.formUnion(index.notesByTag[key] ?? []) }
        return positions.sorted()
    }

    static func notePaths(_ key: TagKey, _ index: VaultIndex) -> [String] {
        Array(Set(index.notesByTag[key] ?? [])).sorted().map { index.notes[$0].path }
    }

    /// A line saying how many notes write the tags inline and what happens to those #tags.
    static func inlineMessage(_ keys: Set<TagKey>, frontMatterOnly: Bool, index: VaultIndex, plan: inout Plan) {
        let count = notePositions(keys, index).filter { position in keys.contains { has($0, .inline, in: index.notes[position]) } }.count
        guard count > 0 else { return }
        plan.messages.append(
            frontMatterOnly
                ? "--frontmatter-only: inline #tags left as they are in \(countText(count))"
                : "inline #tags are rewritten too in \(countText(count)) (--frontmatter-only leaves them)")
    }

    /// True when the note has the tag written where `origin` says.
    static func has(_ key: TagKey, _ origin: TagOrigin, in note: Note) -> Bool {
        guard let position = note.tagKeys.firstIndex(of: key) else { return false }
        return note.origin(ofTagAt: position).contains(origin)
    }

    /// How the note spells a tag.
    static func spelling(of key: TagKey, in note: Note) -> String {
        note.tagKeys.firstIndex(of: key).map { note.tags[$0] } ?? key.rawValue
    }

    /// A note in the plan about child tags that an exact operation leaves alone.
    static func noteChildren(_ keys: [TagKey], index: VaultIndex, verb: String, plan: inout Plan) {
        let keySet = Set(keys)
        let children = knownKeys(index).filter { child in
            !keySet.contains(child) && keys.contains { child.isSelfOrDescendant(of: $0) }
        }.sorted()
        guard !children.isEmpty else { return }
        plan.messages.append("child tags are not \(verb): " + children.map { "'\(displayName($0, index))'" }.joined(separator: ", "))
    }

    static func countText(_ count: Int) -> String { "\(count) note\(plural(count))" }

    static func plural(_ count: Int) -> String { count == 1 ? "" : "s" }

    /// A word for a shell command line: quoted when it has spaces or shell characters.
    public static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) || "-_./:@%+=,".unicodeScalars.contains(scalar)
        }
        if plain, !word.isEmpty { return word }
        return "\""
            + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "$", with: "\\$").replacingOccurrences(of: "`", with: "\\`") + "\""
    }
}
