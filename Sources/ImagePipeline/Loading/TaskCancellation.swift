import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancels a `URLSessionTask` for a Swift task, but never before the task's delegate knows it.
///
/// `withTaskCancellationHandler` runs its handler at once when the calling task is already
/// cancelled, before the operation has registered the URLSession task with its delegate. A
/// `cancel()` then can deliver `didCompleteWithError` to a delegate that does not know the
/// task yet, which drops it, and the continuation registered a moment later waits for ever.
/// So the handler only marks the handle, and the task is cancelled once it is registered.
public final class URLSessionTaskCancellation: Sendable {
    private struct State: Sendable {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let state = Mutex(State())

    public init() {}

    /// The handler's half: cancels the task if it is registered, else remembers to.
    public func cancel() {
        let task = state.withLock { state -> URLSessionTask? in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// The operation's half, once the delegate knows `task`: starts it, or cancels it when the
    /// calling task was cancelled first.
    public func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state -> Bool in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() } else { task.resume() }
    }
}
