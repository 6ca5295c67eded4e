extension PropertySpec {
    /// The YAML text (what follows `key: `) for a value typed on the command line, or why it is not
    /// a valid value. Lists are comma-separated (`a, b`) and written as a flow list.
    func yamlText(for input: String) -> Result<String, PropertyProblem> {
        let value = input.trimmingCharacters(in: .whitespaces)
        func bad(_ reason: String) -> Result<String, PropertyProblem> { .failure(PropertyProblem(key: key, reason: reason)) }
        if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return bad("control characters and line breaks are not allowed in a value")
        }
        switch kind {
        case .text:
            return .success(NoteNaming.scalar(value, flow: false))
        case .number:
            guard PropertySpec.isNumber(value) else { return bad("'\(value)' is not a number (like 3, -2 or 1.5)") }
            return .success(value)
        case .bool:
            guard let flag = NoteMetadata.bool(value) else { return bad("'\(value)' is not true or false") }
            return .success(flag ? "true" : "false")
        case .date:
            guard PropertySpec.isDate(value) else { return bad("'\(value)' is not a date (YYYY-MM-DD)") }
            return .success(value)
        case .datetime:
            guard PropertySpec.isDateTime(value) else {
                return bad("'\(value)' is not a date and time (YYYY-MM-DDTHH:MM, optionally :SS and a zone)")
            }
            return .success(NoteNaming.scalar(value, flow: false))
        case .select:
            guard let option = option(matching: value) else {
                return bad("'\(value)' is not one of: " + options.joined(separator: ", "))
            }
            return .success(NoteNaming.scalar(option, flow: false))
        case .multiSelect, .list:
            var items: [String] = []
            for raw in value.split(separator: ",") {
                let item = raw.trimmingCharacters(in: .whitespaces)
                if item.isEmpty { continue }
                if kind == .multiSelect {
                    guard let option = option(matching: item) else {
                        return bad("'\(item)' is not one of: " + options.joined(separator: ", "))
                    }
                    if !items.contains(option) { items.append(option) }
                } else {
                    items.append(item)
                }
            }
            return .success("[" + items.map { NoteNaming.scalar($0, flow: true) }.joined(separator: ", ") + "]")
        }
    }
}
