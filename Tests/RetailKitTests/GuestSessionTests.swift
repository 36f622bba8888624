import FlowCore
import Foundation
import HTTPServer
import RetailBackend
import Synchronization
import Testing
import TestSupport
@testable import RetailKit

/// The client's guest session against the real backend over HTTP: made on first use and once for
/// concurrent requests, kept in a 0600 file of the profile, sent only to the backend, and replaced
/// once, with one notice, when the backend rejects it.
@Suite struct GuestSessionTests {
    func client(_ live: LiveBackend, file: URL?, user: String = "shopper-1") throws -> HomeAPIClient {
        var configuration = HomeAPIClient.Configuration(
            baseURL: live.baseURL,
            profile: ClientProfile(user: UserID(user)!, locale: "en-US", segment: "returning", appVersion: VitrineApp.version))
        configuration.requestTimeout = .seconds(60)
        configuration.sessionFile = file
        return try HomeAPIClient(configuration: configuration)
    }

    @Test func concurrentFirstRequestsMakeOneSessionAndAllCarryIt() async throws {
        let live = try LiveBackend()
        let scratch = try ScratchDirectory("guest-first")
        let client = try client(live, file: scratch.file("session.json"))
        #expect(await client.guestSession.current == nil)
        let carts = try await withThrowingTaskGroup(of: CartSnapshot.self) { group in
            for _ in 0..<8 { group.addTask { try await client.fetchCart() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(carts.count == 8)
        #expect(Set(carts.map(\.cartID)).count == 1)
        #expect(live.count("/v1/sessions") == 1)
        let token = try #require(await client.guestSession.current?.token)
        let carried = live.requests.filter { $0.path == "/v1/cart" }.map { $0.header("authorization") }
        #expect(carried == Array(repeating: "Bearer \(token)", count: 8))
        #expect(live.requests.allSatisfy { $0.header("x-vitrine-user") == nil }, "the profile's name never leaves the machine")
    }

    @Test func theSessionIsKeptInAPrivateFileAndTheNextClientOfTheProfileUsesIt() async throws {
        let live = try LiveBackend()
        let scratch = try ScratchDirectory("guest-file")
        let file = scratch.file("session.json")
        let first = try client(live, file: file)
        _ = try await first.apply(.add(productID: "p-1001", quantity: 2), idempotencyKey: "k-1")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
        let token = try #require(await first.guestSession.current?.token)
        #expect(try Data(contentsOf: file).firstRange(of: Data(token.utf8)) != nil)

        let second = try client(live, file: file)
        #expect(await second.guestSession.current?.token == token)
        let cart = try await second.fetchCart()
        #expect(cart.itemCount == 2)
        #expect(live.count("/v1/sessions") == 1)

        // Another profile (another file) is another shopper with an empty cart.
        let other = try client(live, file: scratch.file("other.json"), user: "shopper-2")
        #expect(try await other.fetchCart().itemCount == 0)
        #expect(live.count("/v1/sessions") == 2)
    }

    @Test func aRejectedSessionIsReplacedOnceForConcurrentRequestsAndToldOnce() async throws {
        let live = try LiveBackend()
        let scratch = try ScratchDirectory("guest-rejected")
        let file = scratch.file("session.json")
        // A session the backend does not know (it lost its store, or the token expired).
        try Data(#"{"version":1,"token":"vt1.\#(String(repeating: "Q", count: 43))","shopper_id":"shp_gone"}"#.utf8).write(to: file)
        let client = try client(live, file: file)
        #expect(await client.guestSession.current?.shopperID == "shp_gone")
        let told = Mutex(0)
        await client.guestSession.setOnReplaced { told.withLock { $0 += 1 } }
        let carts = try await withThrowingTaskGroup(of: CartSnapshot.self) { group in
            for _ in 0..<6 { group.addTask { try await client.fetchCart() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(carts.count == 6)
        #expect(live.count("/v1/sessions") == 1, "one new session for every rejected request")
        #expect(told.withLock { $0 } == 1)
        let fresh = try #require(await client.guestSession.current)
        #expect(fresh.shopperID != "shp_gone")
        #expect(try Data(contentsOf: file).firstRange(of: Data(fresh.token.utf8)) != nil, "the new one is kept")
        _ = try await client.fetchCart()
        #expect(told.withLock { $0 } == 1)
        // However the six interleave with the replacement (on a loaded machine some start after
        // it), each request sent with the lost token was refused once and sent once again.
        let statuses = live.statuses("/v1/cart")
        let rejected = statuses.filter { $0 == 401 }.count
        #expect((1...6).contains(rejected))
        #expect(statuses.count == 6 + rejected + 1, "\(statuses)")
    }

    @Test func aSessionAnswerThatIsNotATokenIsRefusedAndNothingIsSent() async throws {
        for body in [#"{"token":"a b","shopper_id":"s"}"#, #"{"token":"\#(String(repeating: "a", count: 300))","shopper_id":"s"}"#,
                     #"{"token":"ok","shopper_id":"\#u{1B}[31m"}"#, #"{"token":"vt1.x\r\nX-Evil: 1","shopper_id":"s"}"#, "[]"] {
            let live = try LiveBackend()
            live.recorder.override.withLock {
                $0 = { request in
                    guard request.path == "/v1/sessions" else { return nil }
                    return HTTPResponse(status: 201, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
                }
            }
            let client = try client(live, file: nil)
            await #expect(throws: HomeAPIError.self) { try await client.fetchCart() }
            #expect(live.count("/v1/cart") == 0, "no cart request without a session")
            #expect(await client.guestSession.current == nil)
        }
    }

    @Test func anUnreadableSessionFileStartsANewSession() async throws {
        let live = try LiveBackend()
        let scratch = try ScratchDirectory("guest-unreadable")
        let file = scratch.file("session.json")
        for garbage in [Data(), Data("not json".utf8), Data(repeating: 0x41, count: 10_000)] {
            try garbage.write(to: file)
            let client = try client(live, file: file)
            #expect(await client.guestSession.current == nil)
            #expect(try await client.fetchCart().itemCount == 0)
        }
        #expect(live.count("/v1/sessions") == 3)
    }
}
