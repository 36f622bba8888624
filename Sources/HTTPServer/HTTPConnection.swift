import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the front keeps per TCP connection, from libmicrohttpd's connection-notify `STARTED`
/// to `CLOSED`: its place in the watch, the client's address for per-client bounds, and the
/// request it is on, so that a request libmicrohttpd never completes is still freed.
///
/// Not `Sendable` on purpose: libmicrohttpd calls back for one connection from the thread
/// that owns it only (like `HTTPRequestContext`).
final class HTTPConnection {
    /// The connection's place in the `HTTPConnectionWatch`.
    let watchSlot: HTTPConnectionWatch.Slot
    /// The retained `HTTPRequestContext` of the request under way, until it completes.
    var request: UnsafeMutableRawPointer?

    /// `HTTPRequest.clientAddress`: IPv4 text, or the /64 prefix of an IPv6 address.
    var clientAddress: String { watchSlot.address }

    init(watchSlot: HTTPConnectionWatch.Slot) {
        self.watchSlot = watchSlot
    }

    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    static func borrowed(_ pointer: UnsafeMutableRawPointer) -> HTTPConnection {
        Unmanaged<HTTPConnection>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func release(_ pointer: UnsafeMutableRawPointer) -> HTTPConnection {
        Unmanaged<HTTPConnection>.fromOpaque(pointer).takeRetainedValue()
    }

    /// An address as per-client bounds count it: IPv4 as is (also when mapped into IPv6),
    /// IPv6 by its /64 prefix.
    static func clientAddress(of address: UnsafePointer<sockaddr>?) -> String {
        guard let address else { return "" }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
            return Self.string(text)
        case AF_INET6:
            var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            withUnsafeMutableBytes(of: &v6) { raw in
                for index in 8..<16 { raw[index] = 0 }
            }
            inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count))
            return Self.string(text) + "/64"
        default:
            return ""
        }
    }

    /// A NUL-terminated buffer as text.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
