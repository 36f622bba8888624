import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPSession`'s transfers on Apple platforms: one ephemeral URLSession with no cookie
/// store, no URL cache and no credential store, whose delegate refuses every redirect (the
/// 3xx is the answer) and cancels a task whose body crosses the cap (Apple's URLSession stops
/// reading at the cancel; its bytes are already decoded when the delegate sees them).
///
/// Compiled on Linux as well, so that it is type-checked there against FoundationNetworking's
/// URLSession, which has Apple's API; Linux sends through `CurlDriver`, since
/// FoundationNetworking keeps reading and inflating after a cancel.
final class URLSessionEngine: Sendable {
    private let session: URLSession
    private let delegate: URLSessionEngineDelegate

    init(timeouts: HTTPSession.Timeouts) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.timeoutIntervalForRequest = timeouts.idle.seconds
        configuration.timeoutIntervalForResource = timeouts.deadline.seconds
        let delegate = URLSessionEngineDelegate()
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    func send(_ request: HTTPSession.Request, limits: Limits) async throws -> HTTPSession.Response {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headerFields { urlRequest.setValue(value, forHTTPHeaderField: name) }
        // URLSessionTask is Sendable, and `cancel()` may be called from any thread.
        let task = session.dataTask(with: urlRequest)
        let cancellation = Cancellation()
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Ordering: registered before it starts or is cancelled, so no callback
                // arrives unclaimed.
                delegate.register(task.taskIdentifier, limits: limits, continuation: continuation)
                cancellation.start(task)
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Cancels a task for a Swift task, never before the delegate knows it:
    /// `withTaskCancellationHandler` runs its handler at once when the calling task is already
    /// cancelled, before the task is registered, and a completion the delegate does not know
    /// would be dropped, leaving the continuation waiting for ever. So the handler only marks,
    /// and the task is cancelled once registered.
    private final class Cancellation: Sendable {
        private struct State: Sendable {
            var task: URLSessionTask?
            var isCancelled = false
        }

        private let state = Mutex(State())

        func cancel() {
            let task = state.withLock { state -> URLSessionTask? in
                state.isCancelled = true
                return state.task
            }
            task?.cancel()
        }

        func start(_ task: URLSessionTask) {
            let cancelled = state.withLock { state -> Bool in
                state.task = task
                return state.isCancelled
            }
            if cancelled { task.cancel() } else { task.resume() }
        }
    }
}

extension Duration {
    /// In seconds, for URLSession's `TimeInterval`s.
    fileprivate var seconds: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
