#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPServer
import RetailBackend
import Synchronization

/// The app's embedded backend, started so that the app never waits for it to draw: its HTTP
/// front listens on an ephemeral loopback port at once (so the client knows its address),
/// while `HomeBackend` itself (the catalogue loaded, its composers, the SQLite store opened) is
/// built on a thread of its own. Requests that come meanwhile wait for it, their connections
/// held (`HTTPLateHandler`): to the client the backend is only slower to answer, never
/// unreachable, so nothing it sends is lost and no failure shows. One that cannot be built
/// answers 503 to all, and says why through `built()`.
final class EmbeddedBackend: Sendable {
    /// The front, listening from `init` on.
    let server: HTTPServer
    private let handler: HTTPLateHandler
    private let outcome = Mutex(Outcome.building([]))

    private enum Outcome {
        case building([CheckedContinuation<Result<HomeBackend, any Error>, Never>])
        case built(Result<HomeBackend, any Error>)
    }

    /// Starts the front and `build` on a thread of its own. Throws when the front cannot
    /// listen.
    init(build: @escaping @Sendable () throws -> HomeBackend) throws(HTTPServerError) {
        let handler = HTTPLateHandler()
        self.handler = handler
        server = try HTTPServer(handler: handler, configuration: .ephemeral)
        Thread.detachNewThread { [self] in
            Self.yieldToTheApp()
            let result = Result { try build() }
            switch result {
            case .success(let backend): handler.install(backend)
            case .failure: handler.fail(with: Self.unavailable)
            }
            let waiting: [CheckedContinuation<Result<HomeBackend, any Error>, Never>] = outcome.withLock { outcome in
                guard case .building(let waiting) = outcome else { return [] }
                outcome = .built(result)
                return waiting
            }
            for continuation in waiting { continuation.resume(returning: result) }
        }
    }

    /// The building thread gives way to the app's while both want a core: its nice value is 5
    /// above the process's (Linux keeps one per thread, and with autogroups it weighs only
    /// against the threads of the app's own session), so a warm start's first frame is not
    /// slowed by the build, and a cold start, whose app waits for the backend, is not slowed
    /// by it either.
    private static func yieldToTheApp() {
        #if canImport(Glibc)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        if errno == 0 { _ = setpriority(which, 0, min(19, current + 5)) }
        #endif
    }

    /// What every request gets from a backend that could not be built (the app ends then).
    private static let unavailable = HTTPResponse(
        status: 503, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
        body: Data(#"{"error":{"code":"unavailable","message":"the embedded backend could not be started"}}"#.utf8))

    /// The backend once built, or why it could not be.
    func built() async -> Result<HomeBackend, any Error> {
        await withCheckedContinuation { continuation in
            let done: Result<HomeBackend, any Error>? = outcome.withLock { outcome in
                switch outcome {
                case .building(var waiting):
                    waiting.append(continuation)
                    outcome = .building(waiting)
                    return nil
                case .built(let result):
                    return result
                }
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// Throws why the backend could not be built, once it is known; returns once it is built.
    func ready() async throws {
        _ = try await built().get()
    }

    /// Stops the front once the backend is built (the requests it held are answered by then),
    /// then closes the backend's store.
    func stop() async {
        let result = await built()
        server.stop()
        if case .success(let backend) = result { backend.close() }
    }
}
