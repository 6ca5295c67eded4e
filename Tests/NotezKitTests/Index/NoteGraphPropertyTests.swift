import Foundation
import NotezTestSupport
import Testing

@testable import NotezKit

/// The graph terms and walks against a brute-force reading of random vaults' links: the generator
/// knows which note links to which, and walks of every length are counted by matrix products
/// (no breadth-first search), so the two cannot share a mistake.
struct NoteGraphPropertyTests {
    /// A random vault: `n0` … `nK` in a few folders, with wikilinks, embeds, Markdown links, links
    /// to missing notes, to attachments and to themselves.
    struct RandomVault {
        let folder: ScratchFolder
        let count: Int
        var adjacency: [[Bool]]
        var paths: [String]

        init(_ generator: inout SeededGenerator) throws {
            folder = try ScratchFolder()
            count = Int.random(in: 2...16, using: &generator)
            adjacency = Array(repeating: Array(repeating: false, count: count), count: count)
            paths = (0..<count).map { number in
                ["", "a/", "b/c/"][number % 3] + "n\(number).md"
            }
            try folder.write("img.png", "not an image")
            for source in 0..<count {
                var body = "# n\(source)\n"
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let target = Int.random(in: 0..<count, using: &generator)
                    switch Int.random(in: 0..<7, using: &generator) {
                    case 0: body += "see [[missing\(target)]]\n"
                    case 1: body += "![[img.png]]\n"
                    case 2: body += "embed ![[n\(target)]]\n"
                    case 3: body += "[md](n\(target).md)\n"
                    default: body += "link [[n\(target)|label]] and text\n"
                    }
                }
                try folder.write(paths[source], body)
            }
            // The truth, read back from the bodies by the markers the generator wrote.
            for source in 0..<count {
                let text = try String(contentsOfFile: folder.path + "/" + paths[source], encoding: .utf8)
                for target in 0..<count
                where text.contains("[[n\(target)|") || text.contains("![[n\(target)]]") || text.contains("(n\(target).md)") {
                    adjacency[source][target] = true
                }
            }
        }

        /// `walk[k][i][j]`: a walk of exactly k + 1 links from i to j.
        func walks(upTo depth: Int) -> [[[Bool]]] {
            var result = [adjacency]
            while result.count < depth {
                let last = result.last!
                var next = Array(repeating: Array(repeating: false, count: count), count: count)
                for i in 0..<count {
                    for k in 0..<count where last[i][k] {
                        for j in 0..<count where adjacency[k][j] { next[i][j] = true }
                    }
                }
                result.append(next)
            }
            return result
        }

        func within(_ depth: Int, _ pair: @escaping (Int, Int) -> (Int, Int)) -> (Int) -> Set<String> {
            let all = walks(upTo: depth)
            return { note in
                Set((0..<count).filter { other in
                    let (from, to) = pair(note, other)
                    return all.contains { $0[from][to] }
                }.map { paths[$0] })
            }
        }

        var orphans: Set<String> {
            let lonely: [Int] = (0..<count).filter { (note: Int) -> Bool in
                !(0..<count).contains { (other: Int) -> Bool in other != note && (adjacency[note][other] || adjacency[other][note]) }
            }
            return Set(lonely.map { paths[$0] })
        }

