import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// Completion, navigation, diagnostics and symbols on a small vault.
@Suite("editor features")
struct EditorFeatureTests {
    static func vault() throws -> (ScratchFolder, EditorCatalog) {
        let vault = try ScratchFolder()
        try vault.mkdir(".notez")
        _ = try vault.write(".notez/config.yaml", "properties:\n  Work:\n    status: {type: select, options: [todo, doing, done]}\n")
        _ = try vault.write("Work/Plan.md", "---\ntags: [project, to-do]\n---\n# Plan\n\n## Next steps\n\nDo it. ^step1\n")
        _ = try vault.write("Work/Ideas.md", "# Ideas\nSee [[Plan]] and [[Plan#Next steps]].\n#project\n")
        _ = try vault.write("Home/Plan.md", "# Home plan\n[[Zeta]]\n")
        _ = try vault.write("Journal.md", "[[Zeta]] [[Zeta]] #todo\n")
        _ = try vault.write("Zeta.md", "# Zeta\n")
        let index = try IndexBuilder.build(root: vault.path)
        return (vault, EditorCatalog(index: index))
    }

    static func reader(_ vault: ScratchFolder) -> (String) -> [UInt8]? {
        { path in FileManager.default.contents(atPath: vault.path + "/" + path).map { Array($0) } }
    }

    @Test func linkCompletionRanksByUseAndWritesPathsForSharedNames() throws {
        let (vault, catalog) = try Self.vault()
        let text = EditorText("x [[")
        let found = EditorCompletion.items(text: text, offset: 4, path: "New.md", catalog: catalog, readText: Self.reader(vault))
        expect(found.items.first?.label == "Zeta")  // linked from two notes: first though last by name
        expect(found.items.first?.insertText == "Zeta]]")
        let plans = found.items.filter { $0.label == "Plan" }.map(\.insertText).sorted()
        expect(plans, equals: ["Home/Plan]]", "Work/Plan]]"])
        expect(found.items.allSatisfy { $0.replace == 4..<4 })
        let fuzzy = EditorCompletion.items(text: EditorText("[[jrn"), offset: 5, path: "New.md", catalog: catalog, readText: Self.reader(vault))
        expect(fuzzy.items.map(\.label), equals: ["Journal"])
    }

    @Test func headingBlockTagAndPropertyCompletion() throws {
        let (vault, catalog) = try Self.vault()
        let read = Self.reader(vault)
        let headings = EditorCompletion.items(text: EditorText("[[Work/Plan#ne]]"), offset: 14, path: "Work/Ideas.md", catalog: catalog, readText: read)
        expect(headings.items.map(\.label), equals: ["Next steps"])
        expect(headings.items.first?.insertText == "Next steps")  // `]]` already there
        let blocks = EditorCompletion.items(text: EditorText("[[Work/Plan#^"), offset: 13, path: "x.md", catalog: catalog, readText: read)
        expect(blocks.items.map(\.label), equals: ["^step1"])
        let tags = EditorCompletion.items(text: EditorText("see #pro"), offset: 8, path: "x.md", catalog: catalog, readText: read)
        expect(tags.items.first?.label == "project")
        expect(tags.items.first?.detail == "2 notes")
        let text = EditorText("---\nstatus: do\n---\n")
        let values = EditorCompletion.items(text: text, offset: 14, path: "Work/New.md", catalog: catalog, readText: read)
        // Prefix matches first; `todo` contains `do` and follows.
        expect(values.items.prefix(2).map(\.label).sorted(), equals: ["doing", "done"])
        expect(values.items.map(\.label).last, equals: "todo")
        let keys = EditorCompletion.items(text: EditorText("---\nsta\n---\n"), offset: 7, path: "Work/New.md", catalog: catalog, readText: read)
        expect(keys.items.first?.label == "status")
        let tagValues = EditorCompletion.items(text: EditorText("---\ntags: [pro\n---\n"), offset: 14, path: "New.md", catalog: catalog, readText: read)
        expect(tagValues.items.first?.label == "project")
    }

