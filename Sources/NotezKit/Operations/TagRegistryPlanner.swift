/// Plans of `tag create` and `tag color` (the registry in `.notez/tags.yaml`).
public enum TagRegistryPlanner {
    /// `tag create NAME [--color C]`: registers a tag (refused when it is registered already).
    public static func create(_ rawName: String, color: String? = nil, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan
    {
        var builder = PlanBuilder(
            index: index, files: files, operation: "tag create", arguments: [rawName] + (color.map { ["--color", $0] } ?? []))
        let name = try TagName.validated(rawName)
        let key = TagKey(name)
        var registry = index.registry
        if let existing = registry.entry(for: key) { throw .refused("tag '\(existing.name)' already exists") }
        let parsed = try color.map { (text: String) throws(NotezError) -> ColorName in try FolderPlanner.parseColor(text) }
        if let used = index.tag(key), used.count > 0 {
            builder.plan.messages.append(
                "tag '\(used.name)' is already used by \(used.count) note\(used.count == 1 ? "" : "s"); registered as '\(name)'")
        }
        registry.entries.append(TagRegistry.Entry(name: name, color: parsed))
        try builder.writeState(".notez/tags.yaml", text: registry.rendered())
        return builder.plan
    }

    /// `tag color NAME COLOR` (`none` removes the color); a tag used in notes but not registered is registered.
    public static func color(_ rawName: String, color: String, index: VaultIndex, files: any VaultFiles) throws(NotezError) -> Plan {
        var builder = PlanBuilder(index: index, files: files, operation: "tag color", arguments: [rawName, color])
        let key = TagKey(try TagName.validated(rawName))
        let parsed: ColorName? = color.lowercased() == "none" ? nil : try FolderPlanner.parseColor(color)
        var registry = index.registry
        if let position = registry.entries.firstIndex(where: { TagKey($0.name) == key }) {
            registry.entries[position].color = parsed
        } else if let used = index.tag(key) {
            registry.entries.append(TagRegistry.Entry(name: used.name, color: parsed))
        } else {
            throw .usage("no tag '\(rawName)'; create it with `notez tag create`")
        }
        try builder.writeState(".notez/tags.yaml", text: registry.rendered())
        return builder.plan
    }
}
