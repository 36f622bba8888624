import Dispatch
import Foundation
import Synchronization

/// Waits for SIGINT or SIGTERM without a signal handler: the signals are ignored as such and
/// delivered as Dispatch sources instead, so stopping runs as ordinary code (draining the
/// server) rather than inside a handler where almost nothing is allowed.
///
/// Listening starts in `init`, so a caller can announce readiness afterwards and be sure a
/// signal sent from then on is caught.
final class TerminationSignals: Sendable {
    private let signals: [Int32]
    private let queue = DispatchQueue(label: "vitrine.termination-signals")
    private let state = Mutex(State())

    private struct State {
        var sources: [any DispatchSourceSignal] = []
        var received: Int32?
        var waiter: CheckedContinuation<Int32, Never>?
    }

    init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        self.signals = signals
        state.withLock { state in
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [weak self] in self?.deliver(number) }
                source.resume()
                state.sources.append(source)
            }
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
        state.withLock { state in
            for source in state.sources { source.cancel() }
            state.sources = []
        }
        for number in signals { signal(number, SIG_DFL) }
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
