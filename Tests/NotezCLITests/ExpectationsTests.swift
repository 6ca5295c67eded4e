import Foundation
import NotezTestSupport
import Testing

/// The plain functions that stand in for `#expect` (NotezTestSupport) record an issue exactly when
/// the macro would, at the caller's line, with both values of a failed equality.
struct ExpectationsTests {
    enum Sample: Error, Equatable { case bad, worse }

    static func thrower() throws -> Bool { throw Sample.bad }
    static func returns(_ value: Bool) throws -> Bool { value }

    @Test func passingExpectationsRecordNothing() {
        expect(true)
        expect(1 + 1, equals: 2)
        expect(try Self.returns(true))
        expect(throws: CocoaError.self) { throw CocoaError(.fileNoSuchFile) }
        expect(throws: Never.self) { 1 }
        expect(throws: Sample.bad) { throw Sample.bad }
        let caught = expect(throws: Sample.self) { throw Sample.worse }
        expect(caught, equals: .worse)
    }

    @Test func aFailedEqualityShowsBothValuesAtTheCallersLine() throws {
        let line = #_sourceLocation.line + 2
        try withKnownIssue {
            expect([1, 2], equals: [1], "the note list")
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Expected [1], got [1, 2]: the note list"]
                && issue.sourceLocation?.line == line
        }
    }

    @Test func eachFailureRecordsAnIssue() throws {
        withKnownIssue { expect(false, "shown") }
        try withKnownIssue { expect(try Self.thrower()) } matching: { $0.error as? Sample == .bad }
        withKnownIssue { expect(throws: Sample.self) {} }
        withKnownIssue { expect(throws: Never.self) { throw Sample.bad } }
        withKnownIssue { expect(throws: Sample.bad) { throw Sample.worse } }
        withKnownIssue { expect(throws: Sample.bad) {} }
    }
}
