import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hostile or broken backend on the loopback (127.0.0.1, or ::1), written by the test: each
/// request is answered by `answer`, which may respond normally or misbehave (an endless
/// chunked body, a gzip bomb, a body dripped a byte at a time, no answer at all). For tests of
/// what the client does against a backend we do not control; every connection is closed
/// after one answer.
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
        /// A 200 with `Content-Encoding: gzip` and its `Content-Length`: a small body that
        /// decodes to `decodedBytes` zero bytes (`Gzip.zeros`, about 1,000 times smaller).
        case gzipBomb(decodedBytes: Int)
        /// A 200 with `Content-Encoding: gzip`, chunked, whose decoded zeros never end (until
        /// the client hangs up).
        case endlessGzip
    }

    /// Where the server listens.
    public enum Address: Sendable {
        /// 127.0.0.1.
        case ipv4Loopback
        /// ::1, written `[::1]` in URLs.
        case ipv6Loopback
    }

    /// Something that happened on the server, in order.
    public enum Event: Sendable, Equatable {
        case requested(method: String, target: String)
        /// The client hung up on an answer that had not finished (`endlessChunks`, `drip`, `stall`,
        /// `endlessGzip`, a `gzipBomb` not all sent).
        case clientClosed(target: String)
    }

    public let port: UInt16
    public let address: Address
    private let listener: Int32
    private let answer: @Sendable (Request) -> Answer
    private typealias Waiter = (id: UUID, event: Event, times: Int, continuation: CheckedContinuation<Bool, Never>)
    private struct Log {
        var requests: [Request] = []
        var events: [Event] = []
        var waiters: [Waiter] = []
        var bytesSent: [String: Int] = [:]
        var isStopped = false
    }

    private let log = TestLock(Log())

    /// Starts listening on an ephemeral port of `address`.
    public init(address: Address = .ipv4Loopback, answer: @escaping @Sendable (Request) -> Answer) throws {
        self.answer = answer
        self.address = address
        (listener, port) = try Self.makeListener(on: address)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:PORT` or `http://[::1]:PORT`.
    public var baseURL: String {
        switch address {
        case .ipv4Loopback: "http://127.0.0.1:\(port)"
        case .ipv6Loopback: "http://[::1]:\(port)"
        }
    }

    /// `baseURL` followed by `path`.
    public func url(_ path: String) -> URL {
        URL(string: baseURL + path)!
    }

    /// Every request so far, oldest first.
    public var requests: [Request] { log.withLock { $0.requests } }
    /// Every event so far, oldest first.
    public var events: [Event] { log.withLock { $0.events } }
    /// The bytes sent so far in answer to requests for `target`, heads included.
    public func bytesSent(to target: String) -> Int { log.withLock { $0.bytesSent[target] ?? 0 } }

    /// Stops accepting; answers in progress end when their clients hang up. Idempotent.
    ///
    /// Only shuts the listener down (which wakes the accept loop and refuses new connections):
    /// the accept loop closes it once it has stopped using it. Closed here, its number could be
    /// given to another test's listener while the loop was between two `accept`s, and the loop
    /// would then take that server's connections and answer them with this server's answers.
    public func stop() {
        let first = log.withLock { log -> Bool in
            defer { log.isStopped = true }
            return !log.isStopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private var isStopped: Bool { log.withLock { $0.isStopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            guard !isStopped else {
                close(connection)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = Self.read(connection) else { return }
        log.withLock { $0.requests.append(request) }
        record(.requested(method: request.method, target: request.target))
        var hungUp = false
        let target = request.target
        func send(_ data: Data) -> Bool {
            let sent = Self.send(connection, data)
            log.withLock { $0.bytesSent[target, default: 0] += sent }
            return sent == data.count
        }
        switch answer(request) {
        case .respond(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            _ = send(Data((head + "\r\n").utf8) + body)
        case .endlessChunks(let chunk):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            guard send(Data(head.utf8)) else { break }
            while send(Self.chunk(chunk)) {}
            hungUp = true
        case .drip(let body, let interval):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            guard send(Data(head.utf8)) else { break }
            let milliseconds = Int32(clamping: interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
            for byte in body {
                // The simulated backend's pace, on its own thread (a test never waits on it):
                // waits out the interval unless the client hangs up first.
                guard !Self.clientHungUp(connection, waitingMilliseconds: milliseconds), send(Data([byte])) else {
                    hungUp = true
                    break
                }
            }
        case .stall(let contentLength, let sent):
            let head = "HTTP/1.1 200 OK\r\nContent-Length: \(contentLength)\r\nConnection: close\r\n\r\n"
            _ = send(Data(head.utf8) + sent)
            var buffer = [UInt8](repeating: 0, count: 1024)
            // Blocks until the client closes the connection (recv returns 0) or resets it.
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
            hungUp = true
        case .gzipBomb(let decodedBytes):
            let body = Gzip.zeros(count: decodedBytes)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            hungUp = !send(Data(head.utf8) + body)
        case .endlessGzip:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            guard send(Data(head.utf8)), send(Self.chunk(Gzip.header)) else { break }
            let segment = Self.chunk(Gzip.zeroSegment)
            while send(segment) {}
            hungUp = true
        }
        if hungUp { record(.clientClosed(target: request.target)) }
    }

    /// `data` framed as one chunk of a chunked body.
    private static func chunk(_ data: Data) -> Data {
        Data(String(data.count, radix: 16).utf8) + Data("\r\n".utf8) + data + Data("\r\n".utf8)
    }

    /// Returns `true` once `event` has happened `times` times (at once if it has), or `false`
    /// when it has not within `limit`: a safety bound so a test that expects an event never
    /// seen fails instead of hanging; the test's outcome never depends on how soon it comes.
    @discardableResult
    public func waitFor(_ event: Event, times: Int = 1, within limit: Duration = .seconds(60)) async -> Bool {
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
                if log.events.count(where: { $0 == event }) >= times { return true }
                log.waiters.append((id, event, times, continuation))
                return false
            }
            if happened { continuation.resume(returning: true) }
        }
    }

    private func record(_ event: Event) {
        let ready = log.withLock { log -> [CheckedContinuation<Bool, Never>] in
            log.events.append(event)
            let seen = log.events.count(where: { $0 == event })
            let isReady = { (waiter: Waiter) in waiter.event == event && seen >= waiter.times }
            let ready = log.waiters.filter(isReady).map(\.continuation)
            log.waiters.removeAll(where: isReady)
            return ready
        }
        for continuation in ready { continuation.resume(returning: true) }
    }
}
