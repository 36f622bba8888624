import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client on one kept-alive loopback connection, for load and for tests
/// that need many requests fast: it sends a request and reads exactly one answer, framed by
/// its `Content-Length` (what the backend's front always sends). Not thread-safe: one thread
/// drives one client. A broken connection is made again on the next request.
public final class KeepAliveClient {
    public struct Answer: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let port: Int
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private let timeoutSeconds: Int

    public init(port: Int, timeoutSeconds: Int = 10) {
        self.port = port
        self.timeoutSeconds = timeoutSeconds
    }

    deinit {
        disconnect()
    }

    public func disconnect() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        buffer.removeAll()
    }

    /// Sends one request and returns its answer; throws when there is none (the connection is
    /// then closed, and the next request opens a new one).
    public func send(_ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil) throws -> Answer {
        do {
            try sendWithoutWaiting(method, target, headers: headers, body: body)
            return try readAnswer()
        } catch {
            disconnect()
            throw error
        }
    }

    /// Sends one request and reads nothing: for a test that stops the server while the request
    /// is in flight. The connection is left for `disconnect()`.
    public func sendWithoutWaiting(_ method: String, _ target: String, headers: [String: String] = [:], body: String? = nil) throws {
        // A server may close a kept-alive connection that stayed idle past its timeout (a test
        // stalled by a loaded machine): such a connection is not reused, as HTTP clients do.
        if descriptor >= 0, hasBeenClosedByTheServer() { disconnect() }
        if descriptor < 0 { try connect() }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = body.map { Array($0.utf8) } ?? []
        if body != nil { head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\n" }
        try write(Array((head + "\r\n").utf8) + bytes)
    }

    /// Whether the server has closed the idle connection: it reads as at its end, without
    /// waiting and without taking a byte.
    private func hasBeenClosedByTheServer() -> Bool {
        guard buffer.isEmpty else { return false }
        var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&pending, 1, 0) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    private func connect() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var yes: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port)).bigEndian
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to port \(port): \(String(cString: strerror(errno)))")
        }
        descriptor = socket
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure(description: "send failed: \(String(cString: strerror(errno)))") }
            offset += count
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count > 0 else { throw Failure(description: count == 0 ? "the server closed the connection" : "no answer in time") }
        buffer += chunk[0..<count]
    }

    private func readAnswer() throws -> Answer {
        let separator: [UInt8] = [13, 10, 13, 10]
        var end: Int?
        while end == nil {
            if let found = firstIndex(of: separator) { end = found } else { try fill() }
        }
        let headEnd = end ?? 0
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "no status line in \(head.prefix(80))") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = headEnd + separator.count
        while buffer.count < bodyStart + length { try fill() }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        if headers["connection"]?.lowercased() == "close" { disconnect() }
        return Answer(status: status, headers: headers, body: body)
    }

    private func firstIndex(of pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count) where buffer[index] == pattern[0] && Array(buffer[index..<(index + pattern.count)]) == pattern {
            return index
        }
        return nil
    }
}
