import Foundation
import HTTPServer
import RetailBackend
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client on 127.0.0.1 that sends raw bytes, so tests can speak broken HTTP
/// that no HTTP library would send. Reads give up after `SO_RCVTIMEO` (a safety net so a
/// broken server fails a test instead of hanging it; no test waits on it).
final class RawSocketClient {
    private let descriptor: Int32

    /// Connects from `source`, any address of 127.0.0.0/8 (all of it is loopback on Linux), so
    /// that tests can be several clients as per-address limits see them.
    /// The descriptor is stored only once connected: a class whose init throws after every
    /// property is set runs its `deinit`, which would close it a second time (by then the
    /// number may be another socket's, libmicrohttpd's for one, which then aborts).
    init(port: Int, from source: String = "127.0.0.1") throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawSocketError.cannotConnect }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if source != "127.0.0.1" {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                Glibc.close(descriptor)
                throw RawSocketError.cannotConnect
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw RawSocketError.cannotConnect
        }
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Closes at once with a reset (SO_LINGER 0), as a client that vanishes does.
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends everything; false when the server has closed the connection.
    @discardableResult
    func send(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Data(text.utf8)) }

    /// Reads one response (headers, then `Content-Length` bytes of body), or nil when the
    /// server closes the connection before a whole response arrives.
    func readReply() -> RawHTTPReply? {
        while true {
            if let reply = RawHTTPReply(parsing: pending) {
                pending.removeFirst(reply.wireLength)
                return reply
            }
            guard let chunk = receive() else { return nil }
            pending.append(chunk)
        }
    }

    /// Reads until the server closes; returns what came (empty when it closed silently).
    func readUntilClosed() -> Data {
        while let chunk = receive() { pending.append(chunk) }
        return pending
    }

    private var pending = Data()

    private func receive() -> Data? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? Data(buffer[0..<count]) : nil
    }
}

enum RawSocketError: Error { case cannotConnect }

/// One parsed HTTP/1.1 response.
struct RawHTTPReply {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: Data
    var wireLength: Int

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The `error.code` of a contract error body.
    var errorCode: String? {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }

    init?(parsing data: Data) {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap(Int.init) ?? 0
        let bodyStart = end.upperBound
        guard data.endIndex - bodyStart >= length else { return nil }
        self.status = status
        self.headers = headers
        self.body = Data(data[bodyStart..<bodyStart + length])
        self.wireLength = bodyStart + length - data.startIndex
    }
}

/// A handler for the server tests: records what it is asked and answers by path.
/// `/echo` answers 200 with the method and body size; `/slow?ms=N` answers after N ms
/// (and signals `slowArrived`); other methods than GET, HEAD, POST get 405; the rest 404.
final class RecordingHandler: HTTPHandler {
    let requests = Mutex<[HTTPRequest]>([])
    let slowArrived = DispatchSemaphore(value: 0)

    var count: Int { requests.withLock { $0.count } }
    var last: HTTPRequest? { requests.withLock { $0.last } }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        requests.withLock { $0.append(request) }
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return Self.json(405, #"{"error":{"code":"method_not_allowed","message":"no"}}"#)
        }
        switch request.path {
        case "/echo":
            var response = Self.json(200, #"{"method":"\#(request.method)","body_bytes":\#(request.body.count),"id":"\#(request.queryValue("id") ?? "")"}"#)
            response.headers.append(("X-Test", "yes"))
            return response
        case "/slow":
            var response = Self.json(200, #"{"slow":true}"#)
            response.delay = .milliseconds(Int(request.queryValue("ms") ?? "") ?? 0)
            slowArrived.signal()
            return response
        default:
            return Self.json(404, #"{"error":{"code":"not_found","message":"no"}}"#)
        }
    }

    static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }
}

/// Log lines collected from the server's worker threads.
final class LogCollector: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}

/// The resident memory of this process (the server runs in it), from /proc/self/statm.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

extension HTTPServer {
    /// Sends one well-formed request on a fresh connection and returns the answer.
    func exchange(_ request: String) throws -> RawHTTPReply? {
        let client = try RawSocketClient(port: port)
        client.send(request)
        return client.readReply()
    }

    /// Whether a good request still gets its answer, after whatever a bad client did.
    func stillServes() throws -> Bool {
        try exchange("GET /echo HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")?.status == 200
    }
}
