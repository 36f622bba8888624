import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for `DataLoader` tests. Paths:
/// - `/ok`: 200 with `body`;
/// - `/missing`: 404;
/// - `/big`: 200 announcing a Content-Length of 10 MB;
/// - `/hang`: 200 announcing 1,000 bytes, sends 10, then waits until the client hangs up.
/// Reports `.requested(path)` and `.clientClosed(path)` as events.
final class LoopbackServer: Sendable {
    enum Event: Equatable, Sendable {
        case requested(String)
        case clientClosed(String)
    }

    let port: UInt16
    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private let listener: Int32
    private let body: Data

    init(body: Data) throws {
        self.body = body
        (events, sink) = AsyncStream.makeStream(of: Event.self)
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
        guard bound == 0, listen(descriptor, 16) == 0 else {
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

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops accepting; connections in progress end on their own.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        sink.finish()
    }

    /// The next event.
    func next() async -> Event? {
        var iterator = events.makeAsyncIterator()
        return await iterator.next()
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
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        sink.yield(.requested(path))
        switch path {
        case "/ok":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n", body)
        case "/big":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n", Data(count: 10))
        case "/hang":
            send(connection, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n", Data(count: 10))
            // Blocks until the client closes the connection (recv returns 0) or resets it.
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
            sink.yield(.clientClosed(path))
        default:
            send(connection, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", Data())
        }
    }

    private func send(_ connection: Int32, _ head: String, _ payload: Data) {
        let bytes = Array(head.utf8) + Array(payload)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(connection, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(connection, raw.baseAddress, raw.count, 0)
                #endif
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
