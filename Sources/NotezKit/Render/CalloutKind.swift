/// Obsidian's callout types (`> [!warning] Title`): the aliases each type has, its default title
/// and its icon (inline SVG, drawn with `currentColor`). An unknown type is shown as a note with
/// its own name as the title.
struct CalloutKind {
    /// The canonical type (`warning` for `caution` and `attention`): the class the style uses.
    let name: String
    let icon: String

    init(_ written: String) {
        let lower = written.lowercased()
        name = CalloutKind.aliases[lower] ?? (CalloutKind.paths[lower] != nil ? lower : "note")
        icon = CalloutKind.svg(CalloutKind.paths[name] ?? CalloutKind.paths["note"]!)
    }

    /// The default title: the type as written, capitalized (`[!faq]` → "Faq", as Obsidian does).
    static func title(_ written: String) -> String {
        written.prefix(1).uppercased() + written.dropFirst().lowercased()
    }

    static let aliases: [String: String] = [
        "summary": "abstract", "tldr": "abstract", "hint": "tip", "important": "tip", "check": "success", "done": "success",
        "help": "question", "faq": "question", "caution": "warning", "attention": "warning", "fail": "failure",
        "missing": "failure", "error": "danger", "cite": "quote",
    ]

    static func svg(_ path: String) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"18\" height=\"18\" aria-hidden=\"true\" fill=\"none\" stroke=\"currentColor\" "
            + "stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(path)</svg>"
    }

    /// One drawing per canonical type (24-unit grid).
    static let paths: [String: String] = [
        "note": "<path d=\"M12 20h9\"/><path d=\"M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z\"/>",
        "abstract": "<rect x=\"8\" y=\"2\" width=\"8\" height=\"4\" rx=\"1\"/><path d=\"M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2\"/><path d=\"M8 11h8M8 16h5\"/>",
        "info": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M12 16v-4M12 8h.01\"/>",
        "todo": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"m9 12 2 2 4-4\"/>",
        "tip": "<path d=\"M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3.3.3 1.3 1.3 2.8 2.5 2.8z\"/>",
        "success": "<path d=\"M20 6 9 17l-5-5\"/>",
        "question": "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01\"/>",
        "warning": "<path d=\"m21.7 18-8-14a2 2 0 0 0-3.4 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.7-3z\"/><path d=\"M12 9v4M12 17h.01\"/>",
        "failure": "<path d=\"M18 6 6 18M6 6l12 12\"/>",
        "danger": "<path d=\"M13 2 3 14h9l-1 8 10-12h-9l1-8z\"/>",
        "bug": "<rect x=\"8\" y=\"6\" width=\"8\" height=\"14\" rx=\"4\"/><path d=\"M19 7l-3 2M5 7l3 2M19 19l-3-2M5 19l3-2M20 13h-4M4 13h4M10 4l1 2M14 4l-1 2\"/>",
        "example": "<path d=\"M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01\"/>",
        "quote": "<path d=\"M3 21c3 0 7-1 7-8V5H3v7h4c0 3-2 5-4 5zM14 21c3 0 7-1 7-8V5h-7v7h4c0 3-2 5-4 5z\"/>",
    ]
}
