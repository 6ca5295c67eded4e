extension NoteScreen {
    /// The screen of `query`: its tag and folder terms as tests, and the keys of all its tag terms.
    init(_ query: QueryNode) {
        var keys: [TagKey] = []
        func visit(_ node: QueryNode) {
            switch node {
            case .tag(let value): keys.append(TagKey(value))
            case .and(let operands), .or(let operands): operands.forEach(visit)
            case .not(let operand): visit(operand)
            default: break
            }
        }
        visit(query)
        self.init(test: NoteScreen.test(query), tagKeys: keys) { value, folder in QueryEvaluator.Run.folderMatcher(value)(folder) }
    }

    private static func test(_ query: QueryNode) -> Test {
        switch query {
        case .tag(let value):
            let key = Array(TagKey(value).rawValue.utf8)
            return key.allSatisfy({ $0 < 0x80 }) ? .tagText(key) : .all
        case .folder(let value): return .folder(value)
        case .unsorted: return .root
        case .and(let operands):
            let tests = operands.map(test).filter { $0 != .all }
            return tests.isEmpty ? .all : tests.count == 1 ? tests[0] : .and(tests)
        case .or(let operands):
            let tests = operands.map(test)
            return tests.contains(.all) ? .all : .or(tests)
        // NOT may hold what it rules out; titles, dates, words, properties and links need the note parsed.
        default: return .all
        }
    }
}
