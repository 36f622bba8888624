import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The limits libmicrohttpd cannot express, kept by one thread of our own: a deadline for a
/// whole request head, a minimum body rate over a sliding window and a deadline for a whole
/// body, connections per client address (IPv6 by /64), and shorter deadlines under pressure.
///
/// libmicrohttpd 0.9.75 only has an idle timer, which every received byte resets, so a client
/// that sends a byte every few seconds holds its connection for ever. Each connection is
/// registered here while it is open, with its client's address and what it is doing since
/// when; every `tick` the watch shuts down the socket of one that is past its deadline, and
/// libmicrohttpd, seeing the end of the stream, closes and frees it through its usual path.
///
/// **Pressure.** Past `Limits.highWater` open connections, the watch cuts connections that
/// have been in a head (or a slow body) for longer than `pressureHeadTimeout`, oldest first,
/// down to `lowWater`; and the accept policy admits a new connection only from an address
/// holding less than its fair share (`highWater` over the addresses holding connections). So
/// clients trickling from a few dozen addresses cannot fill the server: it stays near the
/// high-water mark and a client from another address is accepted at once.
///
/// A socket is only shut down while its connection is registered, under the lock that
/// unregistering takes, and libmicrohttpd unregisters it (connection-notify `CLOSED`) before
/// it closes the descriptor: so the descriptor can never be one reused by a newer connection.
final class HTTPConnectionWatch: Sendable {
    enum Phase: Sendable, Equatable {
        /// Waiting for a request line and headers (a new connection, or one between requests).
        case head(since: ContinuousClock.Instant)
        /// Reading a body: the bytes of its recent past.
        case body(HTTPBodyRateWindow)
        /// Handled, answering or suspended: not the client's time.
        case busy
    }

    /// Why the watch cut a connection, for the access log.
    enum Cut: String, Sendable {
        case headTimeout = "head-timeout"
        case slowBody = "slow-body"
        case bodyTimeout = "body-timeout"
        case pressure = "pressure"
    }

    struct Limits: Sendable {
        var headTimeout: Duration
        var minimumBodyRate: Int
        /// The sliding window the body rate is measured over; also the grace before it counts.
        var bodyRateWindow: Duration
        var maxBodyDuration: Duration
        var maxConnectionsPerAddress: Int
        /// Open connections past which the watch is under pressure.
        var highWater: Int
        /// Where cutting under pressure stops.
        var lowWater: Int
        var pressureHeadTimeout: Duration
    }

    /// One open connection as the watch follows it: the connection keeps it (`HTTPConnection`)
    /// and names it on every change, so a change costs no lookup.
    final class Slot: @unchecked Sendable {
        // @unchecked: `phase` and `cut` are read and written under the watch's lock only.
        let id: Int
        let descriptor: Int32
        let address: String
        fileprivate(set) var phase: Phase
        fileprivate(set) var cut: Cut?

        fileprivate init(id: Int, descriptor: Int32, address: String, phase: Phase) {
            self.id = id
            self.descriptor = descriptor
            self.address = address
            self.phase = phase
        }
    }

    private struct State {
        var entries: [Int: Slot] = [:]
        /// Open connections per client address (`HTTPConnection.clientAddress`).
        var perAddress: [String: Int] = [:]
        /// Body bytes received since glibc was last asked to give free memory back.
        var bodyBytesSinceTrim = 0
    }

    let limits: Limits
    private let state = Mutex(State())
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
    var count: Int { state.withLock { $0.entries.count } }

    /// Whether a new connection from `address` may be accepted (the accept policy).
    func admits(_ address: String) -> Bool {
        state.withLock { state in
            let held = state.perAddress[address] ?? 0
            guard held < limits.maxConnectionsPerAddress else { return false }
            guard state.entries.count >= limits.highWater else { return true }
            let addresses = state.perAddress.count + (held == 0 ? 1 : 0)
            return held < max(1, limits.highWater / max(1, addresses))
        }
    }

    func register(descriptor: Int32, address: String, at now: ContinuousClock.Instant = .now) -> Slot {
        let slot = Slot(id: nextID.wrappingAdd(1, ordering: .relaxed).newValue, descriptor: descriptor, address: address, phase: .head(since: now))
        state.withLock { state in
            state.entries[slot.id] = slot
            state.perAddress[address, default: 0] += 1
        }
        return slot
    }

