import Dispatch
import Synchronization

/// An answer that may come later, from another thread: a handler fulfils it once, and the
/// front either finds it ready or is called back when it is (to resume the connection it
/// suspended meanwhile). In-process callers may instead wait for it.
public final class HTTPPendingAnswer: Sendable {
    private enum State: Sendable {
        /// Not yet: who to call back, and the semaphore of those blocked in `wait`, made by the
        /// first of them (most answers come at once, and nobody waits).
        case waiting(callback: (@Sendable () -> Void)?, arrived: DispatchSemaphore?)
        case ready(HTTPResponse)
    }

    private let state = Mutex(State.waiting(callback: nil, arrived: nil))

    public init() {}

    /// Sets the answer (only the first one counts) and calls back whoever waits for it.
    public func fulfil(_ response: HTTPResponse) {
        let waiting = state.withLock { state -> (callback: (@Sendable () -> Void)?, arrived: DispatchSemaphore?)? in
            guard case .waiting(let callback, let arrived) = state else { return nil }
            state = .ready(response)
            return (callback, arrived)
        }
        guard let waiting else { return }
        waiting.arrived?.signal()
        waiting.callback?()
    }

    /// The answer, if it has come.
    public var response: HTTPResponse? {
        state.withLock { state in
            if case .ready(let response) = state { return response }
            return nil
        }
    }

    /// Calls `callback` once the answer is there: now (on this thread) when it already is.
    func whenReady(_ callback: @escaping @Sendable () -> Void) {
        let isReady = state.withLock { state -> Bool in
            guard case .waiting(_, let arrived) = state else { return true }
            state = .waiting(callback: callback, arrived: arrived)
            return false
        }
        if isReady { callback() }
    }

    /// Blocks until the answer is there, at most `timeout` (nil: for as long as it takes).
    public func wait(timeout: Duration? = nil) -> HTTPResponse? {
        let arrived = state.withLock { state -> DispatchSemaphore? in
            guard case .waiting(let callback, let arrived) = state else { return nil }
            if let arrived { return arrived }
            let made = DispatchSemaphore(value: 0)
            state = .waiting(callback: callback, arrived: made)
            return made
        }
        guard let arrived else { return response }
        if let timeout {
            guard arrived.wait(timeout: .now() + .nanoseconds(HTTPServer.nanoseconds(timeout))) == .success else { return response }
        } else {
            arrived.wait()
        }
        // Passed on, so that every waiter wakes.
        arrived.signal()
        return response
    }

    /// `wait()` for callers that know the answer comes.
    public func wait() -> HTTPResponse {
        // Without a timeout the wait ends only with an answer.
        wait(timeout: nil) ?? HTTPResponse(status: 500)
    }
}
