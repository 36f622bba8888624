import FlowCore
import Foundation
import HTTPServer
import Testing
@testable import RetailBackend

/// What the request path keeps and reuses must answer as if it started afresh: HMAC contexts
/// keyed once, a session token read in place, a cart body parsed once.
@Suite struct RequestPathReuseTests {
    /// libcrypto's one-shot HMAC (`HMAC()`, which fetches the algorithm and hashes the key
    /// every call), the reference.
    static func oneShot(key: [UInt8], _ data: [UInt8]) -> [UInt8]? {
        Crypto.hmacSHA256(key: key, data: data)
    }

    @Test func reusedHMACContextsGiveLibcryptosOneShotMACFromManyThreads() async throws {
        let key = Crypto.randomBytes(32)
        let hmac = Crypto.HMACSHA256(key: key)
        // RFC 4231 test case 2: key "Jefe".
        let jefe = Crypto.HMACSHA256(key: Array("Jefe".utf8))
        let quote = Array("what do ya want for nothing?".utf8)
        #expect(quote.withUnsafeBytes { jefe.mac($0) }.map(Crypto.hex) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // More threads than contexts kept idle, each hashing messages of other lengths.
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for worker in 0..<(Crypto.HMACSHA256.keptIdle + 4) {
                group.addTask {
                    var wrong = 0
                    for length in 0..<200 {
                        let message = (0..<(length + worker)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ worker) }
                        if message.withUnsafeBytes({ hmac.mac($0) }) != Self.oneShot(key: key, message) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func aSessionKeysDigestIsTheHMACOfTheToken() throws {
        let bytes = Crypto.randomBytes(32)
        let key = try #require(SessionKey(bytes: bytes))
        let token = SessionToken.generate()
        #expect(key.digest(token) == Self.oneShot(key: bytes, Array(token.text.utf8)).map(SessionDigest.init))
        #expect(key.digest(token) == key.digest(token))
    }

    @Test(arguments: [
        ("Bearer vt1.abc", "vt1.abc"), ("bEaReR vt1.abc \t ", "vt1.abc"), ("Bearer  vt1.abc", nil), ("Bearer ", nil),
        ("Basic vt1.abc", nil), ("Bearer vt1.a b", nil), ("Bearer vt1.abc, vt1.def", nil), ("Bearer vt1.é", nil),
        ("Bearer " + String(repeating: "a", count: Token68.maxBytes), String(repeating: "a", count: Token68.maxBytes)),
        ("Bearer " + String(repeating: "a", count: Token68.maxBytes + 1), nil),
    ] as [(String, String?)])
    func aTokenIsReadFromItsHeader(header: String, token: String?) {
        #expect(SessionToken.parse(authorization: header)?.text == token)
    }

    @Test(arguments: [
        #"{"product_id":"p-1001"}"#, #"{ "quantity" : 2.0, "product_id":"p-1001","position":null }"#,
        #"{"product_id":"p-1001","quantity":null,"extra":[1,{"b":"é","a":true}]}"#,
    ])
    func aCartBodyParsedOnceHasTheFingerprintOfOneParsedAgain(text: String) throws {
        let request = HTTPRequest(method: "POST", path: "/v1/cart/items", headers: ["content-type": "application/json"], body: Data(text.utf8))
        let parsed = try RequestBody.object(request)
        #expect(CartFingerprint.add(body: request.body, parsed: parsed, locale: .deDE) == CartFingerprint.add(body: request.body, locale: .deDE))
        #expect(CartFingerprint.set(productID: "p", body: request.body, parsed: parsed, locale: .enUS)
            == CartFingerprint.set(productID: "p", body: request.body, locale: .enUS))
    }
}
