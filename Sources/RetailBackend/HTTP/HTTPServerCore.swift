import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// The part of the server that libmicrohttpd calls back into, from its worker threads:
/// it follows each connection, gathers each request, asks the handler, queues the answer
/// and logs it.
///
/// One retain is handed to libmicrohttpd as the callbacks' `cls` and taken back after
/// `MHD_stop_daemon` returns, when no callback can run any more.
final class HTTPServerCore: Sendable {
    let handler: any HTTPHandler
    let configuration: HTTPServer.Configuration
    let log: (@Sendable (String) -> Void)?
    let watch: HTTPConnectionWatch
    let framingLimits: HTTPFraming.Limits
    /// Signalled when a stop is under way and the last request in flight completes.
    let drained = DispatchSemaphore(value: 0)
    let state = Mutex(SharedState())

    struct SharedState {
        var isStopping = false
        /// Requests between their request line and their completion.
        var requestsInFlight = 0
        /// Connections suspended for a delayed response, by timer token. A suspended
        /// connection stays allocated until resumed, and `MHD_stop_daemon` aborts the process
        /// if one is left, so every entry is resumed exactly once: by its timer, by the watch
        /// when its client left, or by `stop`.
        var suspended: [Int: (connection: MHDHandle, descriptor: Int32)] = [:]
        var nextToken = 0
    }

    init(handler: any HTTPHandler, configuration: HTTPServer.Configuration, log: (@Sendable (String) -> Void)?) {
        self.handler = handler
        self.configuration = configuration
        self.log = log
        watch = HTTPConnectionWatch(limits: .init(
            headTimeout: configuration.headTimeout, minimumBodyRate: configuration.minimumBodyRate,
            bodyRateGrace: configuration.bodyRateGrace))
        framingLimits = HTTPFraming.Limits(maxHeadBytes: configuration.maxHeaderBytes, maxQueryArguments: configuration.maxQueryArguments)
    }

    /// Requests begun and not yet completed.
    var requestsInFlight: Int { state.withLock { $0.requestsInFlight } }

    // MARK: - Connections

    /// A connection was accepted: it is watched from now on.
    func connectionStarted(_ connection: OpaquePointer) -> UnsafeMutableRawPointer {
        let id = watch.register(descriptor: vitrine_mhd_connection_fd(connection))
        return HTTPConnection(watchID: id, clientAddress: HTTPConnection.clientAddress(of: vitrine_mhd_client_address(connection)))
            .retainedPointer()
    }

    /// The connection is gone. A request libmicrohttpd never completed (it does not, for
    /// example, when its own error path closes a connection outright) is completed here, so
    /// every request context is logged and freed on every path.
    func connectionClosed(_ connection: HTTPConnection) {
        let cut = watch.unregister(connection.watchID)
        if let pointer = connection.request {
            connection.request = nil
            finish(HTTPRequestContext.release(pointer), reason: cut?.rawValue ?? "abandoned")
        }
    }

    // MARK: - Requests

    /// A request line arrived: its context is born here so that even a request whose headers
    /// never complete is logged and freed. libmicrohttpd's own copy of the query is emptied
    /// (`vitrine_mhd_forget_query`): the front parses the raw target itself.
    func requestStarted(target uri: UnsafePointer<CChar>?, on connection: OpaquePointer?) -> UnsafeMutableRawPointer {
        let target = uri.map { String(cString: $0) } ?? ""
        if let uri { vitrine_mhd_forget_query(uri) }
        state.withLock { $0.requestsInFlight += 1 }
        let owner = connection.flatMap(vitrine_mhd_socket_context).map(HTTPConnection.borrowed)
        let context = HTTPRequestContext(target: target, startedAt: .now, connection: owner)
        let pointer = context.retainedPointer()
        if let owner {
            if let previous = owner.request {
                // Never completed by libmicrohttpd, yet the connection went on: free it now.
                finish(HTTPRequestContext.release(previous), reason: "abandoned")
            }
            owner.request = pointer
        }
        return pointer
    }

    /// One access-handler call: headers, then body chunks, then the end of the request.
    func access(
        connection: OpaquePointer, method: String, version: String, uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: HTTPRequestContext
    ) -> MHD_Result {
        switch context.phase {
        case .started:
            context.method = method
            let fields = Self.fields(of: connection)
            context.phase = .receiving
            if let refusal = HTTPFraming.refusal(version: version, target: context.target, fields: fields, limits: framingLimits) {
                return queue(refusal, on: connection, context: context, closing: true)
            }
            context.headers = HTTPFraming.dictionary(fields)
            // Refused before a byte of the body is read; libmicrohttpd then closes the
            // connection after the answer instead of reading the rest.
            if let length = context.headers["content-length"], Self.declaredLength(length, exceeds: configuration.maxBodyBytes) {
                return queue(HTTPFrontError.payloadTooLarge(limit: configuration.maxBodyBytes), on: connection, context: context, closing: true)
            }
            if let id = context.connection?.watchID {
                let hasBody = context.headers["transfer-encoding"] != nil || (context.headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0) > 0
                watch.enter(hasBody ? .body(since: .now, bytes: 0) : .busy, for: id)
            }
            return .YES
        case .receiving:
            let size = uploadSize.pointee
            guard size == 0 else {
                uploadSize.pointee = 0
                if let id = context.connection?.watchID { watch.received(size, for: id) }
                return receive(uploadData, size: size, context: context)
            }
            if let id = context.connection?.watchID { watch.enter(.busy, for: id) }
            return complete(connection: connection, context: context)
        case .suspended(let response):
            return queue(response, on: connection, context: context)
        case .responded:
            return .YES
        }
    }

    /// The request is over (answered, timed out, aborted or shut down).
    func requestCompleted(_ context: HTTPRequestContext, termination: MHD_RequestTerminationCode) {
        var reason = HTTPRequestLogLine.reason(termination)
        if context.method.isEmpty, context.status == nil, termination == .REQUEST_TERMINATED_WITH_ERROR {
            // The headers never parsed: libmicrohttpd answered (400, 431) or closed by itself.
            reason = "refused"
        }
        if let connection = context.connection {
            connection.request = nil
            if termination != .REQUEST_TERMINATED_COMPLETED_OK, let cut = watch.cut(of: connection.watchID) { reason = cut.rawValue }
            // The next request's head is on the clock from now.
            watch.enter(.head(since: .now), for: connection.watchID)
        }
        finish(context, reason: reason)
    }

    private func finish(_ context: HTTPRequestContext, reason: String?) {
        if let log {
            log(HTTPRequestLogLine(context: context, reason: reason, now: .now).text)
        }
        let isDrained = state.withLock { state in
            state.requestsInFlight -= 1
            return state.isStopping && state.requestsInFlight == 0
        }
        if isDrained { drained.signal() }
    }

    // MARK: - Body

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
            return queue(HTTPFrontError.payloadTooLarge(limit: configuration.maxBodyBytes), on: connection, context: context, closing: true)
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
                    headers: context.headers, body: context.body, clientAddress: context.connection?.clientAddress ?? ""))
        }
        context.body = Data()
        guard response.delay > .zero else {
            return queue(response, on: connection, context: context)
        }
        return suspend(connection, until: response, context: context)
    }
}
