import Foundation
import NotezTestSupport
import Testing

/// The folders of `Sources/NotezKit` are layers (docs/architecture.md): a file may name the types
/// of its own folder and of the folders before it, never those of a later one. This reads the
/// sources as text: every type declared at the top level of a file belongs to the file's folder,
/// and a capitalized name in code (comments and string literals removed) that is such a type is a
/// use of it.
struct LayeringTests {
    /// The layers, lowest first.
    static let layers = [
        "Vault", "FrontMatter", "Settings", "Note", "Index", "Query", "Render", "Operations", "Journal", "Capture", "Files",
        "Watch", "Daemon", "Editor", "Session",
    ]

    static let library = TestPaths.packageRoot.appendingPathComponent("Sources/NotezKit")

    /// Each Swift file of the library with its folder.
    static func sources() throws -> [(folder: String, name: String, text: String)] {
        var result: [(String, String, String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: library.path).sorted() {
            let url = library.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".swift") {
                result.append((folder, name, try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        return result
    }

    /// The text without comments and string literals, so names in them do not count.
    static func code(_ text: String) throws -> String {
        var code = text.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
        code = code.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
        code = code.replacingOccurrences(of: #"\"\"\"[\s\S]*?\"\"\""#, with: "\"\"", options: .regularExpression)
        return code.replacingOccurrences(of: #""(?:[^"\\\n]|\\.)*""#, with: "\"\"", options: .regularExpression)
    }

    static func matches(_ pattern: String, in text: String, group: Int) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    @Test func everyFolderIsALayer() throws {
        let folders = Set(try Self.sources().map(\.folder))
        expect(folders, equals: Set(Self.layers), "a new folder needs its place in LayeringTests.layers and docs/architecture.md")
    }

    @Test func noFileNamesATypeOfALaterLayer() throws {
        let sources = try Self.sources()
        var owner: [String: (folder: String, file: String)] = [:]
        let declaration = #"^(?:(?:public|internal|package|fileprivate|private|final|indirect|@\w+(?:\([^)]*\))?)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)"#
        for source in sources {
            for name in try Self.matches(declaration, in: source.text, group: 1) where owner[name] == nil {
                owner[name] = (source.folder, source.name)
            }
        }
        expect(owner["VaultIndex"]?.folder == "Index" && owner["NoteEditor"]?.folder == "Note")
        var backward: [String] = []
        for source in sources {
            guard let rank = Self.layers.firstIndex(of: source.folder) else { continue }
            let names = Set(try Self.matches(#"(?<![.\w])([A-Z]\w*)"#, in: try Self.code(source.text), group: 1))
            for name in names.sorted() {
                guard let (folder, file) = owner[name], let other = Self.layers.firstIndex(of: folder), other > rank else { continue }
                backward.append("\(source.folder)/\(source.name) uses \(name) of \(folder)/\(file)")
            }
        }
        expect(backward.isEmpty, "\(backward.joined(separator: "\n"))")
    }
}
