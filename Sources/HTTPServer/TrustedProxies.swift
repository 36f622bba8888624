import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The operator's reverse proxies and load balancers (`vitrine serve --trusted-proxy ADDRESS`),
/// whose `X-Forwarded-For` tells who the client is.
///
/// Behind a balancer every TCP peer is the balancer, so per-address bounds (the new-session
/// allowance, the in-memory store's shoppers per address) would treat the whole shop as one
/// client. A request from a trusted proxy is counted by its `X-Forwarded-For` instead, read
/// from the right: each hop a trusted proxy appended is the address it saw, so the hops are
/// passed while they are exactly the address of a trusted proxy too (a CDN in front of a
/// balancer; not merely in an IPv6 one's /64), and the first that is not is the client (earlier hops are whatever the client wrote). A hop that is no
/// address ends the walk at the proxy that wrote it. From any other peer the header is
/// ignored, so a client cannot pick its own address. (RFC 7239's `Forwarded` is not read: the
/// proxies the operator names are to send `X-Forwarded-For`.) Addresses are compared as the front counts them
/// (`HTTPConnection.clientAddress`: IPv4 text, an IPv6 address by its /64 prefix).
public struct TrustedProxies: Sendable, Equatable {
    /// As the front counts a peer (an IPv6 one by its /64): what a request's peer is matched
    /// against, since the front knows no more of it; as UTF-8 bytes, compared exactly.
    private let addresses: Set<[UInt8]>
    /// The addresses themselves, as bytes (4 for IPv4, IPv4-mapped IPv6 included; 16 for
    /// IPv6): what an `X-Forwarded-For` hop is matched against, exactly, so a client in a
    /// trusted proxy's /64 is no proxy.
    private let exact: Set<[UInt8]>

    /// No proxy is trusted: every request is counted by its TCP peer.
    public static let none = TrustedProxies(normalised: [], exact: [])

    /// Why an address is refused.
    public struct AddressError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Trusts the proxies at `addresses` (IPv4 or IPv6 literals; an IPv6 one trusts its /64).
    public init(addresses: [String]) throws(AddressError) {
        var normalised: Set<[UInt8]> = []
        var exact: Set<[UInt8]> = []
        for address in addresses {
            guard let parsed = Self.parsed(address) else {
                throw AddressError(description: "a trusted proxy is an IPv4 or IPv6 address (as 10.0.0.2 or fd00::2)")
            }
            normalised.insert(Array(parsed.counted.utf8))
            exact.insert(parsed.bytes)
        }
        self.init(normalised: normalised, exact: exact)
    }

    private init(normalised: Set<[UInt8]>, exact: Set<[UInt8]>) {
        addresses = normalised
        self.exact = exact
    }

    /// At most this many `X-Forwarded-For` hops are read from the right: more trusted proxies
    /// than this in a row is no deployment, and the walk stays short whatever a header holds.
    static let maximumHops = 16

    /// The address `request` is counted by: its peer when that is no trusted proxy, else the
    /// rightmost `X-Forwarded-For` hop that is no trusted proxy (or the last trusted one seen,
    /// when a hop is no address or the hops end).
    public func clientAddress(of request: HTTPRequest) -> String {
        guard addresses.contains(Array(request.clientAddress.utf8)), let forwarded = request.header("x-forwarded-for") else {
            return request.clientAddress
        }
        var client = request.clientAddress
        let hops = forwarded.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        for hop in hops.reversed().prefix(Self.maximumHops) {
            guard let parsed = Self.parsed(String(decoding: hop, as: UTF8.self).trimmingCharacters(in: .whitespaces)) else { break }
            client = parsed.counted
            // A hop that is not exactly a named proxy is the client: what is left of it, it wrote.
            guard exact.contains(parsed.bytes) else { break }
        }
        return client
    }

    /// An address literal as the front counts it, or nil when it is none.
    static func counted(_ text: String) -> String? {
        parsed(text)?.counted
    }

    /// An address literal's bytes (an IPv4-mapped IPv6 one as its IPv4 address) and the text
    /// the front counts it by, or nil when it is none.
    static func parsed(_ text: String) -> (bytes: [UInt8], counted: String)? {
        guard text.utf8.count <= 45, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, text, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            let bytes = withUnsafeBytes(of: v4.sin_addr) { Array($0) }
            return (bytes, withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { HTTPConnection.clientAddress(of: $0) } })
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, text, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            var bytes = withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
            if bytes.prefix(12).elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) { bytes = Array(bytes.suffix(4)) }
            return (bytes, withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { HTTPConnection.clientAddress(of: $0) } })
        }
        return nil
    }
}
