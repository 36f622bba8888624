import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The crafted server's socket work: listening, reading a request, sending, noticing a hang-up.
extension CraftedServer {
    /// A listening socket on an ephemeral port of `address`, and the port.
    static func makeListener(on address: Address) throws -> (Int32, UInt16) {
        let family = address == .ipv4Loopback ? AF_INET : AF_INET6
        #if canImport(Glibc)
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var storage = sockaddr_storage()
        var length: socklen_t
        switch address {
        case .ipv4Loopback:
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let ipv4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                ipv4.pointee.sin_family = sa_family_t(AF_INET)
                ipv4.pointee.sin_addr.s_addr = inet_addr("127.0.0.1")
            }
        case .ipv6Loopback:
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { raw in
                let ipv6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                ipv6.pointee.sin6_family = sa_family_t(AF_INET6)
                ipv6.pointee.sin6_addr = in6addr_loopback
            }
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let port = withUnsafeBytes(of: &storage) { raw in
            address == .ipv4Loopback
                ? raw.load(as: sockaddr_in.self).sin_port : raw.load(as: sockaddr_in6.self).sin6_port
        }
        return (descriptor, UInt16(bigEndian: port))
    }

    /// The request head and its `Content-Length` body; `nil` when the client hung up first.
    static func read(_ connection: Int32) -> Request? {
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
    static func clientHungUp(_ connection: Int32, waitingMilliseconds milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0
    }

    /// Sends `data` until it is all sent or the client is gone; how many bytes went.
    static func send(_ connection: Int32, _ data: Data) -> Int {
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
            guard sent > 0 else { break }
            offset += sent
        }
        return offset
    }

    static func reason(_ status: Int) -> String {
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
