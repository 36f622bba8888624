import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The limits libmicrohttpd cannot express, kept by one thread of our own: a deadline for a
/// whole request head and a minimum average rate for a body.
///
/// libmicrohttpd 0.9.75 only has an idle timer, which every received byte resets, so a client
/// that sends a byte every few seconds holds its connection for ever. Each connection is
/// registered here while it is open, with what it is doing and since when; every `tick` the
/// watch shuts down the socket of one that is past its deadline, and libmicrohttpd, seeing
/// the end of the stream, closes and frees it through its usual path.
///
/// A socket is only shut down while its connection is registered, under the lock that
/// unregistering takes, and libmicrohttpd unregisters it (connection-notify `CLOSED`) before
/// it closes the descriptor: so the descriptor can never be one reused by a newer connection.
final class HTTPConnectionWatch: Sendable {
    enum Phase: Sendable, Equatable {
        /// Waiting for a request line and headers (a new connection, or one between requests).
        case head(since: ContinuousClock.Instant)
        /// Reading a body: bytes so far.
        case body(since: ContinuousClock.Instant, bytes: Int)
        /// Handled, answering or suspended: not the client's time.
        case busy
    }

    /// Why the watch cut a connection, for the access log.
    enum Cut: String, Sendable {
        case headTimeout = "head-timeout"
        case slowBody = "slow-body"
    }

    struct Limits: Sendable {
        var headTimeout: Duration
        var minimumBodyRate: Int
        var bodyRateGrace: Duration
    }

    private struct Entry {
        let descriptor: Int32
        var phase: Phase
        var cut: Cut?
    }

    let limits: Limits
    private let entries = Mutex<[Int: Entry]>([:])
    private let nextID = Atomic<Int>(0)
    private let stopRequested = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let isRunning = Atomic<Bool>(false)
    /// Broadcast whenever a connection closes or a suspension ends, for `waitForChange`.
    private let changes = NSCondition()

    init(limits: Limits) {
        self.limits = limits
    }

    /// Connections open now.
    var count: Int { entries.withLock { $0.count } }

    func register(descriptor: Int32) -> Int {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        entries.withLock { $0[id] = Entry(descriptor: descriptor, phase: .head(since: .now)) }
        return id
    }

    /// Forgets a connection; returns why it was cut, if it was.
    @discardableResult
    func unregister(_ id: Int) -> Cut? {
        defer { noteChange() }
        return entries.withLock { $0.removeValue(forKey: id)?.cut }
    }

    /// Wakes whoever waits in `wait(until:timeout:)`.
    func noteChange() {
        changes.lock()
        changes.broadcast()
        changes.unlock()
    }

    /// Waits until `condition` holds, re-reading it after every change, for at most `timeout`.
    func wait(until condition: () -> Bool, timeout: Duration) -> Bool {
        let deadline = Date().addingTimeInterval(Double(HTTPServer.nanoseconds(timeout)) / 1e9)
        changes.lock()
        defer { changes.unlock() }
        while !condition() {
            // A change between the check and the wait is not lost: it is broadcast under the lock.
            guard changes.wait(until: deadline) else { return condition() }
        }
        return true
    }

    func enter(_ phase: Phase, for id: Int) {
        entries.withLock { $0[id]?.phase = phase }
    }

    /// Counts body bytes for the rate.
    func received(_ bytes: Int, for id: Int) {
        entries.withLock { entries in
            if case .body(let since, let total)? = entries[id]?.phase {
                entries[id]?.phase = .body(since: since, bytes: total + bytes)
            }
        }
    }

    func cut(of id: Int) -> Cut? {
        entries.withLock { $0[id]?.cut }
    }

    /// Shuts down every connection past its deadline at `now`; returns how many.
    @discardableResult
    func enforce(at now: ContinuousClock.Instant) -> Int {
        entries.withLock { entries in
            var cuts = 0
            for (id, entry) in entries where entry.cut == nil {
                guard let cut = verdict(entry.phase, at: now) else { continue }
                shutdown(entry.descriptor, Int32(SHUT_RDWR))
                entries[id]?.cut = cut
                cuts += 1
            }
            return cuts
        }
    }

    private func verdict(_ phase: Phase, at now: ContinuousClock.Instant) -> Cut? {
        switch phase {
        case .head(let since):
            return now - since > limits.headTimeout ? .headTimeout : nil
        case .body(let since, let bytes):
            let elapsed = now - since
            guard elapsed > limits.bodyRateGrace else { return nil }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return Double(bytes) < Double(limits.minimumBodyRate) * seconds ? .slowBody : nil
        case .busy:
            return nil
        }
    }

    /// Starts the watch thread: every `tick`, `enforce` and then `alsoEachTick` (the core's
    /// look for suspended connections whose client left).
    func start(tick: Duration, alsoEachTick: @escaping @Sendable () -> Void) {
        guard !isRunning.exchange(true, ordering: .relaxed) else { return }
        let interval = HTTPServer.nanoseconds(tick)
        let thread = Thread { [self] in
            while stopRequested.wait(timeout: .now() + .nanoseconds(interval)) == .timedOut {
                enforce(at: .now)
                alsoEachTick()
            }
            exited.signal()
        }
        thread.name = "vitrine-http-watch"
        thread.start()
    }

    /// Stops the thread and waits for it, so nothing runs after the daemon is gone.
    func stop() {
        guard isRunning.exchange(false, ordering: .relaxed) else { return }
        stopRequested.signal()
        exited.wait()
    }
}