    /// Forgets a connection; returns why it was cut, if it was.
    @discardableResult
    func unregister(_ slot: Slot) -> Cut? {
        defer { noteChange() }
        return state.withLock { state in
            guard state.entries.removeValue(forKey: slot.id) != nil else { return nil }
            let left = (state.perAddress[slot.address] ?? 1) - 1
            state.perAddress[slot.address] = left > 0 ? left : nil
            return slot.cut
        }
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

    func enter(_ phase: Phase, for slot: Slot) {
        state.withLock { _ in slot.phase = phase }
    }

    /// A body begins on the connection.
    func enterBody(for slot: Slot, at now: ContinuousClock.Instant = .now) {
        enter(.body(HTTPBodyRateWindow(length: limits.bodyRateWindow, start: now)), for: slot)
    }

    /// Counts body bytes for the rate.
    func received(_ bytes: Int, for slot: Slot, at now: ContinuousClock.Instant = .now) {
        state.withLock { state in
            state.bodyBytesSinceTrim += bytes
            if case .body(var window) = slot.phase {
                // Taken out first, so the window's slices are not shared while they change.
                slot.phase = .busy
                window.add(bytes, at: now)
                slot.phase = .body(window)
            }
        }
    }

    /// Why the watch cut the connection, once it has.
    func cut(of slot: Slot) -> Cut? {
        state.withLock { _ in slot.cut }
    }

    /// Shuts down every connection past its deadline at `now`, and under pressure the oldest
    /// heads and slow bodies past `pressureHeadTimeout`; returns how many.
    @discardableResult
    func enforce(at now: ContinuousClock.Instant) -> Int {
        state.withLock { state in
            var cuts = 0
            for slot in state.entries.values where slot.cut == nil {
                guard let cut = verdict(&slot.phase, at: now) else { continue }
                shutdown(slot.descriptor, Int32(SHUT_RDWR))
                slot.cut = cut
                cuts += 1
            }
            return cuts + relievePressure(&state, at: now)
        }
    }

    private func verdict(_ phase: inout Phase, at now: ContinuousClock.Instant) -> Cut? {
        switch phase {
        case .head(let since):
            return now - since > limits.headTimeout ? .headTimeout : nil
        case .body(var window):
            defer { phase = .body(window) }
            let elapsed = now - window.start
            if elapsed > limits.maxBodyDuration { return .bodyTimeout }
            guard elapsed >= window.length else { return nil }
            return Double(window.bytes(at: now)) < Double(limits.minimumBodyRate) * Self.seconds(window.length) ? .slowBody : nil
        case .busy:
            return nil
        }
    }

    /// Under pressure, cuts the connections longest in a head, then those whose body has
    /// brought the least lately, while they are past `pressureHeadTimeout`, down to `lowWater`.
    private func relievePressure(_ state: inout State, at now: ContinuousClock.Instant) -> Int {
        let open = state.entries.values.reduce(0) { $0 + ($1.cut == nil ? 1 : 0) }
        guard open >= limits.highWater else { return 0 }
        var candidates: [(id: Int, headSince: ContinuousClock.Instant?, recentBytes: Int)] = []
        for (id, entry) in state.entries where entry.cut == nil {
            switch entry.phase {
            case .head(let since) where now - since > limits.pressureHeadTimeout:
                candidates.append((id, since, 0))
            case .body(var window) where now - window.start > limits.pressureHeadTimeout:
                let recent = window.bytes(at: now)
                if Double(recent) < Double(limits.minimumBodyRate) * Self.seconds(min(now - window.start, window.length)) {
                    candidates.append((id, nil, recent))
                }
            default:
                continue
            }
        }
        candidates.sort { lhs, rhs in
            switch (lhs.headSince, rhs.headSince) {
            case let (left?, right?): return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.recentBytes < rhs.recentBytes
            }
        }
        let cuts = min(candidates.count, open - limits.lowWater)
        for candidate in candidates.prefix(max(0, cuts)) {
            guard let slot = state.entries[candidate.id] else { continue }
            shutdown(slot.descriptor, Int32(SHUT_RDWR))
            slot.cut = .pressure
        }
        return max(0, cuts)
    }

    /// Whether glibc should be asked to give memory back now: bodies worth `threshold` bytes
    /// have come and gone, and none is arriving. Resets the count when it answers yes.
    func shouldReleaseMemory(threshold: Int) -> Bool {
        state.withLock { state in
            guard state.bodyBytesSinceTrim >= threshold else { return false }
            guard !state.entries.values.contains(where: { if case .body = $0.phase { return true } else { return false } }) else { return false }
            state.bodyBytesSinceTrim = 0
            return true
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Starts the watch thread: every `tick`, `enforce` and then `alsoEachTick` (the core's
    /// look for suspended connections whose client left, and its memory release).
    func start(tick: Duration, alsoEachTick: @escaping @Sendable () -> Void) {
        guard !isRunning.exchange(true, ordering: .relaxed) else { return }
        let interval = HTTPServer.nanoseconds(tick)
        let thread = Thread { [self] in
            Thread.current.name = "vitrine-watch"
            while stopRequested.wait(timeout: .now() + .nanoseconds(interval)) == .timedOut {
                enforce(at: .now)
                alsoEachTick()
            }
            exited.signal()
        }
        thread.start()
    }

    /// Stops the thread and waits for it, so nothing runs after the daemon is gone.
    func stop() {
        guard isRunning.exchange(false, ordering: .relaxed) else { return }
        stopRequested.signal()
        exited.wait()
    }
}
