import Foundation

/// Every HTTP exchange the client makes (the backend's API, `vitrine render URL`, images),
/// bounded so that a hostile or broken server costs at most what the caller allows:
///
/// - the body is read up to `maxBytes` and no further: past it the transfer stops and its
///   connection closes (decoded bytes count, so a gzip bomb stops at the cap too);
/// - `Timeouts.deadline` bounds the whole exchange however slowly bytes come, and
///   `Timeouts.idle` the wait for a connection and between bytes;
/// - cancelling the calling task stops the transfer and closes its connection;
/// - a 3xx is the answer, never followed (a caller that follows redirects decides per hop,
///   so headers meant for one origin never reach another);
/// - no cookies, no cache, no credentials from the URL: a URL with `user:password@` is refused.
///
/// On Linux the transfers run in libcurl (`CurlDriver`: one multi handle on a thread of its
/// own), because FoundationNetworking's URLSession keeps reading and inflating after a task is
/// cancelled from its delegate; on Apple platforms in an ephemeral URLSession
/// (`URLSessionEngine`), whose cancellation stops the transfer.
public final class HTTPSession: Sendable {
    /// How long an exchange may take.
    public struct Timeouts: Sendable, Hashable {
        /// The longest wait for a connection, and then between two reads of the answer.
        /// Default 15 s.
        public var idle: Duration
        /// The longest the whole exchange may take, from sending to the last byte of the
        /// answer. Default 60 s.
        public var deadline: Duration

        public init(idle: Duration = .seconds(15), deadline: Duration = .seconds(60)) {
            self.idle = idle
            self.deadline = deadline
        }
    }

    /// The timeouts every exchange of this session has.
    public let timeouts: Timeouts

    #if canImport(Darwin)
    private let engine: URLSessionEngine
    #endif

    public init(timeouts: Timeouts = Timeouts()) {
        self.timeouts = timeouts
        #if canImport(Darwin)
        engine = URLSessionEngine(timeouts: timeouts)
        #endif
    }

    /// Sends `request` and returns its answer, whatever its status, with at most `maxBytes`
    /// of body (after decoding a `Content-Encoding`).
    ///
    /// Throws `HTTPSession.Failure` when there is no whole answer within the limits, and
    /// `CancellationError` when the calling task is cancelled (the transfer stops and its
    /// connection closes).
    public func send(_ request: Request, maxBytes: Int) async throws -> Response {
        if let refusal = request.refusal { throw Failure.refused(refusal) }
        try Task.checkCancellation()
        let limits = Limits(maxBytes: max(0, maxBytes), timeouts: timeouts)
        #if canImport(Darwin)
        return try await engine.send(request, limits: limits)
        #else
        guard let driver = CurlDriver.shared else { throw Failure.connection("libcurl could not be started") }
        return try await driver.send(request, limits: limits)
        #endif
    }
}

/// What bounds one exchange.
struct Limits: Sendable {
    var maxBytes: Int
    var timeouts: HTTPSession.Timeouts
}

extension Duration {
    /// Whole milliseconds, at least 1, saturating: what curl and Dispatch are given.
    var clampedMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 1 }
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return Int.max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowAgain ? Int.max : max(1, Int(total))
    }
}
