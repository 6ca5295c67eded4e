/// Plans of capture: `new` with a template and typed properties, the day's note, and `set`.
public enum CapturePlanner {
    /// What `notez new` asks for.
    public struct Request: Sendable {
        /// The title (the file name is made from it).
        public var title: String
        /// The destination folder ("" is the root).
        public var folder: String
        /// Tags to add.
        public var tags: [String] = []
        /// Whether to pin the note.
        public var pinned = false
        /// The body text (stdin or `--body`): the template's `{{stdin}}`, or the body without a template.
        public var body = ""
        /// `--prop key=value` pairs in order.
        public var properties: [(key: String, value: String)] = []

        /// A request.
        public init(title: String, folder: String) {
            self.title = title
            self.folder = folder
        }
    }

    /// A new note from `template` (nil: notez's plain new note) with the request's tags, pin and
    /// properties; the path is in `plan.details["created"]`. Property values are checked against the
    /// folder's schema (a bad value is an error); required properties still missing are a warning.
    public static func new(
        _ request: Request, template: NoteTemplate?, settings: CaptureSettings, time: LocalTime,
        index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> Plan {
        let folder = try VaultPath.validated(request.folder)
        guard files.kind(folder) == .folder else { throw .folderNotFound(request.folder) }
        var builder = PlanBuilder(index: index, files: files, operation: "new", arguments: [request.title])
        let schema = settings.schema(forFolder: folder)
        var edits: [FrontMatterEdit] = []
        var typed: [String: String] = [:]
        for (key, value) in request.properties {
            let text = try propertyText(key: key, value: value, schema: schema, option: "--prop")
            guard let text else { continue }
            edits.append(.setProperty(key, text: " " + text))
            typed[key] = value
        }
        var cleanTags: [String] = []
        var keys: Set<TagKey> = []
        for raw in request.tags {
            let tag = try TagName.validated(raw)
            if keys.insert(TagKey(tag)).inserted { cleanTags.append(tag) }
        }
        let stem = NoteNaming.stem(for: request.title)
        var text: String
        if let template {
            text = try template.render(
                NoteTemplate.Values(title: request.title, folder: folder, stdin: request.body, properties: typed, time: time))
            if !cleanTags.isEmpty { edits.insert(.addTags(cleanTags), at: 0) }
            if request.pinned { edits.insert(.setPinned(true), at: 0) }
        } else {
            text = NoteNaming.newNoteText(
                title: request.title, stem: stem, tags: cleanTags, pinned: request.pinned, body: request.body, now: time.seconds)
        }
        if !edits.isEmpty {
            do {
                text = String(decoding: try NoteEditor.apply(edits, to: Array(text.utf8)), as: UTF8.self)
            } catch {
                throw .unreadable(path: template?.path ?? "new note", reason: "cannot set the note's front matter: \(error.description)")
            }
        }
        let path = builder.freePath(folder: folder, name: stem + ".md")
        if path != VaultPath.join(folder, stem + ".md") {
            builder.plan.messages.append("a note named '\(stem).md' exists; created '\(VaultPath.name(of: path))'")
        }
        for problem in PropertyCheck.problems(in: Array(text.utf8), schema: schema) {
            builder.plan.messages.append("warning: \(path): \(problem.description) (notez check reports it)")
        }
        builder.plan.steps.append(.write(path, contents: text, previous: nil))
        builder.plan.previews[PathKey(path)] = Plan.Preview(before: [], after: Array(text.utf8))
        builder.plan.details["created"] = [path]
        if let template { builder.plan.details["template"] = [template.name] }
        builder.warnIfIgnored(path)
        return builder.plan
    }

    /// The day's note: its path, and a plan creating it (and its folder) when it does not exist yet
    /// (nil when it does). `day` is noon of the day in the local zone; `now` fills `{{time}}`.
    public static func daily(
        day: LocalTime, now: LocalTime, template: NoteTemplate?, settings: CaptureSettings,
        index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> (path: String, plan: Plan?) {
        let name = DailyName.format(settings.daily.format, day: day)
        try VaultPath.validateName(name + ".md")
        let folder = try VaultPath.validated(settings.daily.folder)
        let path = VaultPath.join(folder, name + ".md")
        switch files.kind(path) {
        case .file: return (path, nil)
        case nil: break
        case .some(let other):
            throw .refused("'\(path)' exists and is not a regular file (\(other)); the day's note is not created")
        }
        var builder = PlanBuilder(index: index, files: files, operation: "daily", arguments: [day.date])
        var walked = ""
        for component in folder.split(separator: "/").map(String.init) {
            walked = VaultPath.join(walked, component)
            switch files.kind(walked) {
            case .folder: continue
            case nil: builder.plan.steps.append(.createFolder(walked))
            case .some:
                throw .refused("'\(walked)' is not a folder; the day's note cannot be created in it")
            }
        }
        let text: String
        if let template {
            var values = NoteTemplate.Values(title: name, folder: folder, stdin: "", properties: [:], time: now)
            values.day = day.date
            text = try template.render(values)
        } else {
            text = NoteNaming.newNoteText(title: name, stem: name, tags: [], pinned: false, body: "", now: now.seconds)
        }
        builder.plan.steps.append(.write(path, contents: text, previous: nil))
        builder.plan.previews[PathKey(path)] = Plan.Preview(before: [], after: Array(text.utf8))
        builder.plan.details["created"] = [path]
        builder.warnIfIgnored(path)
        return (path, builder.plan)
    }

    /// `set NOTE key=value...`: typed against the note's folder schema; `key=` removes the key.
    /// Undo restores the previous values (a removed key comes back at the end of the front matter).
    public static func set(
        _ assignments: [(key: String, value: String)], note argument: String, settings: CaptureSettings,
        index: VaultIndex, files: any VaultFiles
    ) throws(NotezError) -> Plan {
        var builder = PlanBuilder(
            index: index, files: files, operation: "set", arguments: [argument] + assignments.map { "\($0.key)=\($0.value)" })
        let note = try index.resolve(argument)
        let schema = settings.schema(forFolder: note.folder)
        guard let contents = try files.read(note.path) else { throw .noteNotFound(argument) }
        var edits: [FrontMatterEdit] = []
        var inverse: [FrontMatterEdit] = []
        for (key, value) in assignments {
            let text = try propertyText(key: key, value: value, schema: schema, option: "set")
            let old: String?
            do {
                old = try FrontMatterEditor.propertyText(key, in: contents.bytes)
            } catch {
                throw .refused("\(note.path): front matter not edited: \(error.description)")
            }
            if let text {
                edits.append(.setProperty(key, text: " " + text))
            } else {
                if schema.first(where: { $0.key == key })?.required == true {
                    throw .usage("\(key) is required in \(note.folder.isEmpty ? "the vault" : note.folder) and cannot be removed")
                }
                edits.append(.removeProperty(key))
            }
            inverse.insert(old.map { .setProperty(key, text: $0) } ?? .removeProperty(key), at: 0)
        }
        builder.edit(note.path, edits, inverse: inverse, noChange: "already set")
        return builder.plan
    }

    /// The YAML text of `key=value` (nil for an empty value: remove), typed by the schema when it
    /// has the key, else a plain string; invalid keys and values are usage errors.
    static func propertyText(key: String, value: String, schema: [PropertySpec], option: String) throws(NotezError) -> String? {
        guard PropertyKey.isValid(key) else {
            throw .usage("\(option): '\(key.prefix(80))' is not a property name (ASCII letters, digits, '_', '-', '.')")
        }
        guard !PropertyKey.isReserved(key) else {
            throw .usage("\(option): '\(key)' is managed by notez; use notez tag add/remove, pin/unpin instead")
        }
        if value.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        guard value.utf8.count <= 4096 else { throw .usage("\(option): the value of '\(key)' is longer than 4096 bytes") }
        let spec = schema.first(where: { $0.key == key }) ?? PropertySpec(key: key, kind: .text)
        switch spec.yamlText(for: value) {
        case .success(let text): return text
        case .failure(let problem): throw .usage("\(option): \(problem.description)")
        }
    }
}
