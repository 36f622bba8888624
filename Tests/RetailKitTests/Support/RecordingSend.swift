import FlowCore
import Foundation
@testable import RetailKit

/// The tracker's `send`, recording every batch body; answers are scripted (a success when
/// none is left), and a gate can hold sends until the test opens it.
final class RecordingSend: Sendable {
    private struct State {
        var bodies: [Data] = []
        var script: [HomeAPIError?] = []
        var inFlight = 0
        var mostInFlight = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var isGateClosed = false
        var arrivals: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    var bodies: [Data] { state.withLock { $0.bodies } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    /// Event ids of each batch sent.
    var batches: [[String]] {
        bodies.map { body in
            ((try? JSONParser.parse(body))?["events"]?.arrayValue ?? []).compactMap { $0["event_id"]?.stringValue }
        }
    }

    func script(_ answers: HomeAPIError?...) {
        state.withLock { $0.script += answers }
    }

    func closeGate() { state.withLock { $0.isGateClosed = true } }

    func openGate() {
        let held = state.withLock { state in
            state.isGateClosed = false
            defer { state.held.removeAll() }
            return state.held
        }
        for continuation in held { continuation.resume() }
    }

    /// Returns once `count` sends have started.
    func waitForSends(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.bodies.count >= count { return true }
                state.arrivals.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    var send: @Sendable (Data) async throws -> Void {
        { body in
            let ready = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.bodies.append(body)
                state.inFlight += 1
                state.mostInFlight = max(state.mostInFlight, state.inFlight)
                let ready = state.arrivals.filter { $0.count <= state.bodies.count }.map(\.continuation)
                state.arrivals.removeAll { $0.count <= state.bodies.count }
                return ready
            }
            for continuation in ready { continuation.resume() }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let held = self.state.withLock { state in
                    if state.isGateClosed { state.held.append(continuation) }
                    return state.isGateClosed
                }
                if !held { continuation.resume() }
            }
            let failure = self.state.withLock { state -> HomeAPIError? in
                state.inFlight -= 1
                return state.script.isEmpty ? nil : state.script.removeFirst()
            }
            if let failure { throw failure }
        }
    }
}
