import FlowRuntime
import Foundation

/// An action transport that holds every call until the test answers it.
final class ControlledTransport: ActionTransport, Sendable {
    struct Pending: Sendable {
        let call: ActionCall
        let continuation: CheckedContinuation<Data, any Error>
    }

    private struct State {
        var pending: [Pending] = []
        var sent: [ActionCall] = []
        var waiters: [CheckedContinuation<Pending, Never>] = []
    }

    private let state = Locked(State())

    /// Every call sent so far.
    var sent: [ActionCall] { state.withLock { $0.sent } }

    func send(_ call: ActionCall) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            let pending = Pending(call: call, continuation: continuation)
            let waiter = state.withLock { state in
                state.sent.append(call)
                if state.waiters.isEmpty {
                    state.pending.append(pending)
                    return Optional<CheckedContinuation<Pending, Never>>.none
                }
                return state.waiters.removeFirst()
            }
            waiter?.resume(returning: pending)
        }
    }

    /// The next call the transport receives (or has received and not handed out).
    func nextCall() async -> Pending {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.pending.isEmpty {
                    state.waiters.append(continuation)
                    return Optional<Pending>.none
                }
                return state.pending.removeFirst()
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
