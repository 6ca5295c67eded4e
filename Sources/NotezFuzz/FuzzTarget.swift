/// The fuzz targets; each names its executable (`fuzz-NAME`) and its seed corpus (`Tests/Fuzz/NAME`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `FrontMatterBlock.scan`, `FrontMatterDocument.parse`, `NoteReader.parse`, `YAMLValue.parse`.
    case frontMatter = "front-matter"
    /// `FrontMatterEditor`: accepted edits read back as intended and keep every other byte.
    case frontMatterEdit = "front-matter-edit"
    /// `QueryParser` and `QuerySerializer`: parse, serialize, parse again gives the same tree.
    case query

    /// Runs this target's checks on one input; throws when an invariant does not hold.
    ///
    /// A crash or a hang inside the code under test is not caught here: libFuzzer reports those.
    public func check(_ bytes: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .frontMatter: try FrontMatterFuzzCheck.check(bytes)
        case .frontMatterEdit: try FrontMatterEditFuzzCheck.check(bytes)
        case .query: try QueryFuzzCheck.check(bytes)
        }
    }
}
