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
    /// Requests between their request line and their completion; counted without the lock,
    /// which every request would take twice otherwise.
    let inFlight = Atomic<Int>(0)
    /// Set once a stop is under way (`beginStop`), beside `SharedState.isStopping`, for
    /// `finish` to read without the lock.
    let isStopping = Atomic<Bool>(false)

    struct SharedState {
        var isStopping = false
        /// Connections suspended for a delayed response, by timer token. A suspended
        /// connection stays allocated until resumed, and `MHD_stop_daemon` aborts the process
        /// if one is left, so every entry is resumed exactly once: by its timer, by the watch
        /// when its client left, or by `stop`.
        var suspended: [Int: Suspension] = [:]
        /// How many of `suspended` wait for a handler's answer (the rest hold a delayed one).
        var awaiting = 0
        var nextToken = 0
    }

    /// A suspended connection: its handle, its socket, and whether it waits for a handler's
    /// answer (not counted against `maxSuspendedConnections`, which bounds fault delays).
    struct Suspension {
        var connection: MHDHandle
        var descriptor: Int32
        var isAwaiting: Bool
    }

    init(handler: any HTTPHandler, configuration: HTTPServer.Configuration, log: (@Sendable (String) -> Void)?) {
        self.handler = handler
        self.configuration = configuration
        self.log = log
        let highWater = max(1, Int((Double(configuration.maxConnections) * configuration.pressureThreshold).rounded(.down)))
        watch = HTTPConnectionWatch(limits: .init(
            headTimeout: configuration.headTimeout, minimumBodyRate: configuration.minimumBodyRate,
            bodyRateWindow: configuration.bodyRateWindow, maxBodyDuration: configuration.maxBodyDuration,
            maxConnectionsPerAddress: configuration.maxConnectionsPerAddress,
            highWater: highWater, lowWater: highWater * 3 / 4, pressureHeadTimeout: configuration.pressureHeadTimeout))
        framingLimits = HTTPFraming.Limits(
            maxHeadBytes: configuration.maxHeaderBytes, maxHeaderFields: configuration.maxHeaderFields,
            maxQueryArguments: configuration.maxQueryArguments)
    }

    /// How far past `maxHeaderBytes` the URI logger looks for the end of a target (a longer
    /// one is refused with 414 anyway; this only lets its '?' be found).
    static let targetScanLimitFactor = 2

    /// Requests begun and not yet completed.
    var requestsInFlight: Int { inFlight.load(ordering: .sequentiallyConsistent) }

    // MARK: - Connections

    /// A connection was accepted: it is watched from now on.
    func connectionStarted(_ connection: OpaquePointer) -> UnsafeMutableRawPointer {
        let address = HTTPConnection.clientAddress(of: vitrine_mhd_client_address(connection))
        let slot = watch.register(descriptor: vitrine_mhd_connection_fd(connection), address: address)
        return HTTPConnection(watchSlot: slot).retainedPointer()
    }

    /// The connection is gone. A request libmicrohttpd never completed (it does not, for
    /// example, when its own error path closes a connection outright) is completed here, so
    /// every request context is logged and freed on every path.
    func connectionClosed(_ connection: HTTPConnection) {
        let cut = watch.unregister(connection.watchSlot)
        if let pointer = connection.request {
            connection.request = nil
            finish(HTTPRequestContext.release(pointer), reason: cut?.rawValue ?? "abandoned")
        }
    }

    // MARK: - Requests

    /// A request line arrived: its context is born here so that even a request whose headers
    /// never complete is logged and freed. The raw target is read whole, a NUL the client put
    /// in it included, and libmicrohttpd's own copy of the query is emptied
    /// (`vitrine_mhd_forget_query`): the front parses the raw target itself.
    func requestStarted(target uri: UnsafePointer<CChar>?, on connection: OpaquePointer?) -> UnsafeMutableRawPointer {
        var target = ""
        var targetLength = 0
        if let uri {
            targetLength = vitrine_mhd_target_length(uri, configuration.maxHeaderBytes * Self.targetScanLimitFactor)
            target = uri.withMemoryRebound(to: UInt8.self, capacity: max(1, targetLength)) {
                String(decoding: UnsafeBufferPointer(start: $0, count: targetLength), as: UTF8.self)
            }
            vitrine_mhd_forget_query(UnsafeMutablePointer(mutating: uri), targetLength)
        }
        inFlight.wrappingAdd(1, ordering: .sequentiallyConsistent)
        let owner = connection.flatMap(vitrine_mhd_socket_context).map(HTTPConnection.borrowed)
        let context = HTTPRequestContext(target: target, targetLength: targetLength, startedAt: .now, connection: owner)
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
        connection: OpaquePointer, line: HTTPRequestLine, uploadData: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>, context: HTTPRequestContext
    ) -> MHD_Result {
        switch context.phase {
        case .started:
            context.method = line.method
            let raw = HTTPRawField.fields(of: connection, kind: .HEADER_KIND)
            context.phase = .receiving
            if context.targetLength > configuration.maxHeaderBytes {
                return queue(HTTPFrontError.response(status: 414, code: "uri_too_long", message: "the request target is longer than \(configuration.maxHeaderBytes) bytes"),
                             on: connection, context: context, closing: true)
            }
            if let flaw = HTTPHeadLayout.flaw(line: line, targetLength: context.targetLength, fields: raw, headSize: vitrine_mhd_head_size(connection)) {
                return queue(HTTPFrontError.badRequest("malformed_head", flaw), on: connection, context: context, closing: true)
            }
            let fields = raw.map { (name: $0.name, value: $0.value) }
            if let refusal = HTTPFraming.refusal(version: line.version, target: context.target, fields: fields, limits: framingLimits) {
                return queue(refusal, on: connection, context: context, closing: true)
            }
            context.headers = HTTPFraming.dictionary(fields)
            // Refused before a byte of the body is read; libmicrohttpd then closes the
            // connection after the answer instead of reading the rest.
            let declared = context.headers["content-length"].flatMap(Self.declaredLength)
            if let declared, declared > configuration.maxBodyBytes {
                return queue(HTTPFrontError.payloadTooLarge(limit: configuration.maxBodyBytes), on: connection, context: context, closing: true)
            }
            if let declared, declared > 0 {
                // One allocation of the right size (of 64 KiB and more, mapped: freed, it goes
                // back to the system) instead of doublings that leave the arenas fragmented.
                context.body.reserveCapacity(declared)
            }
            context.isChunked = context.headers["transfer-encoding"] != nil
            context.hasBody = context.isChunked || (declared ?? 0) > 0
            if let slot = context.connection?.watchSlot {
                if context.hasBody {
                    watch.enterBody(for: slot)
                } else {
                    watch.enter(.busy, for: slot)
                }
            }
            return .YES
        case .receiving:
            let size = uploadSize.pointee
            guard size == 0 else {
                uploadSize.pointee = 0
                if let slot = context.connection?.watchSlot { watch.received(size, for: slot) }
                return receive(uploadData, size: size, context: context)
            }
            // Without a body the connection has been busy since the headers.
            if context.hasBody, let slot = context.connection?.watchSlot { watch.enter(.busy, for: slot) }
            // Only a chunked body ends in trailer fields.
            if context.isChunked,
               let refusal = HTTPFraming.trailerRefusal(HTTPRawField.fields(of: connection, kind: .FOOTER_KIND).map { (name: $0.name, value: $0.value) }, limits: framingLimits) {
                return queue(refusal, on: connection, context: context, closing: true)
            }
            return complete(connection: connection, context: context)
        case .suspended(let response):
            return queue(response, on: connection, context: context)
        case .awaiting(let pending):
            return answerResumed(pending, on: connection, context: context)
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
            if termination != .REQUEST_TERMINATED_COMPLETED_OK, let cut = watch.cut(of: connection.watchSlot) { reason = cut.rawValue }
            // The next request's head is on the clock from now.
            watch.enter(.head(since: .now), for: connection.watchSlot)
        }
        finish(context, reason: reason)
    }

    /// The methods whose body must be JSON when `isJSONBodyRequired`.
    static func takesJSONBody(_ method: String) -> Bool {
        switch method {
        case "POST", "PUT", "PATCH": true
        default: false
        }
    }

    private func finish(_ context: HTTPRequestContext, reason: String?) {
        if let log {
            log(HTTPRequestLogLine(context: context, reason: reason, now: .now).text)
        }
        // With `beginStop`'s store and load in the opposite order, at least one of the two sees
        // the other: a stop either finds nothing in flight or is signalled by the last request.
        let left = inFlight.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue
        if left == 0, isStopping.load(ordering: .sequentiallyConsistent) { drained.signal() }
    }

    // MARK: - Body

    private func receive(_ data: UnsafePointer<CChar>?, size: Int, context: HTTPRequestContext) -> MHD_Result {
        context.receivedBodyBytes += size
        if context.receivedBodyBytes > configuration.maxBodyBytes {
            // A chunked body has no length up front; its answer (413) can only be queued once
            // it ends, so the rest is counted and dropped, and one past twice the limit is cut
            // off (the body rate and `maxBodyDuration` hold it to time as well).
            context.isBodyTooLarge = true
            context.body = Data()
            let cutOff = configuration.maxBodyBytes.multipliedReportingOverflow(by: 2)
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
        if configuration.isJSONBodyRequired, !context.body.isEmpty, Self.takesJSONBody(context.method),
            !HTTPRequest.isJSON(contentType: context.headers["content-type"])
        {
            return queue(HTTPFrontError.unsupportedMediaType, on: connection, context: context)
        }
        let target = HTTPRequestTarget(context.target)
        let response: HTTPResponse
        if context.method == "GET" || context.method == "HEAD", let fixed = configuration.staticRoutes[target.path] {
            response = fixed
        } else {
            let pending = HTTPPendingAnswer()
            handler.respond(
                to: HTTPRequest(
                    method: context.method, path: target.path, query: target.query,
                    headers: context.headers, body: context.body, clientAddress: context.connection?.clientAddress ?? "")
            ) { pending.fulfil($0) }
            context.body = Data()
            guard let ready = pending.response else { return awaitAnswer(pending, on: connection, context: context) }
            response = ready
        }
        context.body = Data()
        guard response.delay > .zero else {
            return queue(response, on: connection, context: context)
        }
        return suspend(connection, until: response, context: context)
    }
}
