import Foundation

extension HTTPSession {
    /// One whole answer: status, header fields and body.
    public struct Response: Sendable {
        /// The status code (`200`, `304`, `302` …): a 3xx is an answer like any other.
        public var status: Int
        /// The header fields by name, lower-cased; a repeated field's values joined by `, `.
        public var headers: [String: String]
        /// The body, decoded when it came with a `Content-Encoding` (gzip); at most the
        /// `maxBytes` it was asked with.
        public var body: Data

        public init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// Why there is no whole answer. Cancellation is not among them: a cancelled exchange
    /// throws `CancellationError`.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Nothing was sent: the request cannot be (`Request.refusal` says why).
        case refused(String)
        /// The body (after decoding, or as read) is larger than `limit` bytes; the transfer
        /// stopped there and its connection closed.
        case tooLarge(limit: Int)
        /// The deadline passed, or no byte came within the idle timeout; the connection closed.
        case timedOut(String)
        /// No usable answer: no connection, a reset, a malformed answer, TLS.
        case connection(String)

        public var description: String {
            switch self {
            case .refused(let reason): "refused: \(reason)"
            case .tooLarge(let limit): "the answer is larger than \(limit) bytes"
            case .timedOut(let reason): "timed out: \(reason)"
            case .connection(let reason): "no answer: \(reason)"
            }
        }
    }
}
