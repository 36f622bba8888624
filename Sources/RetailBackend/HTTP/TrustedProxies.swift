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
/// passed while they name trusted proxies too (a CDN in front of a balancer), and the first
/// that does not is the client (earlier hops are whatever the client wrote). A hop that is no
/// address ends the walk at the proxy that wrote it. From any other peer the header is
/// ignored, so a client cannot pick its own address. (RFC 7239's `Forwarded` is not read: the
/// proxies the operator names are to send `X-Forwarded-For`.) Addresses are compared as the front counts them
/// (`HTTPConnection.clientAddress`: IPv4 text, an IPv6 address by its /64 prefix).
public struct TrustedProxies: Sendable, Equatable {
    private let addresses: Set<ExactText>

    /// No proxy is trusted: every request is counted by its TCP peer.
    public static let none = TrustedProxies(normalised: [])

    /// Why an address is refused.
    public struct AddressError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Trusts the proxies at `addresses` (IPv4 or IPv6 literals; an IPv6 one trusts its /64).
    public init(addresses: [String]) throws(AddressError) {
        var normalised: Set<ExactText> = []
        for address in addresses {
            guard let counted = Self.counted(address) else {
                throw AddressError(description: "a trusted proxy is an IPv4 or IPv6 address (as 10.0.0.2 or fd00::2)")
            }
            normalised.insert(ExactText(counted))
        }
        self.init(normalised: normalised)
    }

    private init(normalised: Set<ExactText>) {
        addresses = normalised
    }

    /// At most this many `X-Forwarded-For` hops are read from the right: more trusted proxies
    /// than this in a row is no deployment, and the walk stays short whatever a header holds.
    static let maximumHops = 16

    /// The address `request` is counted by: its peer when that is no trusted proxy, else the
    /// rightmost `X-Forwarded-For` hop that is no trusted proxy (or the last trusted one seen,
    /// when a hop is no address or the hops end).
    public func clientAddress(of request: HTTPRequest) -> String {
        var client = request.clientAddress
        guard !addresses.isEmpty, let forwarded = request.header("x-forwarded-for") else { return client }
        let hops = forwarded.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        for hop in hops.reversed().prefix(Self.maximumHops) {
            guard addresses.contains(ExactText(client)),
                  let counted = Self.counted(String(decoding: hop, as: UTF8.self).trimmingCharacters(in: .whitespaces)) else { break }
            client = counted
        }
        return client
    }

    /// An address literal as the front counts it, or nil when it is none.
    static func counted(_ text: String) -> String? {
        guard text.utf8.count <= 45, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, text, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            return withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { HTTPConnection.clientAddress(of: $0) } }
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, text, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            return withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { HTTPConnection.clientAddress(of: $0) } }
        }
        return nil
    }
}
