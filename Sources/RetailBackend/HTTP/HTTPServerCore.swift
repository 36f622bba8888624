import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// The part of the server that libmicrohttpd calls back into, from its worker threads:
/// it gathers each request, asks the handler, queues the answer and logs it.
///
/// One retain is handed to libmicrohttpd as the callbacks' `cls` and taken back after
/// `MHD_stop_daemon` returns, when no callback can run any more.
final class HTTPServerCore: Sendable {
    let handler: any HTTPHandler
    let configuration: HTTPServer.Configuration
    let log: (@Sendable (String) -> Void)?
    /// Signalled when a stop is under way and the last request in flight completes.
    let drained = DispatchSemaphore(value: 0)
    private let state = Mutex(SharedState())

    private struct SharedState {
        var isStopping = false
        /// Requests between their request line and their completion.
        var requestsInFlight = 0
        /// Connections suspended for a delayed response, by timer token. A suspended
        /// connection stays allocated until resumed, and `MHD_stop_daemon` aborts the process
        /// if one is left, so every entry is resumed exactly once: by its timer or by `stop`.
        var suspended: [Int: MHDHandle] = [:]
        var nextToken = 0
    }

    init(handler: any HTTPHandler, configuration: HTTPServer.Configuration, log: (@Sendable (String) -> Void)?) {
        self.handler = handler
        self.configuration = configuration
        self.log = log
    }

    /// Requests begun and not yet completed.
    var requestsInFlight: Int { state.withLock { $0.requestsInFlight } }

    // MARK: - Callbacks

    /// A request line arrived: its context is born here so that even a request whose headers
    /// never complete is logged and freed.
    func requestStarted(target: String) -> UnsafeMutableRawPointer {
        state.withLock { $0.requestsInFlight += 1 }
        return HTTPRequestContext(target: target, startedAt: .now).retainedPointer()
    }

    /// One access-handler call: headers, then body chunks, then the end of the request.
    func access(
        connection: OpaquePointer, method: String, uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: HTTPRequestContext
    ) -> MHD_Result {
        switch context.phase {
        case .started:
            context.method = method
            context.headers = Self.headers(of: connection)
            context.phase = .receiving
            // Refused before a byte of the body is read; libmicrohttpd then closes the
            // connection after the answer instead of reading the rest.
            if let length = context.headers["content-length"], Self.declaredLength(length, exceeds: configuration.maxBodyBytes) {
                return queue(HTTPFrontError.payloadTooLarge(limit: configuration.maxBodyBytes), on: connection, context: context)
            }
            return .YES
        case .receiving:
            let size = uploadSize.pointee
            guard size == 0 else {
                uploadSize.pointee = 0
                return receive(uploadData, size: size, context: context)
            }
            return complete(connection: connection, context: context)
        case .suspended(let response):
            return queue(response, on: connection, context: context)
        case .responded:
            return .YES
        }
    }

    /// The request is over (answered, timed out, aborted or shut down).
    func requestCompleted(_ context: HTTPRequestContext, termination: MHD_RequestTerminationCode) {
        if let log {
            log(HTTPRequestLogLine(context: context, termination: termination, now: .now).text)
        }
        let isDrained = state.withLock { state in
            state.requestsInFlight -= 1
            return state.isStopping && state.requestsInFlight == 0
        }
        if isDrained { drained.signal() }
    }

    // MARK: - Body and response

