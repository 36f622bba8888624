import Foundation

/// One HTTP request as the server front hands it to a handler: already size-checked, with
/// the whole body read.
public struct HTTPRequest: Sendable {
    /// Upper-case method, `GET`, `POST`, …
    public var method: String
    /// The path without the query, percent-decoding not applied (`/v1/pages/campaign%3Ax`).
    public var path: String
    /// Query arguments in the order they came, percent-decoded.
    public var query: [(name: String, value: String)]
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// The request body (empty for none).
    public var body: Data
    /// Who sent it, as far as per-client bounds go: an IPv4 address, or the /64 prefix of an
    /// IPv6 one (`2001:db8:1:2::/64`), because one host easily holds a whole /64. Empty for
    /// requests made in-process.
    public var clientAddress: String

    public init(
        method: String,
        path: String,
        query: [(name: String, value: String)] = [],
        headers: [String: String] = [:],
        body: Data = Data(),
        clientAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }

    /// The first query argument of that name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A header by name, its ASCII letters in any case (names are tokens, so ASCII).
    public func header(_ name: String) -> String? {
        headers[HTTPFraming.lowercasedToken(name)]
    }

    /// Whether a `Content-Type` names JSON: `application/json` or an `application/…+json` type,
    /// in any case, parameters and surrounding spaces aside. Read on bytes, without allocating.
    public static func isJSON(contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { bytes in
            let end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            let mediaType = HTTPFraming.trimmingOptionalWhitespace(UnsafeBufferPointer(rebasing: bytes[..<end]))
            if HTTPFraming.matchesIgnoringCase(mediaType, "application/json".utf8) { return true }
            let prefix = "application/".utf8, suffix = "+json".utf8
            return mediaType.count >= prefix.count + suffix.count
                && HTTPFraming.matchesIgnoringCase(mediaType.prefix(prefix.count), prefix)
                && HTTPFraming.matchesIgnoringCase(mediaType.suffix(suffix.count), suffix)
        }
    }
}

/// One HTTP response.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// Held back this long before it is sent (fault injection); the front must not block a
    /// worker thread for it.
    public var delay: Duration

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(), delay: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }
}

/// Answers requests. Called concurrently from the server's worker threads, so it must be
/// thread-safe and must not block for long.
public protocol HTTPHandler: Sendable {
    /// The answer, at once.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// The answer, through `answer`, exactly once: now or later from any thread. The front
    /// calls this one; while the answer is pending it holds the connection suspended, without a
    /// thread, so a handler that waits for a database (group commit, a connection pool) does
    /// not hold the server's few worker threads. By default, `respond(to:)`.
    func respond(to request: HTTPRequest, answer: @escaping @Sendable (HTTPResponse) -> Void)
}

extension HTTPHandler {
    public func respond(to request: HTTPRequest, answer: @escaping @Sendable (HTTPResponse) -> Void) {
        answer(respond(to: request))
    }
}
