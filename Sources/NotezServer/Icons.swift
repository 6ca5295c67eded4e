/// The interface's icons: inline SVG (no external resource, no icon font), drawn with
/// `currentColor` so they follow the theme.
enum Icons {
    static func svg(_ path: String, size: Int = 20) -> String {
        "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"\(size)\" height=\"\(size)\" aria-hidden=\"true\" fill=\"none\" "
            + "stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(path)</svg>"
    }

    static let home = svg("<path d=\"M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z\"/>")
    static let search = svg("<circle cx=\"11\" cy=\"11\" r=\"7\"/><path d=\"m21 21-4.3-4.3\"/>")
    static let pin = svg("<path d=\"M12 17v5M9 3h6l-1 7 4 3v2H6v-2l4-3z\"/>")
    static let inbox = svg("<path d=\"M22 12h-6l-2 3h-4l-2-3H2\"/><path d=\"M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z\"/>")
    static let folder = svg("<path d=\"M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z\"/>")
    static let tag = svg("<path d=\"M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z\"/><circle cx=\"7.5\" cy=\"7.5\" r=\"1.5\"/>")
    static let trash = svg("<path d=\"M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6\"/>")
    static let history = svg("<path d=\"M3 12a9 9 0 1 0 3-6.7L3 8\"/><path d=\"M3 3v5h5M12 7v5l3 3\"/>")
    static let graph = svg("<circle cx=\"6\" cy=\"6\" r=\"2.5\"/><circle cx=\"18\" cy=\"8\" r=\"2.5\"/><circle cx=\"10\" cy=\"18\" r=\"2.5\"/><path d=\"M8.4 6.3l7.2 1.4M7 8.3l2.2 7.4M16.5 10.1l-5 6\"/>")
    static let menu = svg("<path d=\"M4 6h16M4 12h16M4 18h16\"/>", size: 22)
    static let plus = svg("<path d=\"M12 5v14M5 12h14\"/>")
    static let close = svg("<path d=\"M18 6 6 18M6 6l12 12\"/>", size: 14)
    static let folderSmall = svg("<path d=\"M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z\"/>", size: 14)
    static let edit = svg("<path d=\"M12 20h9\"/><path d=\"M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z\"/>", size: 18)
    static let logo = "<svg class=\"logo\" viewBox=\"0 0 32 32\" width=\"26\" height=\"26\" aria-hidden=\"true\"><rect width=\"32\" height=\"32\" rx=\"8\" fill=\"#4f46e5\"/><path d=\"M10 23V9l12 14V9\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>"

    /// The favicon (served at /favicon.svg and /favicon.ico): the logo as a document of its own.
    static let favicon = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><rect width=\"32\" height=\"32\" rx=\"8\" fill=\"#4f46e5\"/><path d=\"M10 23V9l12 14V9\" fill=\"none\" stroke=\"#fff\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></svg>\n"
}
