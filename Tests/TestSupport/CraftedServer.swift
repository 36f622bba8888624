import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hostile or broken backend on 127.0.0.1, written by the test: each request is answered
/// by `answer`, which may respond normally or misbehave (an endless chunked body, a body
/// dripped a byte at a time, no answer at all). For tests of what the client does against a
/// backend we do not control; every connection is closed after one answer.
public final class CraftedServer: Sendable {
    /// A request as it arrived.
    public struct Request: Sendable {
        public var method: String
        /// The request target (`/v1/home?locale=en-US`).
        public var target: String
        /// Header names lower-cased.
        public var headers: [String: String]
        public var body: Data

        /// The target's path, without the query.
        public var path: String { String(target.prefix { $0 != "?" }) }
    }

    /// How a request is answered.
    public enum Answer: Sendable {
        /// A whole answer with `Content-Length`.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// A 200 with `Transfer-Encoding: chunked` whose chunks of `chunk` never end (until the
        /// client hangs up).
        case endlessChunks(chunk: Data)
        /// A 200 announcing `body`'s length, then sending it one byte every `interval` (the
        /// server's own pace: this is the slow backend being simulated, not a test waiting).
        case drip(body: Data, interval: Duration)
        /// A 200 head announcing `contentLength` and `sent` bytes of it, then nothing until the
        /// client hangs up.
        case stall(contentLength: Int, sent: Data)
    }

    /// Something that happened on the server, in order.
    public enum Event: Sendable, Equatable {
        case requested(method: String, target: String)
        /// The client hung up on an answer that had not finished (`endlessChunks`, `drip`, `stall`).
        case clientClosed(target: String)
    }

    public let port: UInt16
    private let listener: Int32
    private let answer: @Sendable (Request) -> Answer
    private struct Log {
        var requests: [Request] = []
        var events: [Event] = []
        var waiters: [(id: UUID, event: Event, continuation: CheckedContinuation<Bool, Never>)] = []
        var isStopped = false
    }

    private let log = TestLock(Log())

    /// Starts listening on an ephemeral loopback port.
    public init(answer: @escaping @Sendable (Request) -> Answer) throws {
        self.answer = answer
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `baseURL` followed by `path`.
    public func url(_ path: String) -> URL {
        URL(string: baseURL + path)!
    }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.withLock { $0.requests } }
    /// Every event so far, oldest first.
    public var events: [Event] { log.withLock { $0.events } }

    /// Stops accepting; answers in progress end when their clients hang up. Idempotent: the
    /// listener is closed once, never again after its number may belong to another socket.
    public func stop() {
        let first = log.withLock { log -> Bool in
            defer { log.isStopped = true }
            return !log.isStopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = Self.read(connection) else { return }
        log.withLock { $0.requests.append(request) }
        record(.requested(method: request.method, target: request.target))
        var hungUp = false
        switch answer(request) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            _ = Self.send(connection, Data((head + "\r\n").utf8) + body)
        case .endlessChunks(let chunk):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            let framed = Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8)
            guard Self.send(connection, Data(head.utf8)) else { break }
            while Self.send(connection, framed) {}
            hungUp = true
        case .drip(let body, let interval):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            guard Self.send(connection, Data(head.utf8)) else { break }
            let milliseconds = Int32(clamping: interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
            for byte in body {
                // The simulated backend's pace, on its own thread (a test never waits on it):
                // waits out the interval unless the client hangs up first.
                guard !Self.clientHungUp(connection, waitingMilliseconds: milliseconds), Self.send(connection, Data([byte])) else {
                    hungUp = true
                    break
                }
            }
        case .stall(let contentLength, let sent):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(contentLength)\r\nConnection: close\r\n\r\n"
            _ = Self.send(connection, Data(head.utf8) + sent)
            var buffer = [UInt8](repeating: 0, count: 1024)
            // Blocks until the client closes the connection (recv returns 0) or resets it.
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
            hungUp = true
        }
        if hungUp { record(.clientClosed(target: request.target)) }
    }

    /// Returns `true` once `event` has happened (at once if it has), or `false` when it has not
    /// within `limit`: a safety bound so a test that expects an event never seen fails instead
    /// of hanging; the test's outcome never depends on how soon the event comes.
    @discardableResult
    public func waitFor(_ event: Event, within limit: Duration = .seconds(60)) async -> Bool {
        let id = UUID()
        let watchdog = Task { [self] in
            guard (try? await ContinuousClock().sleep(for: limit)) != nil else { return }
            let waiter = log.withLock { log -> CheckedContinuation<Bool, Never>? in
                guard let index = log.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return log.waiters.remove(at: index).continuation
            }
            waiter?.resume(returning: false)
        }
        defer { watchdog.cancel() }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let happened = log.withLock { log in
                if log.events.contains(event) { return true }
                log.waiters.append((id, event, continuation))
                return false
            }
            if happened { continuation.resume(returning: true) }
        }
    }

    private func record(_ event: Event) {
        let ready = log.withLock { log -> [CheckedContinuation<Bool, Never>] in
            log.events.append(event)
            let ready = log.waiters.filter { $0.event == event }.map(\.continuation)
            log.waiters.removeAll { $0.event == event }
            return ready
        }
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// The request head and its `Content-Length` body; `nil` when the client hung up first.
    private static func read(_ connection: Int32) -> Request? {
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 8192)
        let terminator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if bytes.count >= 4 {
                headEnd = (0...(bytes.count - 4)).first { Array(bytes[$0..<($0 + 4)]) == terminator }
            }
        }
        guard let end = headEnd else { return nil }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            body += buffer[0..<count]
        }
        return Request(method: requestLine.first ?? "", target: requestLine.dropFirst().first ?? "/", headers: headers, body: Data(body))
    }

    /// Waits up to `milliseconds` for the client to close its end; `true` when it did.
    private static func clientHungUp(_ connection: Int32, waitingMilliseconds milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// Sends all of `data`; `false` once the client is gone.
    private static func send(_ connection: Int32, _ data: Data) -> Bool {
        let bytes = Array(data)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(connection, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(connection, raw.baseAddress, raw.count, 0)
                #endif
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 409: "Conflict"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