    private func receive(_ data: UnsafePointer<CChar>?, size: Int, context: HTTPRequestContext) -> MHD_Result {
        context.receivedBodyBytes += size
        if context.receivedBodyBytes > configuration.maxBodyBytes {
            // A chunked body has no length up front; its answer (413) can only be queued once
            // it ends, so the rest is counted and dropped, and an endless one is cut off.
            context.isBodyTooLarge = true
            context.body = Data()
            let cutOff = configuration.maxBodyBytes.multipliedReportingOverflow(by: 4)
            return !cutOff.overflow && context.receivedBodyBytes > cutOff.partialValue ? .NO : .YES
        }
        if let data {
            context.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size)
        }
        return .YES
    }

    private func complete(connection: OpaquePointer, context: HTTPRequestContext) -> MHD_Result {
        if context.isBodyTooLarge {
            return queue(HTTPFrontError.payloadTooLarge(limit: configuration.maxBodyBytes), on: connection, context: context)
        }
        if configuration.isJSONBodyRequired, !context.body.isEmpty, ["POST", "PUT", "PATCH"].contains(context.method),
            !HTTPRequest.isJSON(contentType: context.headers["content-type"])
        {
            return queue(HTTPFrontError.unsupportedMediaType, on: connection, context: context)
        }
        let target = HTTPRequestTarget(context.target)
        let response: HTTPResponse
        if context.method == "GET" || context.method == "HEAD", let fixed = configuration.staticRoutes[target.path] {
            response = fixed
        } else {
            response = handler.respond(
                to: HTTPRequest(
                    method: context.method, path: target.path, query: target.query,
                    headers: context.headers, body: context.body))
        }
        context.body = Data()
        guard response.delay > .zero else {
            return queue(response, on: connection, context: context)
        }
        return suspend(connection, until: response, context: context)
    }

    /// Holds a delayed response without holding a thread: the connection is suspended and a
    /// timer resumes it, and libmicrohttpd then calls `access` again, which queues it.
    private func suspend(_ connection: OpaquePointer, until response: HTTPResponse, context: HTTPRequestContext) -> MHD_Result {
        // Suspending and registering happen under the lock `stop` takes, so a stop either
        // sees this connection registered (and resumes it) or makes us answer at once.
        let token: Int? = state.withLock { state in
            guard !state.isStopping else { return nil }
            MHD_suspend_connection(connection)
            state.nextToken += 1
            state.suspended[state.nextToken] = MHDHandle(pointer: connection)
            return state.nextToken
        }
        guard let token else {
            return queue(response, on: connection, context: context)
        }
        context.phase = .suspended(response)
        let interval = HTTPServer.nanoseconds(response.delay)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(interval)) { [self] in
            resume(token: token)
        }
        return .YES
    }

    private func resume(token: Int) {
        state.withLock { state in
            if let connection = state.suspended.removeValue(forKey: token) {
                MHD_resume_connection(connection.pointer)
            }
        }
    }

    /// Refuses further suspensions and resumes every suspended connection, so their delayed
    /// responses go out now. Returns whether nothing is in flight any more.
    func beginStop() -> Bool {
        state.withLock { state in
            state.isStopping = true
            for connection in state.suspended.values {
                MHD_resume_connection(connection.pointer)
            }
            state.suspended.removeAll()
            return state.requestsInFlight == 0
        }
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer, context: HTTPRequestContext) -> MHD_Result {
        context.phase = .responded
        let status = (100..<600).contains(response.status) ? response.status : 500
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers where !Self.framingHeaders.contains(name.lowercased()) {
            // A name or value with CR/LF is refused by libmicrohttpd; the header is dropped.
            _ = MHD_add_response_header(created, name, value)
        }
        context.status = status
        context.sentBodyBytes = response.body.count
        return MHD_queue_response(connection, UInt32(status), created)
    }

    // MARK: - Helpers

    /// Headers libmicrohttpd sets itself from the body it is given.
    private static let framingHeaders: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// Whether a `Content-Length` declares more than `limit`. All digits but beyond `Int`
    /// (up to libmicrohttpd's UINT64_MAX, which it reads as "unknown") is more than any limit.
    static func declaredLength(_ text: String, exceeds limit: Int) -> Bool {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        guard let length = Int(digits) else { return true }
        return length > limit
    }

    /// Header fields with lower-cased names; repeated fields are joined with ", ".
    private static func headers(of connection: OpaquePointer) -> [String: String] {
        var headers: [String: String] = [:]
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values(
                connection, .HEADER_KIND,
                { cls, _, key, value in
                    guard let cls, let key else { return .YES }
                    let headers = cls.assumingMemoryBound(to: [String: String].self)
                    let name = String(cString: key).lowercased()
                    let value = value.map { String(cString: $0) } ?? ""
                    if let existing = headers.pointee[name] {
                        headers.pointee[name] = existing + ", " + value
                    } else {
                        headers.pointee[name] = value
                    }
                    return .YES
                }, pointer)
        }
        return headers
    }
}
