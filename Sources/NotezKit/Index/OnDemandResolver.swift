import Foundation

/// A `LinkResolver` made on first use, then shared by every thread that asks. `check` answers
/// from the cache's stored resolutions and needs the whole vault's resolver (folding every note's
/// names) only when a note changed since the index read it or must be read again for a link.
final class OnDemandResolver: @unchecked Sendable {
    private let lock = NSLock()
    private var made: LinkResolver?
    private let make: @Sendable () -> LinkResolver

    /// A resolver that `make` builds when it is first needed.
    init(_ make: @escaping @Sendable () -> LinkResolver) { self.make = make }

    /// A resolver already made.
    convenience init(ready: LinkResolver) {
        self.init { ready }
    }

    /// The resolver, built on the first call (callers on other threads wait for it).
    var resolver: LinkResolver {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make()
        made = value
        return value
    }

    /// Whether it was built (for tests).
    var wasMade: Bool { lock.withLock { made != nil } }
}
