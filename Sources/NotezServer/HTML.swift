import NotezKit

/// Building the web UI's HTML: link targets and color classes (escaping is `HTMLText`).
enum HTML {
    /// A link target `path?name=value&...`, escaped for an attribute.
    static func href(_ path: String, _ parameters: [(String, String)] = []) -> String {
        if parameters.isEmpty { return HTMLText.escape(path) }
        return HTMLText.escape(path + "?" + parameters.map { "\($0.0)=\(HTMLText.percentEncoded($0.1))" }.joined(separator: "&"))
    }

    /// The CSS class of a folder or tag color (the colors are in /assets/colors.css, since the
    /// Content-Security-Policy forbids inline styles).
    static func colorClass(_ color: ColorName?) -> String {
        guard let color else { return "" }
        return " c-" + color.text.replacingOccurrences(of: "#", with: "x")
    }
}
