/// Fixed slots written by many threads, each slot by exactly one.
final class ResultSlots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    // Each index is written by one worker only, and read after all workers joined.
    func set(_ index: Int, _ value: Value) { storage[index] = value }

    func values() -> [Value] { storage.map { $0! } }

    /// Moves the values out (no copies, no reference count traffic); the slots become empty.
    func takeValues() -> [Value] { (0..<storage.count).map { storage[$0].take()! } }

    /// As `takeValues`, of the slots that were set, in order (others were left unset on purpose).
    func takeSetValues() -> [Value] { (0..<storage.count).compactMap { storage[$0].take() } }
}
