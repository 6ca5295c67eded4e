import Testing

@testable import NotezKit
import NotezTestSupport

struct LinkResolverTests {
    func index(_ notes: [(String, String, [String])]) -> VaultIndex {
        let stamp = FileStamp(inode: 1, size: 1, mtimeNanos: 1)
        return VaultIndex(
            root: "/nonexistent", config: VaultConfig(),
            notes: notes.map { path, title, aliases in
                Note(
                    path: path, folder: VaultPath.folder(of: path), title: title, tags: [], tagKeys: [], pinned: false,
                    created: 0, modified: 0, snippet: "", stamp: stamp, aliases: aliases)
            }, folders: [])
    }

    var vault: VaultIndex {
        index([
            ("Plan.md", "Plan", []), ("Work/Plan.md", "Work plan", []), ("Work/Deep/Plan.md", "Deep plan", []),
            ("Work/Alpha.md", "Alpha project", ["α", "Project A"]), ("Notes/Beta.md", "Beta", []),
            ("Notes/Other Beta.md", "Beta", []), ("Zürich.md", "Zürich", []),
        ])
    }

    func wiki(_ target: String) -> NoteLink {
        NoteLink(kind: .wikilink, target: target, fragment: nil, label: nil, range: 0..<1, targetRange: 0..<1)
    }

    func markdown(_ target: String) -> NoteLink {
        NoteLink(kind: .markdown, target: target, fragment: nil, label: nil, range: 0..<1, targetRange: 0..<1)
    }

    @Test func wikilinkOrder() {
        let resolver = LinkResolver(index: vault)
        expect(resolver.resolve(wiki("Work/Plan"), from: "x.md"), equals: .note("Work/Plan.md"))
        expect(resolver.resolve(wiki("plan"), from: "x.md"), equals: .note("Plan.md"))  // exact path first
        expect(resolver.resolve(wiki("Deep/Plan"), from: "x.md"), equals: .note("Work/Deep/Plan.md"))
        expect(resolver.resolve(wiki("Alpha"), from: "x.md"), equals: .note("Work/Alpha.md"))
        // Titles and aliases are not link names (Obsidian), unless the vault sets `link_aliases: true`.
        expect(resolver.resolve(wiki("Alpha project"), from: "x.md"), equals: .broken)
        var options = LinkResolver.Options()
        options.aliases = true
        let lenient = LinkResolver(targets: vault.notes.map { LinkResolver.Target(path: $0.path, title: $0.title, aliases: $0.aliases) }, options: options)
        expect(lenient.resolve(wiki("Alpha project"), from: "x.md"), equals: .note("Work/Alpha.md"))
        expect(lenient.resolve(wiki("project a"), from: "x.md"), equals: .note("Work/Alpha.md"))
        expect(resolver.resolve(wiki("Beta"), from: "x.md"), equals: .note("Notes/Beta.md"))
        expect(resolver.resolve(wiki("Nothing"), from: "x.md"), equals: .broken)
        expect(resolver.resolve(wiki(""), from: "x.md"), equals: .sameNote)
        expect(resolver.resolve(wiki("image.png"), from: "x.md"), equals: .attachment)
        expect(resolver.resolve(wiki("Zu\u{0308}rich"), from: "x.md"), equals: .note("Zürich.md"))
    }

    @Test func shortestPathWinsAndIsAmbiguous() {
        let resolver = LinkResolver(index: index([("B/Deep/N.md", "n1", []), ("A/N.md", "n2", []), ("C/N.md", "n3", [])]))
        expect(resolver.resolve(wiki("N"), from: "x.md"), equals: .ambiguous(["A/N.md", "C/N.md", "B/Deep/N.md"]))
        expect(resolver.resolve(wiki("N"), from: "x.md").path, equals: "A/N.md")
    }

    /// The tables are keyed by a 32-bit hash of the folded name: `note1171` and `note904100` share
    /// one (and so do their paths, which add the same `.md`), and neither may answer for the other.
    @Test func namesThatShareAHashStayApart() {
        expect(LinkLookup.hash("note1171"), equals: LinkLookup.hash("note904100"))
        expect(LinkLookup.hash("note1171.md"), equals: LinkLookup.hash("note904100.md"))
        let resolver = LinkResolver(index: index([("note1171.md", "a", []), ("Deep/note904100.md", "b", [])]))
        expect(resolver.resolve(wiki("note1171"), from: "x.md"), equals: .note("note1171.md"))
        expect(resolver.resolve(wiki("note904100"), from: "x.md"), equals: .note("Deep/note904100.md"))
        expect(resolver.resolve(wiki("note904100.md"), from: "x.md"), equals: .note("Deep/note904100.md"))
        expect(resolver.resolve(markdown("note1171.md"), from: "x.md"), equals: .note("note1171.md"))
        expect(resolver.resolve(wiki("Deep/note1171"), from: "x.md"), equals: .broken)
    }

    @Test func markdownLinksAreRelative() {
        let resolver = LinkResolver(index: vault)
        expect(resolver.resolve(markdown("Alpha.md"), from: "Work/Plan.md"), equals: .note("Work/Alpha.md"))
        expect(resolver.resolve(markdown("../Plan.md"), from: "Work/Alpha.md"), equals: .note("Plan.md"))
        expect(resolver.resolve(markdown("Deep/Plan"), from: "Work/Alpha.md"), equals: .note("Work/Deep/Plan.md"))
        expect(resolver.resolve(markdown("/Notes/Beta.md"), from: "Work/Deep/Plan.md"), equals: .note("Notes/Beta.md"))
        expect(resolver.resolve(markdown("../../../../etc/passwd.md"), from: "Work/Alpha.md"), equals: .broken)
        expect(resolver.resolve(markdown("Other Beta.md"), from: "Notes/Beta.md"), equals: .note("Notes/Other Beta.md"))
        // A bare name that is not beside the note is found by name, as Obsidian writes them.
        expect(resolver.resolve(markdown("Alpha.md"), from: "Notes/Beta.md"), equals: .note("Work/Alpha.md"))
        expect(resolver.resolve(markdown("Work/Missing.md"), from: "x.md"), equals: .broken)
    }
}

extension LinkResolverTests {
    @Test func dendronLabelFirstAndVaultPrefix() {
        var options = LinkResolver.Options()
        options.dendronLabels = true
        let notes = [("vault/dendron.topic.links.md", "Links", [String]()), ("vault/other.md", "Links", [])]
        let resolver = LinkResolver(
            targets: notes.map { LinkResolver.Target(path: $0.0, title: $0.1, aliases: $0.2) }, options: options)
        // Without the vault's `dendron_links: true`, the label never decides (Obsidian).
        expect(LinkResolver(index: index(notes)).resolve(NoteLink(
            kind: .wikilink, target: "here", fragment: nil, label: "dendron.topic.links", range: 0..<1, targetRange: 0..<1),
            from: "x.md"), equals: .broken)
        func link(_ target: String, _ label: String?) -> NoteLink {
            NoteLink(kind: .wikilink, target: target, fragment: nil, label: label, range: 0..<1, targetRange: 0..<1)
        }
        expect(resolver.resolve(link("here", "dendron.topic.links"), from: "x.md"), equals: .note("vault/dendron.topic.links.md"))
        expect(
            resolver.resolve(link("File Links", "dendron://site/dendron.topic.links"), from: "x.md"), equals: .note("vault/dendron.topic.links.md"))
        // The Obsidian reading wins when its target is a file name.
        expect(resolver.resolve(link("other", "dendron.topic.links"), from: "x.md"), equals: .note("vault/other.md"))
    }
}
