import Dispatch
import Foundation
import Synchronization

/// Waits for SIGINT or SIGTERM: the signals are delivered as ordinary calls (`SignalPipe`),
/// so stopping runs as ordinary code (draining the server) rather than inside a handler where
/// almost nothing is allowed.
///
/// Listening starts in `init`, so a caller can announce readiness afterwards and be sure a
/// signal sent from then on is caught.
final class TerminationSignals: Sendable {
    private let signals: [Int32]
    private let state = Mutex(State())

    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
    }

    init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        self.signals = signals
        for number in signals {
            SignalPipe.shared.listen(to: number) { [weak self] number in self?.deliver(number) }
        }
    }

    /// The first signal received. Afterwards the signals get their default action back, so
    /// a second Ctrl-C ends a stop that hangs.
    func next() async -> Int32 {
        let number = await withCheckedContinuation { continuation in
            state.withLock { state in
                if let received = state.received {
                    continuation.resume(returning: received)
                } else {
                    state.waiter = continuation
                }
            }
        }
        restoreDefaults()
        return number
    }

    deinit {
        restoreDefaults()
    }

    private func restoreDefaults() {
        for number in signals { SignalPipe.shared.stopListening(to: number) }
    }

    private func deliver(_ number: Int32) {
        state.withLock { state in
            guard state.received == nil else { return }
            state.received = number
            state.waiter?.resume(returning: number)
            state.waiter = nil
        }
    }

    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(number)"
        }
    }
}
