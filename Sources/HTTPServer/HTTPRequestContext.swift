import Foundation

/// What the front knows about one request while libmicrohttpd delivers it in several calls.
/// Born in the URI-log callback, carried in the request's `con_cls`, freed when the request
/// completes (or, if libmicrohttpd never completes it, when its connection closes).
///
/// Not `Sendable` on purpose: libmicrohttpd calls back for one connection from the thread
/// that owns it only, so a context is never touched by two threads.
final class HTTPRequestContext {
    enum Phase {
        /// The request line is known; the headers are not yet parsed.
        case started
        /// The headers are in; the body is arriving.
        case receiving
        /// A delayed response waits while the connection is suspended.
        case suspended(HTTPResponse)
        /// The handler's answer is still to come; the connection is suspended until it does.
        case awaiting(HTTPPendingAnswer)
        /// A response is queued; libmicrohttpd sends it.
        case responded
    }

    /// The raw target as sent (`/v1/home?locale=de-DE`), a NUL the client put in it included.
    let target: String
    /// Its length in bytes as libmicrohttpd framed it (`vitrine_mhd_target_length`).
    let targetLength: Int
    /// When the request line arrived, for the log's duration.
    let startedAt: ContinuousClock.Instant
    /// The connection it arrived on (nil only if libmicrohttpd gave none).
    let connection: HTTPConnection?
    var phase: Phase = .started
    var method = ""
    var headers: [String: String] = [:]
    var body = Data()
    /// Whether the head announced a body (a positive `Content-Length`, or chunked).
    var hasBody = false
    /// Whether the body is chunked, so that trailer fields may follow it.
    var isChunked = false
    /// Body bytes seen, counting those thrown away once the body was too large.
    var receivedBodyBytes = 0
    var isBodyTooLarge = false
    /// Status and body size queued, for the log line.
    var status: Int?
    var sentBodyBytes = 0

    init(target: String, targetLength: Int, startedAt: ContinuousClock.Instant, connection: HTTPConnection?) {
        self.target = target
        self.targetLength = targetLength
        self.startedAt = startedAt
        self.connection = connection
    }

    /// Passes one retain to libmicrohttpd; `release(_:)` takes it back.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func borrowed(_ pointer: UnsafeMutableRawPointer) -> HTTPRequestContext {
        Unmanaged<HTTPRequestContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func release(_ pointer: UnsafeMutableRawPointer) -> HTTPRequestContext {
        Unmanaged<HTTPRequestContext>.fromOpaque(pointer).takeRetainedValue()
    }
}