    @Test func definitionReferencesAndHover() throws {
        let (vault, catalog) = try Self.vault()
        let read = Self.reader(vault)
        let text = EditorText(bytes: read("Work/Ideas.md")!)
        let offset = try #require(text.bytes.firstIndex(of: UInt8(ascii: "N")))  // inside [[Plan#Next steps]]
        guard case .link(let link, let resolution) = EditorNavigation.target(at: offset, in: text, path: "Work/Ideas.md", catalog: catalog) else {
            Issue.record("no link at \(offset)")
            return
        }
        expect(resolution, equals: .note("Work/Plan.md"))
        let location = try #require(EditorNavigation.definition(of: link, resolution: resolution, from: "Work/Ideas.md", currentText: text, readText: read))
        expect(location.path, equals: "Work/Plan.md")
        expect(location.text.line(ofOffset: location.range.lowerBound), equals: 5)
        let backlinks = EditorNavigation.backlinks(to: "Zeta.md", catalog: catalog, readText: read)
        expect(backlinks.map(\.path), equals: ["Home/Plan.md", "Journal.md", "Journal.md"])
        let tagged = EditorNavigation.tagReferences("project", catalog: catalog, readText: read)
        expect(Set(tagged.map(\.path)), equals: ["Work/Plan.md", "Work/Ideas.md"])
        let hover = try #require(EditorNavigation.hover(.link(link, resolution), catalog: catalog, readText: read))
        expect(hover.contains("**Plan**") && hover.contains("Work") && hover.contains("#project"))
        expect(EditorNavigation.hover(.tag("project", 0..<1), catalog: catalog, readText: read)?.contains("2 notes") == true)
    }

    @Test func diagnosticsOfABuffer() throws {
        let (_, catalog) = try Self.vault()
        let text = EditorText("---\nstatus: maybe\ntags: [todo]\n---\n[[Nowhere]] [[Plan]] #to_do\n")
        let problems = EditorDiagnostics.problems(text: text, path: "Work/New.md", catalog: catalog)
        let codes = problems.map(\.code.rawValue).sorted()
        expect(codes, equals: ["broken-link", "near-duplicate-tag", "near-duplicate-tag", "property"])
        let ambiguous = EditorDiagnostics.problems(text: EditorText("[[Plan]]"), path: "New.md", catalog: catalog)
        expect(ambiguous.map(\.code), equals: [.ambiguousLink])
        let broken = try #require(problems.first { $0.code == .brokenLink })
        expect(String(decoding: text.bytes[broken.range], as: UTF8.self), equals: "[[Nowhere]]")
        let yaml = EditorDiagnostics.problems(text: EditorText("---\na: [1\nb: 2\n---\n"), path: "x.md", catalog: catalog)
        let bad = try #require(yaml.first)
        expect(bad.code, equals: .invalidYAML)
        expect(bad.message.contains("line"))
    }

    @Test func symbolsLinksAndFolds() throws {
        let (_, catalog) = try Self.vault()
        let text = EditorText("---\na: 1\n---\n# Top\n## Sub\ntext [[Journal]]\n> [!note]\n> one\n> two\n# Next\n")
        let symbols = EditorSymbols.documentSymbols(text)
        expect(symbols.map(\.name), equals: ["Top", "Next"])
        expect(symbols[0].children.map(\.name), equals: ["Sub"])
        expect(EditorSymbols.documentLinks(text, path: "x.md", catalog: catalog).map(\.path), equals: ["Journal.md"])
        let folds = EditorSymbols.foldingRanges(text)
        expect(folds.contains(EditorSymbols.Fold(startLine: 0, endLine: 2, kind: .frontMatter)))
        expect(folds.contains(EditorSymbols.Fold(startLine: 6, endLine: 8, kind: .callout)))
        expect(EditorSymbols.workspaceSymbols("idea", catalog: catalog).map(\.path), equals: ["Work/Ideas.md"])
    }
}
