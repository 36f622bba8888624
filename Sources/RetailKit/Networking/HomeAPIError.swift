import Foundation

/// Why a request to the backend failed. Cancellation is not among them: a cancelled request
/// throws `CancellationError`.
public enum HomeAPIError: LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// No HTTP answer: the connection failed, was reset or timed out.
    case transport(message: String, isTimeout: Bool)
    /// An HTTP answer outside 2xx (and not an expected 304): the server's
    /// `{"error": {"code", "message"}}` when it sent one, and its `Retry-After`.
    case status(Int, code: String?, message: String?, retryAfter: Duration?)
    /// A 2xx answer whose body is not what the endpoint promises.
    case undecodable(String)
    /// Refused before anything was sent: an endpoint off the backend's origin, a page id or a
    /// body that cannot be sent.
    case refused(String)

    public var description: String {
        switch self {
        case .transport(let message, let isTimeout): isTimeout ? "timed out: \(message)" : "transport: \(message)"
        case .status(let status, let code, let message, _):
            "HTTP \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .undecodable(let reason): "unreadable answer: \(reason)"
        case .refused(let reason): "refused: \(reason)"
        }
    }

    /// Whether trying again may succeed: transport errors, 408, 429 and 5xx.
    public var isRetryable: Bool {
        switch self {
        case .transport: true
        case .status(let status, _, _, _): status == 408 || status == 429 || (500...599).contains(status)
        case .undecodable, .refused: false
        }
    }

    /// The server's `Retry-After`, when it sent one.
    public var retryAfter: Duration? {
        if case .status(_, _, _, let retryAfter) = self { return retryAfter }
        return nil
    }

    /// The server's error code (`{"error": {"code"}}`), when it sent one.
    public var code: String? {
        if case .status(_, let code, _, _) = self { return code }
        return nil
    }

    /// The HTTP status, when there was an answer.
    public var status: Int? {
        if case .status(let status, _, _, _) = self { return status }
        return nil
    }

    /// What the user may be told (also as `errorDescription`, which the page store shows).
    public var errorDescription: String? { userMessage }

    /// What the user may be told: the server's message when it sent one.
    public var userMessage: String {
        switch self {
        case .status(_, _, let message?, _): message
        case .status(let status, _, nil, _): "the server answered \(status)"
        case .transport(_, true): "the server did not answer in time"
        case .transport: "no connection to the server"
        case .undecodable: "the server's answer could not be read"
        case .refused(let reason): reason
        }
    }
}
