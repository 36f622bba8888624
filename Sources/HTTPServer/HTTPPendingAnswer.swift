import Dispatch
import Synchronization

/// An answer that may come later, from another thread: a handler fulfils it once, and the
/// front either finds it ready or is called back when it is (to resume the connection it
/// suspended meanwhile). In-process callers may instead wait for it.
public final class HTTPPendingAnswer: Sendable {
    private enum State: Sendable {
        case waiting((@Sendable () -> Void)?)
        case ready(HTTPResponse)
    }

    private let state = Mutex(State.waiting(nil))
    private let arrived = DispatchSemaphore(value: 0)

    public init() {}

    /// Sets the answer (only the first one counts) and calls back whoever waits for it.
    public func fulfil(_ response: HTTPResponse) {
        let callback = state.withLock { state -> (@Sendable () -> Void)?? in
            guard case .waiting(let callback) = state else { return .none }
            state = .ready(response)
            return .some(callback)
        }
        guard let callback else { return }
        arrived.signal()
        callback?()
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
            guard case .waiting = state else { return true }
            state = .waiting(callback)
            return false
        }
        if isReady { callback() }
    }

    /// Blocks until the answer is there, at most `timeout` (nil: for as long as it takes).
    public func wait(timeout: Duration? = nil) -> HTTPResponse? {
        if let response { return response }
        if let timeout {
            guard arrived.wait(timeout: .now() + .nanoseconds(HTTPServer.nanoseconds(timeout))) == .success else { return response }
        } else {
            arrived.wait()
        }
        arrived.signal()
        return response
    }

    /// `wait()` for callers that know the answer comes.
    public func wait() -> HTTPResponse {
        // Without a timeout the wait ends only with an answer.
        wait(timeout: nil) ?? HTTPResponse(status: 500)
    }
}
