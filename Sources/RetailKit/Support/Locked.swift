import Foundation

/// A value behind a lock, for state that threads outside any actor share (the analytics
/// hand-off queue, test servers' logs).
///
/// Why not `Synchronization.Mutex`: on Linux it hands a contended lock over through a
/// priority-inheritance futex, which Thread Sanitizer cannot see, so `make test-tsan` would
/// report races that are not there. `NSLock` is a pthread mutex, which TSan understands.
final class Locked<Value>: @unchecked Sendable {
    // Safe: `value` is only read or written inside `withLock`, which holds `lock` throughout.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
