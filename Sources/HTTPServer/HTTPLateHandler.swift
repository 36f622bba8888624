import Synchronization

/// A handler that is not there yet: a server can listen on it, and its address be handed to
/// clients, before what answers is built. Requests that come before `install(_:)` wait, their
/// connections held without a thread (the front's pending answers), and go to the handler
/// once it is installed; later ones go straight to it. When it cannot be built, `fail(with:)`
/// answers those waiting and every later request with one response.
public final class HTTPLateHandler: HTTPHandler {
    private typealias Held = (request: HTTPRequest, answer: @Sendable (HTTPResponse) -> Void)

    private enum State {
        case waiting([Held])
        case installed(any HTTPHandler)
        case failed(HTTPResponse)
    }

    private let state = Mutex(State.waiting([]))

    public init() {}

    /// Requests wait for the handler now (neither installed nor failed).
    public var isWaiting: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// How many requests wait for the handler now.
    public var waitingCount: Int {
        state.withLock { state in
            if case .waiting(let held) = state { return held.count }
            return 0
        }
    }

    /// The handler answers from now on: the requests that waited for it are handed to it on
    /// this thread, in the order they came, and later ones go straight to it. Only the first
    /// call, and only before `fail(with:)`, counts.
    public func install(_ handler: any HTTPHandler) {
        let held: [Held] = state.withLock { state in
            guard case .waiting(let held) = state else { return [] }
            state = .installed(handler)
            return held
        }
        for entry in held { handler.respond(to: entry.request, answer: entry.answer) }
    }

    /// The handler will not come: the requests that waited, and every later one, get
    /// `response`. Only the first call, and only before `install(_:)`, counts.
    public func fail(with response: HTTPResponse) {
        let held: [Held] = state.withLock { state in
            guard case .waiting(let held) = state else { return [] }
            state = .failed(response)
            return held
        }
        for entry in held { entry.answer(response) }
    }

    public func respond(to request: HTTPRequest, answer: @escaping @Sendable (HTTPResponse) -> Void) {
        enum Next {
            case held
            case forward(any HTTPHandler)
            case answer(HTTPResponse)
        }
        let next: Next = state.withLock { state in
            switch state {
            case .waiting(var held):
                held.append((request, answer))
                state = .waiting(held)
                return .held
            case .installed(let handler): return .forward(handler)
            case .failed(let response): return .answer(response)
            }
        }
        switch next {
        case .held: break
        case .forward(let handler): handler.respond(to: request, answer: answer)
        case .answer(let response): answer(response)
        }
    }

    /// Waits for the answer, for as long as the handler takes to come: for callers in process.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let pending = HTTPPendingAnswer()
        respond(to: request) { pending.fulfil($0) }
        return pending.wait()
    }
}
