import FlowCore
import FlowRuntime
import Foundation

/// A source whose streams never answer, and that says when one starts and when it ends.
final class EndlessSource: PageSource, Sendable {
    private let events = AsyncStream<String>.makeStream()

    func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
        let (stream, continuation) = AsyncThrowingStream<PageUpdate, any Error>.makeStream()
        let events = events.continuation
        continuation.onTermination = { _ in events.yield("terminated") }
        events.yield("started")
        return stream
    }

    func started() async { await next("started") }
    func terminated() async { await next("terminated") }

    private func next(_ event: String) async {
        for await seen in events.stream where seen == event { return }
    }
}

/// A transport that never answers, and that says when a call starts and is cancelled.
final class EndlessTransport: ActionTransport, Sendable {
    private let events = AsyncStream<String>.makeStream()

    func send(_ call: ActionCall) async throws -> Data {
        let events = events.continuation
        events.yield("started")
        let (never, _) = AsyncStream<Never>.makeStream()
        await withTaskCancellationHandler {
            for await _ in never {}
        } onCancel: {
            events.yield("cancelled")
        }
        throw CancellationError()
    }

    func started() async { await next("started") }
    func cancelled() async { await next("cancelled") }

    private func next(_ event: String) async {
        for await seen in events.stream where seen == event { return }
    }
}
