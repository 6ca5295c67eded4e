import Foundation
import Testing
import NotezTestSupport

/// `notez order`, lists that follow it, and `show FOLDER --continuous`.
@Suite struct OrderCommandTests {
    static func names(_ vault: TempVault, _ folder: String) throws -> [String] {
        let result = try Mutation.run(vault, ["ls", folder, "--json"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return notes.map { ($0["path"] as! String).split(separator: "/").last.map(String.init)! }
    }

    @Test func orderMoveClearAndUndo() throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Sourdough bread.md", "Weeknight pasta.md", "Lentil soup.md"])
        let set = try Mutation.run(vault, ["order", "Personal/Recipes", "Weeknight pasta", "Personal/Recipes/Lentil soup.md"])
        expect(set.status, equals: 0, "\(set.stderr)")
        expect(set.stdout, equals: "1. Weeknight pasta.md\n2. Lentil soup.md\n3. Sourdough bread.md\n")
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Weeknight pasta.md", "Lentil soup.md", "Sourdough bread.md"])
        Mutation.expectOnly([".notez/order.yaml"], before: before, after: try vault.snapshot())
        expect(
            Mutation.text(try vault.snapshot()[".notez/order.yaml"]), equals: """
                # notez: manual order of notes in folders. Edited by `notez order`; one name a line.
                "Personal/Recipes":
                  - "Weeknight pasta.md"
                  - "Lentil soup.md"
                  - "Sourdough bread.md"

                """)

        try expect(Mutation.run(vault, ["order", "Personal/Recipes", "--move", "Sourdough bread", "--before", "Lentil soup"]).status, equals: 0)
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Weeknight pasta.md", "Sourdough bread.md", "Lentil soup.md"])
        try expect(Mutation.run(vault, ["order", "Personal/Recipes", "--move", "Weeknight pasta", "--after", "Lentil soup"]).status, equals: 0)
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Sourdough bread.md", "Lentil soup.md", "Weeknight pasta.md"])
        // Other folders and recursive lists keep the usual order.
        let fresh = try TempVault.example()
        try expect(Mutation.run(vault, ["ls", "Personal", "-r", "--json"]).stdout, equals: (try Mutation.run(fresh, ["ls", "Personal", "-r", "--json"]).stdout))
        try expect(Self.names(vault, "Personal"), equals: (try Self.names(fresh, "Personal")))

        try expect(Mutation.run(vault, ["undo"]).status, equals: 0)
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Weeknight pasta.md", "Sourdough bread.md", "Lentil soup.md"])
        try expect(Mutation.run(vault, ["order", "Personal/Recipes", "--clear"]).status, equals: 0)
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Sourdough bread.md", "Weeknight pasta.md", "Lentil soup.md"])
    }

    @Test func pinnedNotesStayFirstAndStaleNamesAreIgnored() throws {
        let vault = try TempVault.example()
        try expect(Mutation.run(vault, ["pin", "Lentil soup"]).status, equals: 0)
        try vault.write(
            ".notez/order.yaml",
            "\"Personal/Recipes\":\n  - \"Gone.md\"\n  - \"../../etc/passwd\"\n  - \"Weeknight pasta.md\"\n  - \"Sourdough bread.md\"\n")
        try expect(Self.names(vault, "Personal/Recipes"), equals: ["Lentil soup.md", "Weeknight pasta.md", "Sourdough bread.md"])
        let printed = try Mutation.run(vault, ["order", "Personal/Recipes"])
        expect(printed.stdout, equals: "1. Lentil soup.md  (pinned)\n2. Weeknight pasta.md\n3. Sourdough bread.md\n")
        // Rewriting drops the stale names.
        try expect(Mutation.run(vault, ["order", "Personal/Recipes", "Sourdough bread"]).status, equals: 0)
        let text = Mutation.text(try vault.snapshot()[".notez/order.yaml"]) ?? ""
        expect(!text.contains("Gone") && !text.contains("passwd"))
    }

    @Test func continuousShowPrintsPagesInOrder() throws {
        let vault = try TempVault.example()
        try expect(Mutation.run(vault, ["order", "Personal/Recipes", "Lentil soup", "Weeknight pasta"]).status, equals: 0)
        let result = try Mutation.run(vault, ["show", "Personal/Recipes", "--continuous"])
        expect(result.status, equals: 0, "\(result.stderr)")
        let pages = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("— page ") }
        expect(pages, equals: ["— page 1 —", "— page 2 —", "— page 3 —"])
        expect(result.stdout.hasPrefix("— page 1 —\nRed lentil soup\n\nFrom Mira's mum"))
        expect(!result.stdout.contains("tags:"))
        let second = try #require(result.stdout.range(of: "— page 2 —\n"))
        expect(result.stdout[second.upperBound...].hasPrefix("Weeknight pasta\n"))
    }

    @Test(arguments: [
        ["order", "Personal/Recipes", "Quarterly goals"], ["order", "../outside", "x"], ["order", "/etc", "x"],
        ["order", "Personal/Recipes", "--move", "Lentil soup", "--before", "Lentil soup"],
        ["order", "Personal/Recipes", "--move", "Lentil soup"], ["order", "Personal/Recipes", "x", "--clear"],
    ])
    func refusesNotesOfOtherFoldersAndBadArguments(_ args: [String]) throws {
        let vault = try TempVault.example()
        let before = try vault.snapshot()
        let result = try Mutation.run(vault, args)
        expect(result.status, equals: 2, "\(result.stderr)")
        try expect(vault.snapshot(), equals: before)
    }

    @Test func neverWritesThroughASymlinkedOrderFile() throws {
        let vault = try TempVault.example()
        let outside = try HostileVault.outsideFolder(of: vault)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(
            atPath: vault.path + "/.notez/order.yaml", withDestinationPath: outside.appendingPathComponent("keep.txt").path)
        let result = try Mutation.run(vault, ["order", "Personal/Recipes", "Lentil soup"])
        expect(result.status != 0)
        expect(HostileVault.files(in: outside)["keep.txt"], equals: Data("outside\n".utf8))
    }
}
