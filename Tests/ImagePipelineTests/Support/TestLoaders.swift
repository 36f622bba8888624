import Foundation
import Synchronization

@testable import ImagePipeline

/// Answers at once with fixed bytes (or an error) and counts the calls.
final class CountingLoader: DataLoading {
    private let calls = Mutex<[URL]>([])
    private let answer: @Sendable (URL) throws -> Data

    init(answer: @escaping @Sendable (URL) throws -> Data) {
        self.answer = answer
    }

    convenience init(data: Data) {
        self.init { _ in data }
    }

    var callCount: Int { calls.withLock { $0.count } }

    func data(for url: URL, maxBytes: Int) async throws -> Data {
        calls.withLock { $0.append(url) }
        return try answer(url)
    }
}

/// Holds every call until `release()`, and reports starts and cancellations as events, so
/// tests wait for exactly what they need instead of sleeping.
final class GatedLoader: DataLoading {
    enum Event: Equatable, Sendable {
        case started(URL)
        case cancelled(URL)
        /// A download was answered (after `prioritiesAnswered` has it).
        case answered(URL)
    }

    private struct State {
        var calls = 0
        var cancellations = 0
        var released = false
        var pending: [Int: CheckedContinuation<Data, any Error>] = [:]
        var cancelled: Set<Int> = []
        var prioritiesAnswered: [TaskPriority] = []
    }

    private let state = Mutex(State())
    private let body: Data
    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation

    init(body: Data) {
        self.body = body
        (events, sink) = AsyncStream.makeStream(of: Event.self)
    }

    var callCount: Int { state.withLock { $0.calls } }
    var cancellationCount: Int { state.withLock { $0.cancellations } }
    /// The priority of each download's task when its answer came.
    var prioritiesAnswered: [TaskPriority] { state.withLock { $0.prioritiesAnswered } }

    func data(for url: URL, maxBytes: Int) async throws -> Data {
        let data = try await gatedData(for: url)
        let priority = Task.currentPriority
        state.withLock { $0.prioritiesAnswered.append(priority) }
        sink.yield(.answered(url))
        return data
    }

    private func gatedData(for url: URL) async throws -> Data {
        let call = state.withLock { state -> Int in
            state.calls += 1
            return state.calls
        }
        sink.yield(.started(url))
        let body = body
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enum Now { case wait, answer, cancel }
                let now = state.withLock { state -> Now in
                    if state.cancelled.contains(call) { return .cancel }
                    if state.released { return .answer }
                    state.pending[call] = continuation
                    return .wait
                }
                switch now {
                case .wait: break
                case .answer: continuation.resume(returning: body)
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancellations += 1
                state.cancelled.insert(call)
                return state.pending.removeValue(forKey: call)
            }
            continuation?.resume(throwing: CancellationError())
            sink.yield(.cancelled(url))
        }
    }

    /// Answers every waiting call, and every later one at once.
    func release() {
        let waiting = state.withLock { state in
            state.released = true
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        for continuation in waiting { continuation.resume(returning: body) }
    }

    /// The next event.
    func next() async -> Event? {
        var iterator = events.makeAsyncIterator()
        return await iterator.next()
    }
}

/// Waits, yielding, until `condition` holds: for state that settles through actor hops only.
/// Bounded so a broken pipeline fails the test instead of hanging it.
func eventually(_ condition: () async -> Bool) async -> Bool {
    for _ in 0..<100_000 {
        if await condition() { return true }
        await Task.yield()
    }
    return false
}
