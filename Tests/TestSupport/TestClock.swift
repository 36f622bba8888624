import Foundation

/// A manual clock for every test target: time moves only when a test calls `advance(by:)`,
/// which resumes every sleeper whose deadline has come, in deadline order. Nothing really
/// sleeps.
public final class TestClock: Clock, Sendable {
    public struct Instant: InstantProtocol {
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = TestLock(State())
    /// Called whenever a sleeper registers (from the sleeping task's thread).
    public let onSleeper: (@Sendable () -> Void)?

    public init(onSleeper: (@Sendable () -> Void)? = nil) {
        self.onSleeper = onSleeper
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Sleepers waiting for their deadline.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline waited for, as a duration from now.
    public var nextDeadline: Duration? {
        state.withLock { state in state.sleepers.values.map(\.deadline).min().map { state.now.duration(to: $0) } }
    }

    /// Returns once at least `count` sleepers wait: a timer created by the code under test
    /// has then registered its deadline, so an `advance` short of it provably leaves it waiting.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action { case resume, cancel, wait }
                var satisfiedWaiters: [CheckedContinuation<Void, Never>] = []
                let action: Action = state.withLock { state in
                    if state.cancelled.remove(id) != nil { return .cancel }
                    if deadline <= state.now { return .resume }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let count = state.sleepers.count
                    satisfiedWaiters = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                    state.sleeperWaiters.removeAll { $0.count <= count }
                    return .wait
                }
                for waiter in satisfiedWaiters { waiter.resume() }
                switch action {
                case .resume: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait: onSleeper?()
                }
            }
        } onCancel: {
            // Ordering: cancellation may come before the sleeper is stored; the mark makes
            // the registration above throw instead of waiting forever.
            let sleeper = state.withLock { state in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return Optional(sleeper) }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }
}

/// A wall clock that moves only when told.
public final class ManualDate: Sendable {
    private let current: TestLock<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_780_000_000)) {
        current = TestLock(start)
    }

    public var now: Date { current.withLock { $0 } }
    public var function: @Sendable () -> Date { { self.now } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// The clocks' own lock. Why not `Synchronization.Mutex`: on Linux it hands a contended lock
/// over through a priority-inheritance futex, which Thread Sanitizer cannot see, so
/// `make test-tsan` would report races that are not there. `NSLock` is a pthread mutex.
final class TestLock<Value>: @unchecked Sendable {
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
