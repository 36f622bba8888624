import FlowCore
import FlowRuntime
import Foundation

/// A page source whose every answer the test gives, in any order: each request opens a
/// `Call` that the test answers with cached or fresh bytes, or fails.
final class ControlledSource: PageSource, Sendable {
    final class Call: Sendable {
        let request: PageRequest
        private let continuation: AsyncThrowingStream<PageUpdate, any Error>.Continuation

        init(request: PageRequest, continuation: AsyncThrowingStream<PageUpdate, any Error>.Continuation) {
            self.request = request
            self.continuation = continuation
        }

        /// Answers with one update and ends the answer.
        func respond(_ data: Data, origin: PageUpdate.Origin = .fresh) {
            continuation.yield(PageUpdate(data: data, origin: origin))
            continuation.finish()
        }

        /// Sends one update and keeps the answer open (a cached page before the fresh one).
        func send(_ data: Data, origin: PageUpdate.Origin) {
            continuation.yield(PageUpdate(data: data, origin: origin))
        }

        func finish() {
            continuation.finish()
        }

        func fail(_ error: any Error = TestError.offline) {
            continuation.finish(throwing: error)
        }
    }

    private let state = Locked<[Call]>([])

    /// Every request so far, in order.
    var calls: [Call] { state.withLock { $0 } }

    var requests: [PageRequest] { calls.map(\.request) }

    /// The latest call.
    var last: Call? { calls.last }

    func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<PageUpdate, any Error>.makeStream()
        let call = Call(request: request, continuation: continuation)
        state.withLock { $0.append(call) }
        return stream
    }
}

enum TestError: Error, CustomStringConvertible {
    case offline

    var description: String { "offline" }
}
