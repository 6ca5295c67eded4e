/// The property schemas of `.notez/config.yaml` (`properties:`), by folder, inherited by subfolders.
/// Read by capture (`new --prop`, `set`, `check`) and by `prop:` query terms, which compare a
/// property by its schema type.
///
/// ```yaml
/// properties:
///   Work/Projects:
///     status: {type: select, options: [todo, doing, done], required: true}
///     due: date
/// ```
struct PropertySchemas: Sendable, Equatable {
    /// The properties defined by each folder path ("" is the vault root).
    var byFolder: [String: [PropertySpec]] = [:]

    /// No schemas: every property is free-form.
    init(byFolder: [String: [PropertySpec]] = [:]) {
        self.byFolder = byFolder
    }

    /// The schemas of a vault; a missing, unreadable or malformed file gives none (capture reports
    /// the problems, through `CaptureSettings.warnings`).
    static func load(root: String) -> PropertySchemas {
        guard let pairs = try? NotezStateFile.loadMapping(root: root, relative: ".notez/config.yaml"),
            let value = pairs.first(where: { $0.key == "properties" })?.value
        else { return PropertySchemas() }
        return parse(value, warn: { _ in })
    }

    /// The schemas of a `properties:` value; what is malformed is skipped and passed to `warn`.
    static func parse(_ value: YAMLValue, warn: (String) -> Void) -> PropertySchemas {
        var schemas = PropertySchemas()
        for pair in value.pairs {
            guard let folder = folderKey(pair.key) else {
                warn("properties: '\(pair.key.prefix(80))' is not a folder path; ignored")
                continue
            }
            var specs: [PropertySpec] = []
            for property in pair.value.pairs {
                switch spec(key: property.key, value: property.value) {
                case .success(let spec): specs.append(spec)
                case .failure(let problem): warn("properties: \(pair.key.prefix(80)): \(problem.description); ignored")
                }
            }
            schemas.byFolder[folder] = specs
        }
        return schemas
    }

    /// The schema of a folder: the properties of the vault and every ancestor, a nearer folder's
    /// definition of a key replacing a farther one's. Empty means free-form.
    func schema(forFolder folder: String) -> [PropertySpec] {
        var result: [PropertySpec] = []
        for candidate in PropertySchemas.selfAndAncestors(folder).reversed() {
            for spec in byFolder[candidate] ?? [] {
                if let index = result.firstIndex(where: { $0.key == spec.key }) { result[index] = spec } else { result.append(spec) }
            }
        }
        return result
    }

    /// `a/b/c`, `a/b`, `a`, "" (the root last).
    static func selfAndAncestors(_ folder: String) -> [String] {
        var result: [String] = []
        var current = folder
        while !current.isEmpty {
            result.append(current)
            current = VaultPath.folder(of: current)
        }
        result.append("")
        return result
    }

    /// A folder path from the config (`/` and "" are the root), nil when not a vault path.
    static func folderKey(_ raw: String) -> String? {
        if raw == "/" { return "" }
        return try? VaultPath.validated(raw)
    }

    /// A property definition: a type name, or a mapping with `type`, `options`, `required`.
    static func spec(key: String, value: YAMLValue) -> Result<PropertySpec, PropertyProblem> {
        let shownKey = String(key.prefix(80))
        guard PropertyKey.isValid(key) else {
            return .failure(PropertyProblem(key: shownKey, reason: "not a property name (letters, digits, '_', '-', '.')"))
        }
        guard !PropertyKey.isReserved(key) else {
            return .failure(PropertyProblem(key: shownKey, reason: "is managed by notez and cannot have a schema"))
        }
        let typeName = value.string ?? value["type"]?.string ?? ""
        guard let kind = PropertySpec.Kind(rawValue: typeName.lowercased()) else {
            return .failure(
                PropertyProblem(
                    key: shownKey,
                    reason: "unknown type '\(typeName.prefix(40))' (one of: "
                        + PropertySpec.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")"))
        }
        var spec = PropertySpec(key: key, kind: kind)
        spec.options = value["options"]?.strings ?? []
        if (kind == .select || kind == .multiSelect) && spec.options.isEmpty {
            return .failure(PropertyProblem(key: shownKey, reason: "\(kind.rawValue) needs a list of options"))
        }
        if let required = value["required"]?.string {
            guard let flag = NoteMetadata.bool(required) else {
                return .failure(PropertyProblem(key: shownKey, reason: "required must be true or false"))
            }
            spec.required = flag
        }
        return .success(spec)
    }
}
