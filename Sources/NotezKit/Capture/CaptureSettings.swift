/// The capture settings of `.notez/config.yaml`: default templates per folder, property schemas per
/// folder, daily notes and routing. The file is untrusted: anything malformed is dropped with a
/// warning in `warnings` and the rest still applies; loading never throws.
///
/// ```yaml
/// templates:                 # default template per folder, inherited by subfolders; "/" is the vault
///   Work/Meetings: meeting
/// properties:                # schema per folder, inherited by subfolders
///   Work/Projects:
///     status: {type: select, options: [todo, doing, done], required: true}
///     due: date
/// daily: {folder: Journal, format: YYYY-MM-DD, template: daily}
/// capture: {route: true}     # `notez new` without --folder uses the routing suggestion
/// ```
public struct CaptureSettings: Sendable, Equatable {
    /// Where daily notes go and how they are named.
    public struct Daily: Sendable, Equatable {
        /// The folder of daily notes ("" is the vault root).
        public var folder = "Daily"
        /// The file name pattern: `YYYY`, `YY`, `MM`, `DD`, `ddd` (Mon), `dddd` (Monday); other text is kept.
        public var format = "YYYY-MM-DD"
        /// The template used to create a day's note (when it exists).
        public var template = "daily"
    }

    /// Default template names by folder path ("" is the vault root).
    public var templates: [String: String] = [:]
    /// Property schemas by folder path ("" is the vault root).
    public var schemas: [String: [PropertySpec]] = [:]
    /// Daily notes.
    public var daily = Daily()
    /// Whether `notez new` without `--folder` files the note where routing suggests.
    public var route = false
    /// What was ignored, and why.
    public var warnings: [String] = []

    /// The defaults.
    public init() {}

    /// The settings of a vault; a missing or unreadable file gives the defaults (and a warning).
    public static func load(root: String) -> CaptureSettings {
        let pairs: [(key: String, value: YAMLValue)]
        do {
            pairs = try NotezStateFile.loadMapping(root: root, relative: ".notez/config.yaml")
        } catch {
            var settings = CaptureSettings()
            settings.warnings.append("capture settings ignored: \(error.description)")
            return settings
        }
        return parse(YAMLValue.mapping(pairs))
    }

    /// The settings in a parsed configuration.
    public static func parse(_ config: YAMLValue) -> CaptureSettings {
        var settings = CaptureSettings()
        func warn(_ message: String) { settings.warnings.append(".notez/config.yaml: " + message) }
        if let value = config["templates"] {
            for pair in value.pairs {
                guard let folder = PropertySchemas.folderKey(pair.key) else {
                    warn("templates: '\(pair.key.prefix(80))' is not a folder path; ignored")
                    continue
                }
                guard let name = pair.value.string, TemplateStore.isValidName(name) else {
                    warn("templates: '\(pair.key.prefix(80))' needs a template name; ignored")
                    continue
                }
                settings.templates[folder] = name
            }
            if value.pairs.isEmpty, value != .null, value != .mapping([]) {
                warn("templates: expected a mapping of folders to template names; ignored")
            }
        }
        if let value = config["properties"] {
            let schemas = PropertySchemas.parse(value, warn: warn)
            settings.schemas = schemas.byFolder
        }
        if let value = config["daily"] {
            if let folder = value["folder"]?.string {
                if let clean = PropertySchemas.folderKey(folder) { settings.daily.folder = clean } else { warn("daily: folder '\(folder.prefix(80))' is not a folder path; ignored") }
            }
            if let format = value["format"]?.string {
                if isValidDailyFormat(format) {
                    settings.daily.format = format
                } else {
                    warn("daily: format '\(format.prefix(80))' must make a file name (no '/', no leading '.'); ignored")
                }
            }
            if let template = value["template"]?.string {
                if TemplateStore.isValidName(template) { settings.daily.template = template } else { warn("daily: template '\(template.prefix(80))' is not a template name; ignored") }
            }
        }
        if let text = config["capture"]?["route"]?.string {
            if let flag = NoteMetadata.bool(text) { settings.route = flag } else { warn("capture: route must be true or false; ignored") }
        }
        return settings
    }

    /// The default template of a folder: its own, else its nearest ancestor's, else the vault's.
    public func template(forFolder folder: String) -> String? {
        for candidate in PropertySchemas.selfAndAncestors(folder) {
            if let name = templates[candidate] { return name }
        }
        return nil
    }

    /// The schema of a folder (see `PropertySchemas.schema(forFolder:)`). Empty means free-form.
    public func schema(forFolder folder: String) -> [PropertySpec] {
        PropertySchemas(byFolder: schemas).schema(forFolder: folder)
    }

    static func isValidDailyFormat(_ format: String) -> Bool {
        !format.isEmpty && !format.contains("/") && !format.hasPrefix(".") && format.utf8.count <= 100
            && (try? VaultPath.validateName(format)) != nil
    }
}
