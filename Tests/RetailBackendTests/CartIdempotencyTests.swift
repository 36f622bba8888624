import FlowCore
import Foundation
import Synchronization
import Testing
@testable import HTTPServer
@testable import RetailBackend

/// Idempotency keys: looked up before the body is judged, compared by what the body means,
/// scoped and bounded per shopper; revisions per cart.
@Suite struct CartIdempotencyTests {
    let clock = TestClock()
    let backend: HomeBackend
    let shoppers: Shoppers

    init() throws {
        backend = try makeBackend(clock: clock)
        shoppers = Shoppers(backend)
    }

    func add(_ json: String, key: String? = nil, user: String = "ana", address: String = "") -> HTTPResponse {
        var request = post("/v1/cart/items", json: json, headers: shoppers.headers(user, key.map { ["idempotency-key": $0] } ?? [:]))
        request.clientAddress = address
        return backend.respond(to: request)
    }

    func quantity(user: String = "ana") throws -> JSONValue? {
        try parse(backend.respond(to: get("/v1/cart", headers: shoppers.headers(user))))[path: "items", 0, "quantity"]
    }

    @Test(arguments: [
        #"{"product_id":"p-0"}"#,  // unknown product: 404 on its own
        #"{"product_id":"p-1001","quantity":0}"#,  // invalid quantity: 422 on its own
        #"{"product_id":7}"#,  // wrong type: 400 on its own
        "{nope",  // not JSON: 400 on its own
    ])
    func aReusedKeyIsReportedBeforeTheNewBodyIsJudged(body: String) throws {
        #expect(add(#"{"product_id":"p-1001"}"#, key: "k").status == 200)
        let reused = add(body, key: "k")
        #expect(reused.status == 422)
        #expect(try parse(reused)[path: "error", "code"] == "idempotency_key_reused")
        #expect(try quantity() == 1)
    }

    @Test func theSameJSONWrittenDifferentlyIsTheSameRequest() throws {
        let first = add(#"{"product_id":"p-1001","quantity":2}"#, key: "k")
        for same in [#"{ "quantity" : 2.0 ,"product_id":"p-1001" }"#, "{\n\t\"product_id\": \"p-1001\",\n\t\"quantity\": 2e0\n}"] {
            let retry = add(same, key: "k")
            #expect(retry.status == 200)
            #expect(retry.body == first.body)
        }
        #expect(try quantity() == 2)
        // Another meaning is not the same request, even if it only differs in an accent's bytes.
        #expect(add(#"{"product_id":"p-1001","quantity":2,"note":"caf\u00e9"}"#, key: "k2").status == 200)
        #expect(add(#"{"product_id":"p-1001","quantity":2,"note":"cafe\u0301"}"#, key: "k2").status == 422)
    }

    @Test func aKeyFloodFromOneUserCannotEvictAnotherUsersKey() throws {
        #expect(add(#"{"product_id":"p-1001"}"#, key: "victim-key", user: "victim").status == 200)
        for index in 0..<2_000 {
            let request = HTTPRequest(method: "DELETE", path: "/v1/cart/items/p-1001", headers: shoppers.headers("flooder", ["idempotency-key": "flood-\(index)"]))
            #expect(backend.respond(to: request).status == 200)
        }
        // The victim's retry is still recognised: it changes nothing.
        #expect(add(#"{"product_id":"p-1001"}"#, key: "victim-key", user: "victim").status == 200)
        #expect(try quantity(user: "victim") == 1)
    }

    @Test func revisionsDoNotShowOtherCartsActivity() throws {
        let first = try #require(try parse(add(#"{"product_id":"p-1001"}"#))["revision"]?.intValue)
        for index in 0..<50 { _ = add(#"{"product_id":"p-1002"}"#, user: "busy-\(index % 5)") }
        let second = try #require(try parse(add(#"{"product_id":"p-1001"}"#))["revision"]?.intValue)
        #expect(second == first + 1)
    }

    @Test func revisionsFollowTheClockAndOnlyGrow() throws {
        let first = try #require(try parse(add(#"{"product_id":"p-1001"}"#))["revision"]?.intValue)
        clock.advance(seconds: 2)
        let response = add(#"{"product_id":"p-1001"}"#)
        let later = try #require(try parse(response)["revision"]?.intValue)
        #expect(later == Cart.clock(clock.now) + 1)
        // Written as a JSON integer, as the contract's schema says (no fraction, no exponent).
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""revision":\#(later),"#))
        #expect(later > first)
    }

    @Test(arguments: [#"{"product_id":"p-1002"}"#, #"{"quantity":null,"product_id":"p-1002"}"#])
    func anAddWithoutQuantityMeansQuantityOne(retry: String) throws {
        let first = add(#"{"product_id":"p-1002","quantity":1}"#, key: "k-default")
        #expect(first.status == 200)
        let replay = add(retry, key: "k-default")
        #expect(replay.status == 200)
        #expect(replay.body == first.body)
        #expect(add(#"{"product_id":"p-1002","quantity":2}"#, key: "k-default").status == 422)
    }

    @Test func aReadRacingTheFirstChangeNeverAnswersAHigherRevision() throws {
        // The clock moves a microsecond per read. The change's first read of it holds there
        // until the racing read of the cart has answered (or 300 ms pass, which is what
        // happens when the change reads it under the book's lock: the read then waits for the
        // lock and sees the change). Reading it before the lock let the read slip in between
        // and answer a later clock than the change's revision.
        let ticks = Atomic<Int>(0)
        let armed = Atomic<Bool>(false)
        let changeReadClock = DispatchSemaphore(value: 0)
        let readAnswered = DispatchSemaphore(value: 0)
        let start = TestClock.anchor
        let backend = try makeBackend { configuration in
            configuration.now = {
                let tick = ticks.wrappingAdd(1, ordering: .relaxed).newValue
                if armed.exchange(false, ordering: .relaxed) {
                    changeReadClock.signal()
                    _ = readAnswered.wait(timeout: .now() + .milliseconds(300))
                }
                return start.addingTimeInterval(Double(tick) / 1_000_000)
            }
        }
        let user = Shoppers(backend).headers("racer")
        armed.store(true, ordering: .relaxed)
        let change = Mutex<HTTPResponse?>(nil)
        let changed = DispatchSemaphore(value: 0)
        Thread {
            change.withLock { $0 = backend.respond(to: post("/v1/cart/items", json: #"{"product_id":"p-1001"}"#, headers: user)) }
            changed.signal()
        }.start()
        #expect(changeReadClock.wait(timeout: .now() + .seconds(5)) == .success)
        let read = try parse(backend.respond(to: get("/v1/cart", headers: user)))
        readAnswered.signal()
        #expect(changed.wait(timeout: .now() + .seconds(5)) == .success)
        let changeRevision = try #require(try change.withLock { $0 }.map(parse)?["revision"]?.intValue)
        let readRevision = try #require(read["revision"]?.intValue)
        if read["item_count"] == 0 {
            #expect(readRevision < changeRevision)
        } else {
            #expect(readRevision == changeRevision)
        }
    }
}