        var hubs: Set<String> {
            let counts = (0..<count).map { note in (0..<count).filter { $0 != note && adjacency[$0][note] }.count }
            let ranked = counts.filter { $0 > 0 }.sorted(by: >)
            guard !ranked.isEmpty else { return [] }
            let least = ranked.count > NoteGraph.hubCount ? ranked[NoteGraph.hubCount - 1] : ranked.last!
            return Set((0..<count).filter { counts[$0] > 0 && counts[$0] >= least }.map { paths[$0] })
        }
    }

    @Test func graphTermsMatchABruteForceReading() throws {
        var generator = SeededGenerator(seed: 0x32_6A)
        for round in 0..<20 {
            let vault = try RandomVault(&generator)
            let session = Vault(root: vault.folder.path, environment: [:])
            let index = try session.index()
            let graph = NoteGraph(index)
            func found(_ query: String) throws -> Set<String> {
                Set(try session.search(QueryParser.parse(query)).notes().map(\.path))
            }
            try expect(found("is:orphan"), equals: vault.orphans, "round \(round): orphans")
            try expect(found("is:hub"), equals: vault.hubs, "round \(round): hubs")
            for _ in 0..<3 {
                let note = Int.random(in: 0..<vault.count, using: &generator)
                let depth = Int.random(in: 1...4, using: &generator)
                let name = "n\(note)"
                let reaching = vault.within(depth) { ($1, $0) }(note)
                let reached = vault.within(depth) { ($0, $1) }(note)
                try expect(found("links-to:\(name)~\(depth)"), equals: reaching, "round \(round): links-to:\(name)~\(depth)")
                try expect(found("linked-by:\(name)~\(depth)"), equals: reached, "round \(round): linked-by:\(name)~\(depth)")
                if depth == 1 {
                    // The old names mean the same.
                    try expect(found("links:\(name)"), equals: reaching)
                    try expect(found("linkedfrom:\(name)"), equals: reached)
                }
                // Walks agree on distances: a shortest path is as long as the first walk length that reaches.
                let other = Int.random(in: 0..<vault.count, using: &generator)
                let start = index.position(ofPath: vault.paths[note])!
                let end = index.position(ofPath: vault.paths[other])!
                let all = vault.walks(upTo: vault.count)
                let shortest = note == other ? 0 : all.firstIndex { $0[note][other] }.map { $0 + 1 }
                let path = graph.shortestPath(from: start, to: end, .forward)
                expect(path.map { $0.count - 1 }, equals: shortest, "round \(round): path n\(note) → n\(other)")
                if let path {
                    for (a, b) in zip(path, path.dropFirst()) {
                        let (i, j) = (vault.paths.firstIndex(of: index.path(at: a))!, vault.paths.firstIndex(of: index.path(at: b))!)
                        expect(vault.adjacency[i][j], "round \(round): a step of the path is a link")
                    }
                }
            }
        }
    }

    @Test func depthSyntaxParsesSerializesAndRefuses() throws {
        try expect(QueryParser.parse("links-to:a~2"), equals: .linksTo("a", depth: 2))
        try expect(QueryParser.parse("linked-by:\"a b\"~3"), equals: .linkedFrom("a b", depth: 3))
        try expect(QueryParser.parse("links:\"x~2\""), equals: .linksTo("x~2"))
        try expect(QueryParser.parse("linkedfrom:x"), equals: .linkedFrom("x"))
        try expect(QueryParser.parse("is:orphan -is:hub"), equals: .and([.orphan, .not(.hub)]))
        for node: QueryNode in [.linksTo("x~2"), .linksTo("x~", depth: 4), .linkedFrom("a b", depth: 99), .linksTo("a"), .hub, .orphan] {
            try expect(QueryParser.parse(QuerySerializer.serialize(node)), equals: node, "\(node)")
        }
        expect(QuerySerializer.serialize(.linksTo("a", depth: 2)), equals: "links-to:a~2")
        expect(QuerySerializer.serialize(.linkedFrom("a")), equals: "linked-by:a")
        for bad in ["links-to:a~0", "links-to:a~100", "links-to:~2", "linked-by:\"a\"~x", "is:hubs", "links-to:a~"] {
            expect(throws: QueryError.self, "\(bad)") { try QueryParser.parse(bad) }
        }
        expect(QueryNode.and([.linksTo("a"), .not(.linkedFrom("b", depth: 3))]).withLinkDepth(2), equals: .and([.linksTo("a", depth: 2), .not(.linkedFrom("b", depth: 3))]))
    }

    @Test func dotNamesCannotEscapeTheirStrings() {
        let hostile = "a\" -> \"b\"; x [label=\"y\\\n}"
        let text = GraphDot.text(nodes: [GraphDot.Node(path: hostile, label: hostile)], edges: [(hostile, hostile)])
        // Every line is one statement: the name's quote and backslash are escaped, its line break a space.
        expect(text.split(separator: "\n").count, equals: 5)
        expect(GraphDot.quote(hostile), equals: "\"a\\\" -> \\\"b\\\"; x [label=\\\"y\\\\ }\"")
    }
}
