import Testing

@testable import NotezKit
import NotezTestSupport

/// The three-way note merge: front matter key by key, tags as sets, the policy, fallbacks.
@Suite struct NoteMergeTests {
    /// A stand-in for git's line merge: takes the changed side, else one conflict with markers.
    static func lineMerge(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) -> (bytes: [UInt8], conflicts: Int) {
        if ours == base { return (theirs, 0) }
        if theirs == base || ours == theirs { return (ours, 0) }
        return (Array("<<<<<<<\n".utf8) + ours + Array("=======\n".utf8) + theirs + Array(">>>>>>>\n".utf8), 1)
    }

    static func merge(
        _ base: String, _ ours: String, _ theirs: String, policy: NoteMerge.Policy = .local, localIsOurs: Bool = true
    ) throws -> NoteMerge.Result {
        try NoteMerge.merge(
            base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), policy: policy, localIsOurs: localIsOurs,
            lineMerge: lineMerge)
    }

    static func text(_ result: NoteMerge.Result) -> String { String(decoding: result.bytes, as: UTF8.self) }

    @Test(arguments: [
        // Flow lists: every addition and removal of both sides.
        ("tags: [a, b]\n", "tags: [a, b, c]\n", "tags: [a, d]\n", "tags: [a, c, d]\n"),
        // Block lists keep their style.
        ("tags:\n  - a\n  - b\n", "tags:\n  - a\n  - b\n  - c\n", "tags:\n  - b\n", "tags:\n  - b\n  - c\n"),
        // Strings; case-insensitive tags are one tag.
        ("tags: a, b\n", "tags: a, b, Work\n", "tags: a, b, work, x\n", "tags: a, b, Work, x\n"),
        // Both removed different tags.
        ("tags: [a, b, c]\n", "tags: [b, c]\n", "tags: [a, b]\n", "tags: [b]\n"),
    ])
    func tagListsMergeAsSets(base: String, ours: String, theirs: String, merged: String) throws {
        let result = try Self.merge("---\n\(base)---\nbody\n", "---\n\(ours)---\nbody\n", "---\n\(theirs)---\nbody\n")
        expect(Self.text(result), equals: "---\n\(merged)---\nbody\n")
        expect(!result.conflicted)
    }

    @Test(arguments: [
        (NoteMerge.Policy.local, true, "title: Ours\n"), (.local, false, "title: Theirs\n"),
        (.remote, true, "title: Theirs\n"), (.remote, false, "title: Ours\n"),
        (.newest, true, "title: Theirs\n"), (.newest, false, "title: Theirs\n"),
    ])
    func scalarConflictsFollowThePolicy(policy: NoteMerge.Policy, localIsOurs: Bool, title: String) throws {
        let base = "---\ntitle: Base\nmodified: 2024-01-01\n---\nx\n"
        let ours = "---\ntitle: Ours\nmodified: 2024-01-02\n---\nx\n"
        let theirs = "---\ntitle: Theirs\nmodified: 2024-03-01\n---\nx\n"
        let result = try Self.merge(base, ours, theirs, policy: policy, localIsOurs: localIsOurs)
        // `modified` changed on both sides takes the later date, whatever the policy.
        expect(Self.text(result), equals: "---\n\(title)modified: 2024-03-01\n---\nx\n")
        expect(result.notes.contains { $0.hasPrefix("title: changed on both sides; kept ") })
    }

    @Test func keysAddedRemovedAndCommentsOnEitherSideAreKept() throws {
        let base = "---\n# mine\ntitle: T\nold: 1\ntags: [a]\n---\nbody\n"
        let ours = "---\n# mine\ntitle: T\nold: 1\ntags: [a, b]\nmine: yes # keep\n---\nbody\n"
        let theirs = "---\n# mine\ntitle: T\ntags: [a, c]\nsource: \"web\"\n---\nbody\n"
        let result = try Self.merge(base, ours, theirs)
        expect(Self.text(result), equals: "---\n# mine\ntitle: T\ntags: [a, b, c]\nsource: \"web\"\nmine: yes # keep\n---\nbody\n")
    }

    @Test func bodyConflictsStayInTheBodyAndFrontMatterMerges() throws {
        let result = try Self.merge(
            "---\ntags: [a]\n---\n1\n2\n", "---\ntags: [a, b]\n---\n1\nours\n", "---\ntags: [a, c]\n---\n1\ntheirs\n")
        expect(result.conflicted)
        let text = Self.text(result)
        expect(text.hasPrefix("---\ntags: [a, b, c]\n---\n<<<<<<<\n"))
    }

    @Test func crlfAndBOMSurvive() throws {
        let bom = "\u{FEFF}"
        let result = try Self.merge(
            "\(bom)---\r\ntags: [a]\r\ntitle: x\r\n---\r\nbody\r\n", "\(bom)---\r\ntags: [a, b]\r\ntitle: x\r\n---\r\nbody\r\n",
            "\(bom)---\r\ntags: [a, c]\r\ntitle: y\r\n---\r\nbody\r\n")
        expect(Self.text(result), equals: "\(bom)---\r\ntags: [a, b, c]\r\ntitle: y\r\n---\r\nbody\r\n")
    }

    @Test(arguments: [
        // Bad YAML on one side, a flow mapping, duplicate keys, an indented mapping: lines, never a guess.
        "---\ntags: [a, b\n---\nbody\n", "---\n{tags: [a, c]}\n---\nbody\n", "---\ntags: [a]\ntags: [c]\n---\nbody\n",
        "---\n  tags: [a, c]\n---\nbody\n",
    ])
    func frontMatterThatCannotBeSplitFallsBackToLines(theirs: String) throws {
        let result = try Self.merge("---\ntags: [a]\n---\nbody\n", "---\ntags: [a, b]\n---\nbody\n", theirs)
        expect(result.conflicted)
        expect(Self.text(result).hasPrefix("<<<<<<<\n---\ntags: [a, b]\n---\nbody\n=======\n"))
        expect(result.notes.first?.contains("merged as lines with conflict markers") == true)
    }

    @Test func addingFrontMatterOnOneSideAndTagsOnTheOther() throws {
        let result = try Self.merge("body\n", "---\ntitle: New\n---\nbody\n", "body\nmore\n")
        expect(Self.text(result), equals: "---\ntitle: New\n---\nbody\nmore\n")
        expect(!result.conflicted)
    }
}
