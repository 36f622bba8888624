import Dispatch
import Synchronization

/// Runs catalogue reloads one at a time, off the request path, and coalesces requests: those
/// made while one runs are served by a single reload after it, so a storm of saves or of
/// SIGHUPs costs two reloads, not one each.
final class CatalogueReloads: Sendable {
    private struct State {
        var isActive = false
        var isPending = false
    }

    private let serial = Mutex(())
    private let state = Mutex(State())
    /// Below the request threads' priority: a reload yields to serving.
    private let queue = DispatchQueue(label: "vitrine.catalogue-reload", qos: .utility)

    /// Runs `body` alone (another reload waits for its end).
    func run<Result: Sendable>(_ body: () -> Result) -> Result {
        serial.withLock { _ in body() }
    }

    /// Runs `reload` on the reload queue, now or after the one running.
    func request(_ reload: @escaping @Sendable () -> Void) {
        let starts = state.withLock { state -> Bool in
            guard !state.isActive else {
                state.isPending = true
                return false
            }
            state.isActive = true
            return true
        }
        guard starts else { return }
        queue.async { [self] in
            var again = true
            while again {
                reload()
                again = state.withLock { state -> Bool in
                    guard state.isPending else {
                        state.isActive = false
                        return false
                    }
                    state.isPending = false
                    return true
                }
            }
        }
    }
}
