import Testing

// Swift Testing's `#expect` costs the type checker 10-40 ms at each use (two macro expansions and
// the generic call they expand to): with 4,500 uses, rebuilding the test targets took 490 s of CPU,
// and 251 s with these plain functions, which record issues at the same source location.

/// Records an issue at the caller's line when `condition` is false or throws.
public func expect(
    _ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        if try !condition() { Issue.record(comment() ?? "Expectation failed", sourceLocation: sourceLocation) }
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
}

/// Records an issue showing both values when `actual` is not `expected`.
public func expect<Value: Equatable>(
    _ actual: Value, equals expected: Value, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    var text = "Expected \(String(describingForTest: expected)), got \(String(describingForTest: actual))"
    if let comment = comment() { text += ": \(comment.rawValue)" }
    Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
}

/// Runs `body` and records an issue unless it throws an error of type `Failure` (`Never`: unless it
/// returns); returns that error.
@discardableResult
public func expect<Failure: Error, Result>(
    throws _: Failure.Type, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, performing body: () throws -> Result
) -> Failure? {
    do {
        _ = try body()
        if Failure.self != Never.self {
            Issue.record(comment() ?? "Expected \(Failure.self) to be thrown", sourceLocation: sourceLocation)
        }
    } catch let error as Failure {
        return error
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
    return nil
}

/// Runs `body` and records an issue unless it throws an error equal to `expected`; returns it.
@discardableResult
public func expect<Failure: Error & Equatable, Result>(
    throws expected: Failure, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, performing body: () throws -> Result
) -> Failure? {
    do {
        _ = try body()
        Issue.record(comment() ?? "Expected \(expected) to be thrown", sourceLocation: sourceLocation)
    } catch let error as Failure where error == expected {
        return error
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
    return nil
}
