import FlowCore
import Foundation
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// The new-session allowance per client address: its limit is the operator's to set or turn off,
/// and behind a trusted load balancer it counts the shopper's address from `X-Forwarded-For`,
/// never a header an untrusted peer wrote.
@Suite struct NewSessionAllowanceTests {
    let clock = TestClock()

    /// `POST /v1/sessions` from `peer`, with an `X-Forwarded-For` when given: the status.
    func session(_ backend: HomeBackend, peer: String, forwardedFor: String? = nil) -> Int {
        var request = HTTPRequest(method: "POST", path: "/v1/sessions", headers: forwardedFor.map { ["x-forwarded-for": $0] } ?? [:])
        request.clientAddress = peer
        return backend.respond(to: request).status
    }

    @Test func aLimitIsBurstOverRateOrOff() throws {
        #expect(try NewSessionLimit.parse("100/1") == NewSessionLimit(burst: 100, perSecond: 1))
        #expect(try NewSessionLimit.parse("5000/50") == NewSessionLimit(burst: 5_000, perSecond: 50))
        #expect(try NewSessionLimit.parse("20/0.5") == NewSessionLimit(burst: 20, perSecond: 0.5))
        #expect(try NewSessionLimit.parse("1/0") == NewSessionLimit(burst: 1, perSecond: 0))
        #expect(try NewSessionLimit.parse("off") == nil)
        #expect(NewSessionLimit.standard.description == "100/1")
        #expect(NewSessionLimit(burst: 20, perSecond: 0.5).description == "20/0.5")
        for bad in ["", "100", "100/", "/1", "0/1", "-1/1", "1e3/1", "100/1/2", "100/inf", "100/nan", " 100/1", "100/1 ",
                    "OFF", "of", "１００/1", "100/.5", "100/5.", "1000000001/1", "100/1000001", "99999999999999999999/1", "1.5/1"] {
            #expect(throws: NewSessionLimit.ParseError.self, "\(bad)") { try NewSessionLimit.parse(bad) }
        }
    }

    /// A flood from many addresses, each within its own allowance, meets the allowance of all
    /// addresses together; what an address's own allowance refuses spends nothing of it.
    @Test func manyAddressesTogetherMeetTheAllowanceOfAll() throws {
        let backend = try makeBackend(clock: clock) {
            $0.newSessionsPerAddress = NewSessionLimit(burst: 2, perSecond: 0)
            $0.newSessionsInAll = NewSessionLimit(burst: 5, perSecond: 1)
        }
        // One address past its own allowance: refused by it, the allowance of all untouched.
        #expect((0..<6).map { _ in session(backend, peer: "192.0.2.1") } == [201, 201, 429, 429, 429, 429])
        #expect((2..<5).map { session(backend, peer: "192.0.2.\($0)") } == [201, 201, 201], "three more: five in all")
        let refused = backend.respond(to: { var request = HTTPRequest(method: "POST", path: "/v1/sessions"); request.clientAddress = "192.0.2.9"; return request }())
        #expect(refused.status == 429)
        #expect(try parse(refused)[path: "error", "code"] == "too_many_new_sessions")
        #expect(refused.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        clock.advance(seconds: 1)
        #expect(session(backend, peer: "192.0.2.10") == 201, "one a second after")
        #expect(session(backend, peer: "192.0.2.11") == 429)
        // Refused for everyone's sake, an address keeps its own tokens: once the shop's allowance
        // refills, 192.0.2.20 still has both of its own.
        #expect((0..<3).map { _ in session(backend, peer: "192.0.2.20") } == [429, 429, 429])
        clock.advance(seconds: 2)
        #expect((0..<2).map { _ in session(backend, peer: "192.0.2.20") } == [201, 201])
        let defaults = try makeBackend(clock: clock)
        #expect(defaults.configuration.newSessionsInAll == NewSessionLimit.standardInAll)
        #expect((0..<200).allSatisfy { session(defaults, peer: "198.51.100.\($0 % 250)") == 201 }, "a busy minute of a shop stays well within it")
    }

    /// A clock set back refills nothing, and coming forward again refills only once.
    @Test func aClockSetBackRefillsNothing() {
        var allowance = NewShopperAllowance(burst: 2, perSecond: 1)
        let address = ExactText("192.0.2.1")
        let start = Date(timeIntervalSince1970: 1_000_000)
        #expect(allowance.take(for: address, at: start) == nil)
        #expect(allowance.take(for: address, at: start) == nil)
        #expect(allowance.take(for: address, at: start) == 1)
        #expect(allowance.take(for: address, at: start.addingTimeInterval(-100)) != nil, "set back: nothing refilled")
        #expect(allowance.take(for: address, at: start.addingTimeInterval(0.5)) != nil, "forward again: half a token since the last take")
        #expect(allowance.take(for: address, at: start.addingTimeInterval(1)) == nil)
        #expect(allowance.take(for: address, at: start.addingTimeInterval(1)) != nil)
    }

