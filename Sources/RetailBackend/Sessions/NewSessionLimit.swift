import Foundation
import HTTPServer

/// How many new sessions (shoppers) one client address, or all of them together, may start: a
/// burst at once, then a steady rate (`NewShopperAllowance`, per process). `vitrine serve
/// --new-sessions-per-address` and `--new-sessions-in-all` take it as `BURST/PER_SECOND`, or
/// `off` for no limit.
///
/// The address is the TCP peer's, or the last hop of `X-Forwarded-For` when the peer is one of
/// the operator's `TrustedProxies`. Behind a load balancer that is not trusted, every shopper
/// has the balancer's address and shares one allowance: trust the balancer, or raise or turn
/// off the limit there (and bound new sessions at the balancer instead).
public struct NewSessionLimit: Sendable, Equatable, CustomStringConvertible {
    /// Sessions an address may start at once. At least 1.
    public var burst: Int
    /// Sessions an address may start a second once its burst is spent. At least 0.
    public var perSecond: Double

    /// The default per address: 100 at once, then 1 a second.
    public static let standard = NewSessionLimit(burst: 100, perSecond: 1)

    /// The default for all addresses together, per process: 10,000 at once, then 100 a second
    /// (360,000 an hour, a launch's worth for one instance). It bounds what a flood from many
    /// addresses (a botnet, an IPv6 prefix's worth of /64s) makes the store keep: new shoppers
    /// past it get 429 while every existing one goes on.
    public static let standardInAll = NewSessionLimit(burst: 10_000, perSecond: 100)

    public init(burst: Int, perSecond: Double) {
        self.burst = burst
        self.perSecond = perSecond
    }

    /// Why a `--new-sessions-per-address` value is refused.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// `BURST/PER_SECOND` (`100/1`, `5000/50`, `20/0.5`) or `off` (nil: no limit). A burst is
    /// a whole number from 1 to 1,000,000,000, a rate a decimal number from 0 to 1,000,000
    /// (0: the burst is all an address ever gets until the process restarts).
    public static func parse(_ text: String, option: String = "--new-sessions-per-address") throws(ParseError) -> NewSessionLimit? {
        let bytes = Array(text.utf8)
        if bytes.elementsEqual("off".utf8) { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        let decimal = { (part: ArraySlice<UInt8>) in
            !part.isEmpty && part.count <= 12 && part.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }
                && part.first != UInt8(ascii: ".") && part.last != UInt8(ascii: ".")
        }
        guard parts.count == 2, decimal(parts[0]), decimal(parts[1]),
              let burst = Int(String(decoding: parts[0], as: UTF8.self)), (1...1_000_000_000).contains(burst),
              let rate = Double(String(decoding: parts[1], as: UTF8.self)), rate.isFinite, (0...1_000_000).contains(rate) else {
            throw ParseError(description: "\(option) wants BURST/PER_SECOND (as 100/1: a burst of 1 to 1000000000, a rate of 0 to 1000000 a second) or off")
        }
        return NewSessionLimit(burst: burst, perSecond: rate)
    }

    public var description: String {
        let rate = perSecond == perSecond.rounded() ? String(Int(perSecond)) : String(perSecond)
        return "\(burst)/\(rate)"
    }
}
