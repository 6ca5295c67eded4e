import Foundation

/// Everything `notez new` was asked, kept so a queued capture is made later exactly as it would have been.
public struct CaptureRequest: Sendable, Equatable, Codable {
    /// The title.
    public var title: String
    /// `--folder`, nil when not given (Unsorted, or routing).
    public var folder: String?
    /// `--route`.
    public var route = false
    /// `--template`.
    public var template: String?
    /// `--no-template`.
    public var noTemplate = false
    /// `--tag` values.
    public var tags: [String] = []
    /// `--pin`.
    public var pinned = false
    /// The body (stdin or `--body`).
    public var body = ""
    /// `--prop key=value` values, as `[key, value]` pairs in order.
    public var properties: [[String]] = []
    /// When it was captured (seconds since 1970): the note's dates and placeholders use it.
    public var seconds: Double
    /// The time zone identifier at capture.
    public var zone: String

    /// A request captured at `time`.
    public init(title: String, time: LocalTime) {
        self.title = title
        seconds = time.seconds
        zone = time.zone.identifier
    }

    /// The capture moment in its zone.
    public var time: LocalTime {
        LocalTime(seconds: seconds, zone: TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!)
    }
}

extension CapturePlanner {
    /// What planning a capture decided: the plan, the folder, and notices for the person (the routing line).
    public struct Capture: Sendable {
        /// The plan that creates the note.
        public var plan: Plan
        /// The folder chosen.
        public var folder: String
        /// Notices: the routing suggestion and why, a missing default template.
        public var notices: [String]
    }

    /// The one way a capture is planned, for `notez new` and for the queue: routing when asked
    /// (`--route` or `capture: {route: true}`) and no folder was given, the explicit template (which
    /// must exist) or the folder's default (skipped with a notice when missing), then the note.
    /// No note is read: `index` needs only the vault's settings (`IndexBuilder.settingsIndex`), so
    /// a capture costs the same in a vault of any size (routing: `CaptureRouter.route`).
    public static func capture(_ request: CaptureRequest, settings: CaptureSettings, index: VaultIndex, files: any VaultFiles)
        throws(NotezError) -> Capture
    {
        var notices: [String] = []
        var destination = request.folder ?? ""
        let time = request.time
        if request.folder == nil, request.route || settings.route {
            if let best = CaptureRouter.route(title: request.title, body: request.body, time: time, root: index.root, files: files) {
                destination = best.folder
                notices.append("→ \(best.folder.isEmpty ? "Unsorted" : best.folder) (\(best.reason))")
            }
        }
        let folder = try existingFolder(destination, index: index, files: files)
        var template: NoteTemplate?
        if let name = request.template {
            template = try TemplateStore.require(name, root: index.root)
        } else if !request.noTemplate, let name = settings.template(forFolder: folder) {
            // A configured default that is missing must not stop a capture: a plain note, and a notice.
            template = try TemplateStore.load(name, root: index.root)
            if template == nil { notices.append("warning: the default template '\(name)' does not exist; a plain note is created") }
        }
        let plan: Plan
        if template == nil, request.properties.isEmpty {
            plan = try NotePlanner.new(
                title: request.title, folder: folder, tags: request.tags, pinned: request.pinned, body: request.body,
                now: time.seconds, index: index, files: files)
        } else {
            var new = Request(title: request.title, folder: folder)
            new.tags = request.tags
            new.pinned = request.pinned
            new.body = request.body
            new.properties = request.properties.map { (key: $0.first ?? "", value: $0.count > 1 ? $0[1] : "") }
            plan = try CapturePlanner.new(new, template: template, settings: settings, time: time, index: index, files: files)
        }
        return Capture(plan: plan, folder: folder, notices: notices)
    }

    /// The folder a capture goes into: the path when it is a folder on disk, else the one folder rule
    /// of every command (`VaultIndex.resolveFolder`: a unique name, then case-insensitively) over the
    /// vault's folders, walked only then when `index` holds none (no note is read either way).
    static func existingFolder(_ argument: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> String {
        let path = try VaultPath.validated(argument)
        if files.kind(path) == .folder { return path }
        let folders = index.folderTree.children.isEmpty ? IndexBuilder.folderIndex(root: index.root) : index
        return try folders.resolveFolder(argument).path
    }
}