    @Test func theOperatorSetsTheLimitOrTurnsItOff() throws {
        let tight = try makeBackend(clock: clock) { $0.newSessionsPerAddress = NewSessionLimit(burst: 2, perSecond: 0) }
        #expect((0..<3).map { _ in session(tight, peer: "192.0.2.1") } == [201, 201, 429])
        clock.advance(seconds: 86_400)
        #expect(session(tight, peer: "192.0.2.1") == 429, "a rate of 0: the burst is all there is")
        let off = try makeBackend(clock: clock) { $0.newSessionsPerAddress = nil }
        #expect((0..<300).allSatisfy { _ in session(off, peer: "192.0.2.1") == 201 })
        let standard = try makeBackend(clock: clock)
        #expect((0..<101).map { _ in session(standard, peer: "192.0.2.1") }.filter { $0 == 429 }.count == 1, "100, then 1 a second")
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnAllowance() throws {
        let proxies = try TrustedProxies(addresses: ["10.0.0.2", "fd00::2"])
        let backend = try makeBackend(clock: clock) {
            $0.newSessionsPerAddress = NewSessionLimit(burst: 2, perSecond: 0)
            $0.trustedProxies = proxies
        }
        // The last hop is the one the proxy saw; what the client wrote before it is not trusted.
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "203.0.113.7, 198.51.100.1") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "192.0.2.99, 198.51.100.1") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.1") == 429)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: " 198.51.100.2 ") == 201, "another shopper")
        // Over IPv6, a balancer is trusted by its /64 and a client counted by its /64.
        #expect(session(backend, peer: "fd00::/64", forwardedFor: "2001:db8:1:2::1") == 201)
        #expect(session(backend, peer: "fd00::/64", forwardedFor: "2001:db8:1:2::ffff") == 201)
        #expect(session(backend, peer: "fd00::/64", forwardedFor: "2001:db8:1:2::7") == 429)
        // Without a usable header the proxy itself is the client.
        #expect(session(backend, peer: "10.0.0.2") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "not-an-address") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.3,") == 429)
    }

    /// A CDN in front of the balancer: the hops that name trusted proxies are passed, the
    /// first from the right that does not is the client, whatever the client wrote before it.
    @Test func behindAChainOfTrustedProxiesTheFirstUntrustedHopIsTheClient() throws {
        let proxies = try TrustedProxies(addresses: ["10.0.0.2", "10.0.0.3", "fd00::2"])
        let backend = try makeBackend(clock: clock) {
            $0.newSessionsPerAddress = NewSessionLimit(burst: 1, perSecond: 0)
            $0.trustedProxies = proxies
        }
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.1, 10.0.0.3") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "203.0.113.9, 198.51.100.1, 10.0.0.3") == 429,
                "the same client, whatever it wrote before its own address")
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.1,10.0.0.3, fd00::2") == 429, "through three proxies")
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.2, 10.0.0.3") == 201, "another client")
        // A hop that is no address stops the walk at the proxy that wrote it, which counts.
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.3, junk, 10.0.0.3") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.4, unknown, 10.0.0.3") == 429, "10.0.0.3 again")
        // An untrusted hop in the middle is the client: what is left of it was written by it.
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "10.0.0.3, 192.0.2.50") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.5, 10.0.0.3, 192.0.2.50") == 429, "192.0.2.50 again")
        // A shopper in a trusted IPv6 proxy's /64 is no proxy: its own address counts, not
        // what it wrote before it.
        for index in 1...3 {
            #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.\(10 + index), fd00::99") == (index == 1 ? 201 : 429),
                    "one shopper, fd00::/64, however it fills the hop before its own")
        }
        // A proxy written as IPv4-mapped IPv6 is the same proxy: its hop is passed.
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.20, ::ffff:10.0.0.3") == 201)
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: "198.51.100.20, 10.0.0.3") == 429, "the same shopper")
        // Only trusted hops: the leftmost of them is the one counted.
        #expect(session(backend, peer: "10.0.0.2", forwardedFor: String(repeating: "10.0.0.3, ", count: 40) + "10.0.0.2") == 429,
                "10.0.0.3 again, after at most a bounded walk")
    }

    @Test func anUntrustedPeerCannotChooseItsAddressWithTheHeader() throws {
        let proxies = try TrustedProxies(addresses: ["10.0.0.2"])
        let backend = try makeBackend(clock: clock) {
            $0.newSessionsPerAddress = NewSessionLimit(burst: 2, perSecond: 0)
            $0.trustedProxies = proxies
        }
        let statuses = (0..<5).map { index in session(backend, peer: "192.0.2.1", forwardedFor: "198.51.100.\(index)") }
        #expect(statuses == [201, 201, 429, 429, 429])
        let untrusting = try makeBackend(clock: clock) { $0.newSessionsPerAddress = NewSessionLimit(burst: 1, perSecond: 0) }
        #expect(session(untrusting, peer: "10.0.0.2", forwardedFor: "198.51.100.1") == 201)
        #expect(session(untrusting, peer: "10.0.0.2", forwardedFor: "198.51.100.2") == 429)
    }

    @Test func aTrustedProxyIsAnAddressLiteral() throws {
        #expect(TrustedProxies.counted("10.0.0.2") == "10.0.0.2")
        #expect(TrustedProxies.counted("::ffff:10.0.0.2") == "10.0.0.2")
        #expect(TrustedProxies.counted("fd00::2") == "fd00::/64")
        #expect(TrustedProxies.counted("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64")
        for bad in ["", "localhost", "10.0.0", "10.0.0.2/8", "10.0.0.256", " 10.0.0.2", "fd00::2%eth0", "10.0.0.2\u{0}", String(repeating: "1", count: 100)] {
            #expect(TrustedProxies.counted(bad) == nil, "\(bad)")
            #expect(throws: TrustedProxies.AddressError.self) { try TrustedProxies(addresses: [bad]) }
        }
    }
}
