import Dispatch
import Foundation

/// Runs a loop body over `0..<count` on all cores, in chunks large enough to keep dispatch cheap.
public enum Parallel {
    /// Calls `body(i)` for every `i` in `0..<count`, concurrently; returns when all calls are done.
    public static func forEach(_ count: Int, minimumChunk: Int = 64, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = max(minimumChunk, (count + workers * 8 - 1) / (workers * 8))
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            let start = part * chunk
            for index in start..<min(start + chunk, count) { body(index) }
        }
    }

    /// Calls `body(i)` for every `i` in `0..<count`, concurrently, each index claimed alone and in
    /// order: for a few units of very different sizes, given largest first.
    static func eachAlone(_ count: Int, _ body: @Sendable (Int) -> Void) {
        guard count > 0 else { return }
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }

    /// `first()` and `second()`, run at the same time (one of them on another thread).
    public static func both<First, Second>(_ first: @Sendable () -> First, _ second: @Sendable () -> Second) -> (First, Second) {
        let firsts = ResultSlots<First>(count: 1)
        let seconds = ResultSlots<Second>(count: 1)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { firsts.set(0, first()) } else { seconds.set(0, second()) }
        }
        return (firsts.takeValues()[0], seconds.takeValues()[0])
    }

    /// `body(i)` for every `i` in `0..<count`, computed concurrently, in index order.
    public static func map<Value>(_ count: Int, minimumChunk: Int = 64, _ body: @Sendable (Int) -> Value) -> [Value] {
        let results = ResultSlots<Value>(count: count)
        forEach(count, minimumChunk: minimumChunk) { index in results.set(index, body(index)) }
        return results.takeValues()
    }
}
