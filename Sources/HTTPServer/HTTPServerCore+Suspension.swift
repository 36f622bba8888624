import CMicroHTTPD
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServerCore {
    /// Holds a delayed response without holding a thread: the connection is suspended and a
    /// timer resumes it, and libmicrohttpd then calls `access` again, which queues it.
    ///
    /// A suspended connection is not polled by libmicrohttpd, so it would not notice its
    /// client leave; `releaseAbandonedSuspensions` (on the watch's thread) does. And at most
    /// `maxSuspendedConnections` are held: past that, the response goes out without its delay.
    func suspend(_ connection: OpaquePointer, until response: HTTPResponse, context: HTTPRequestContext) -> MHD_Result {
        // Suspending and registering happen under the lock `stop` takes, so a stop either
        // sees this connection registered (and resumes it) or makes us answer at once.
        let descriptor = vitrine_mhd_connection_fd(connection)
        let token: Int? = state.withLock { state in
            guard !state.isStopping, state.suspended.count - state.awaiting < configuration.maxSuspendedConnections else { return nil }
            MHD_suspend_connection(connection)
            state.nextToken += 1
            state.suspended[state.nextToken] = Suspension(connection: MHDHandle(pointer: connection), descriptor: descriptor, isAwaiting: false)
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

    /// Holds the connection, without a thread, until the handler's answer comes (a database
    /// commit): the connection is suspended and the answer's arrival resumes it, and
    /// libmicrohttpd then calls `access` again, which sends it (`answerResumed`). While the
    /// server stops, the answer is waited for here instead, for at most the drain timeout.
    func awaitAnswer(_ pending: HTTPPendingAnswer, on connection: OpaquePointer, context: HTTPRequestContext) -> MHD_Result {
        let descriptor = vitrine_mhd_connection_fd(connection)
        let token: Int? = state.withLock { state in
            guard !state.isStopping else { return nil }
            MHD_suspend_connection(connection)
            state.nextToken += 1
            state.suspended[state.nextToken] = Suspension(connection: MHDHandle(pointer: connection), descriptor: descriptor, isAwaiting: true)
            state.awaiting += 1
            return state.nextToken
        }
        guard let token else {
            return deliver(pending.wait(timeout: configuration.drainTimeout) ?? HTTPFrontError.answerTimedOut, on: connection, context: context)
        }
        context.phase = .awaiting(pending)
        pending.whenReady { [self] in resume(token: token) }
        return .YES
    }

    /// The connection of a pending answer was resumed: by the answer, or early because its
    /// client left (nobody reads what is sent then) or the server stops (the answer is waited
    /// for, at most the drain timeout).
    func answerResumed(_ pending: HTTPPendingAnswer, on connection: OpaquePointer, context: HTTPRequestContext) -> MHD_Result {
        var response = pending.response
        if response == nil, state.withLock({ $0.isStopping }) { response = pending.wait(timeout: configuration.drainTimeout) }
        return deliver(response ?? HTTPFrontError.answerTimedOut, on: connection, context: context)
    }

    /// Sends an answer that came from the handler, held back first if it carries a delay.
    private func deliver(_ response: HTTPResponse, on connection: OpaquePointer, context: HTTPRequestContext) -> MHD_Result {
        guard response.delay > .zero else { return queue(response, on: connection, context: context) }
        return suspend(connection, until: response, context: context)
    }

    private func resume(token: Int) {
        state.withLock { state in
            if let entry = state.remove(token) {
                MHD_resume_connection(entry.connection.pointer)
            }
        }
        watch.noteChange()
    }

    /// Resumes, at once, every suspended connection whose client has closed or reset it:
    /// libmicrohttpd then tries to answer, fails, and frees the connection and its slot.
    func releaseAbandonedSuspensions() {
        state.withLock { state in
            guard !state.isStopping, !state.suspended.isEmpty else { return }
            let tokens = Array(state.suspended.keys)
            var watched = tokens.map { pollfd(fd: state.suspended[$0]?.descriptor ?? -1, events: vitrine_poll_peer_closed, revents: 0) }
            guard poll(&watched, nfds_t(watched.count), 0) > 0 else { return }
            let gone = vitrine_poll_peer_closed | Int16(POLLHUP | POLLERR)
            for (token, entry) in zip(tokens, watched) where entry.revents & gone != 0 {
                if let suspended = state.remove(token) {
                    MHD_resume_connection(suspended.connection.pointer)
                }
            }
        }
        watch.noteChange()
    }

    /// Connections held for a delayed response now.
    var suspendedCount: Int { state.withLock { $0.suspended.count } }

    /// Refuses further suspensions and resumes every suspended connection, so their delayed
    /// responses go out now. Returns whether nothing is in flight any more.
    func beginStop() -> Bool {
        state.withLock { state in
            state.isStopping = true
            isStopping.store(true, ordering: .sequentiallyConsistent)
            for entry in state.suspended.values {
                MHD_resume_connection(entry.connection.pointer)
            }
            state.suspended.removeAll()
            state.awaiting = 0
            return inFlight.load(ordering: .sequentiallyConsistent) == 0
        }
    }

    // MARK: - Responses


    /// Queues an answer. `closing` adds `Connection: close` (libmicrohttpd then closes after
    /// sending): for refusals whose body, if any, must not be read as a next request.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer, context: HTTPRequestContext, closing: Bool = false) -> MHD_Result {
        context.phase = .responded
        let status = (100..<600).contains(response.status) ? response.status : 500
        guard let created = Self.mhdResponse(body: response.body) else { return .NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers where !Self.isFramingHeader(name) {
            // A name or value with CR/LF is refused by libmicrohttpd; the header is dropped.
            _ = MHD_add_response_header(created, name, value)
        }
        if closing { _ = MHD_add_response_header(created, "Connection", "close") }
        context.status = status
        context.sentBodyBytes = response.body.count
        return MHD_queue_response(connection, UInt32(status), created)
    }

    /// A libmicrohttpd response sending `body`. A body of `HTTPResponseBody.sharedFrom` bytes
    /// and more is sent from the bytes `body` holds, without a copy (a cached page is sent as
    /// it is cached): a retained `HTTPResponseBody` keeps them alive and unchanged until
    /// libmicrohttpd frees the response. A smaller one is copied.
    static func mhdResponse(body: Data) -> OpaquePointer? {
        guard body.count >= HTTPResponseBody.sharedFrom else {
            return body.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        let held = Unmanaged.passRetained(HTTPResponseBody(body))
        let created = MHD_create_response_from_buffer_with_free_callback_cls(
            body.count, UnsafeMutableRawPointer(mutating: held.takeUnretainedValue().start), HTTPResponseBody.release, held.toOpaque())
        if created == nil { held.release() }
        return created
    }

    /// Whether libmicrohttpd sets this header itself from the body it is given
    /// (`Content-Length`, `Transfer-Encoding`, `Connection`), compared without allocating.
    static func isFramingHeader(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            framingHeaders.contains { HTTPFraming.matchesIgnoringCase(bytes, $0) }
        }
    }

    /// The lower-case names of `isFramingHeader`.
    static let framingHeaders: [[UInt8]] = ["content-length", "transfer-encoding", "connection"].map { Array($0.utf8) }

    /// The length a `Content-Length` declares (the framing checks left one value of digits),
    /// optional whitespace around it aside: `Int.max` for all digits beyond `Int`
    /// (libmicrohttpd reads up to UINT64_MAX, which it takes as "unknown"), nil for anything
    /// else. Read on the UTF-8 bytes: every request with a body asks.
    static func declaredLength(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            let digits = HTTPFraming.trimmingOptionalWhitespace(bytes)
            guard !digits.isEmpty else { return nil }
            var value = 0
            var overflowed = false
            for byte in digits {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if overflow || carry { overflowed = true } else { value = sum }
            }
            return overflowed ? Int.max : value
        }
    }
}

extension HTTPServerCore.SharedState {
    /// Takes a suspension out of the table, keeping the count of those awaiting an answer.
    mutating func remove(_ token: Int) -> HTTPServerCore.Suspension? {
        guard let entry = suspended.removeValue(forKey: token) else { return nil }
        if entry.isAwaiting { awaiting -= 1 }
        return entry
    }
}
