import FlowCore
import Foundation
import Synchronization
import Testing
@testable import HTTPServer
@testable import RetailBackend

@Suite struct EventLogTests {
    let backend: HomeBackend
    let shoppers: Shoppers

    init() throws {
        backend = try makeBackend()
        shoppers = Shoppers(backend)
    }

    func send(_ json: String, shopper: String = "ana") -> HTTPResponse {
        backend.respond(to: post("/v1/events", json: json, headers: shoppers.headers(shopper)))
    }

    @Test func eachEventIDIsKeptOncePerShopper() throws {
        let first = try parse(send(#"{"events":[{"event_id":"e1","name":"impression","position":0},{"event_id":"e2","name":"tap"},{"event_id":"e1","name":"impression"}]}"#))
        #expect(first["accepted"] == 2)
        #expect(first["duplicates"] == 1)
        let again = try parse(send(#"{"events":[{"event_id":"e2","name":"tap"},{"event_id":"e3","name":"impression"}]}"#))
        #expect(again["accepted"] == 1)
        #expect(again["duplicates"] == 1)
        // Another shopper's ids are theirs.
        #expect(try parse(send(#"{"events":[{"event_id":"e1","name":"tap"}]}"#, shopper: "bob"))["accepted"] == 1)
        let stats = try eventStats(backend)
        #expect(stats[path: "counts", "impression"] == 2)
        #expect(stats[path: "counts", "tap"] == 2)
        #expect(stats["accepted"] == 4)
        #expect(stats["duplicates"] == 2)
    }

    /// Ids are compared as sent, so a body that is not UTF-8 is refused rather than read with
    /// U+FFFD in place of its stray bytes (which would make `a\xFF` and `a\xFE` one id).
    @Test func aBodyThatIsNotUTF8IsRefusedAndCountsNothing() throws {
        for stray in [UInt8(0xFF), 0xFE, 0xC0] {
            let body = Data(#"{"events":[{"event_id":"a"#.utf8) + [stray] + Data(#"","name":"tap"}]}"#.utf8)
            let request = HTTPRequest(method: "POST", path: "/v1/events",
                                      headers: shoppers.headers("ana", ["content-type": "application/json"]), body: body)
            let response = backend.respond(to: request)
            #expect(response.status == 400)
            #expect(try parse(response)[path: "error", "code"] == "invalid_json")
        }
        #expect(try eventStats(backend)["accepted"] == 0)
        #expect(try parse(send(#"{"events":[{"event_id":"a\uFFFD","name":"tap"}]}"#))["accepted"] == 1, "U+FFFD itself is an ordinary character")
    }

    @Test func eventsNeedASession() throws {
        let response = backend.respond(to: post("/v1/events", json: #"{"events":[{"event_id":"e1","name":"tap"}]}"#))
        #expect(response.status == 401)
        #expect(try parse(response)[path: "error", "code"] == "invalid_session")
        #expect(try eventStats(backend)["accepted"] == 0)
    }

    @Test(arguments: [
        #"{"events":{}}"#, #"{"events":[1]}"#, #"{"events":[{"name":"tap"}]}"#, #"{"events":[{"event_id":"x","name":3}]}"#, "{}",
    ])
    func malformedBatchesAre400AndRecordNothing(body: String) throws {
        let response = send(body)
        #expect(response.status == 400)
        #expect(try parse(response)[path: "error", "code"] == "invalid_body")
        #expect(try eventStats(backend)["accepted"] == 0)
    }

    @Test func distinctNamesAreBoundedAndEveryEventIsCountedOnce() {
        let log = EventLog(nameCapacity: 2)
        log.count(names: ["a", "b", "c", "d", "a"])
        // Space-saving: each new name takes the least-counted place, whose events go to (other).
        #expect(log.stats()["counts"] == ["(other)": 3, "a": 1, "d": 1])
        // a (1) and b (1): c takes a's place (the first of least weight), d takes b's,
        // then a comes back in c's place (c and d weigh 2 each).
    }
}

/// The statistics show what shoppers sent, whole: off unless the operator gave a token, and
/// then for that token only.
@Suite struct EventStatsAccessTests {
    @Test func theStatisticsAreOffWithoutAnOperatorToken() throws {
        let backend = try makeBackend { $0.operatorToken = nil }
        let response = backend.respond(to: get("/v1/events/stats", headers: ["authorization": "Bearer \(operatorToken)"]))
        #expect(response.status == 404)
    }

    @Test(arguments: ["", "Bearer", "Bearer wrong-token-of-the-tests", "Basic b3BlcmF0b3I=", "Bearer \(operatorToken)x"])
    func anyOtherTokenIsRefused(authorization: String) throws {
        let backend = try makeBackend()
        let headers = authorization.isEmpty ? [:] : ["authorization": authorization]
        let response = backend.respond(to: get("/v1/events/stats", headers: headers))
        #expect(response.status == 401)
        #expect(try parse(response)[path: "error", "code"] == "invalid_operator_token")
        #expect(try parse(response)["accepted"] == nil)
    }

    @Test func aShoppersSessionIsNoOperatorToken() throws {
        let backend = try makeBackend()
        let response = backend.respond(to: get("/v1/events/stats", headers: Shoppers(backend).headers("ana")))
        #expect(response.status == 401)
    }
}

/// One client's flood cannot spoil another's de-duplication or the stats for good; a sender is a
/// session's shopper.
@Suite struct EventLogFloodTests {
    func send(_ backend: HomeBackend, _ events: [(id: String, name: String)], token: String) -> HTTPResponse {
        let list = events.map { JSONValue.object(JSONObject([("event_id", .string($0.id)), ("name", .string($0.name))])) }
        return backend.respond(to: HTTPRequest(
            method: "POST", path: "/v1/events", headers: ["content-type": "application/json", "authorization": "Bearer \(token)"],
            body: JSONWriter.data(for: ["events": .array(list)])))
    }

    @Test func aFloodOfFreshIDsCannotPushOutAnotherShoppersIDs() throws {
        let backend = try makeBackend { $0.eventIDCapacity = 10_000 }
        let victim = try startSession(backend).token
        let flooder = try startSession(backend).token
        #expect(try parse(send(backend, [("victim-1", "purchase")], token: victim))["accepted"] == 1)
        // 40 requests of 500 fresh ids: twice the whole window.
        for request in 0..<40 {
            _ = send(backend, (0..<500).map { ("x-\(request)-\($0)", "junk") }, token: flooder)
        }
        let retry = try parse(send(backend, [("victim-1", "purchase")], token: victim))
        #expect(retry == ["accepted": 0, "duplicates": 1])
        #expect(try #require(backend.store as? MemoryStore).rememberedEventIDs <= 10_000)
    }

    @Test func aFloodSpreadOverManyShoppersPushesOutTheHeaviestFirst() throws {
        let store = MemoryStore(cartCapacity: 10, eventIDCapacity: 1_000, limits: StoreLimits(eventIDsPerShopper: 100), now: { TestClock.anchor })
        func record(_ ids: [String], _ shopper: String) -> [Bool]? {
            let result = Mutex<[Bool]??>(nil)
            // The in-memory store answers before it returns.
            store.recordEvents(ids.map { KeptEvent(id: $0, name: "tap", event: ["event_id": .string($0)]) }, of: ShopperID(rawValue: shopper), at: TestClock.anchor) { outcome in
                result.withLock { $0 = try? outcome.get() }
            }
            return result.withLock { $0 } ?? nil
        }
        _ = record(["keep-1", "keep-2"], "victim")
        for sender in 0..<50 { _ = record((0..<100).map { "\(sender)-\($0)" }, "flood-\(sender)") }
        #expect(store.rememberedEventIDs == 1_000)
        #expect(record(["keep-1", "keep-2"], "victim") == [false, false])
    }

    @Test func junkNamesCannotHoldTheTableAgainstARealOne() throws {
        let log = EventLog()
        log.count(names: Array(repeating: "purchase", count: 2_000))
        // 256 junk names, heavily counted, then ever-new ones: 25,000 events.
        for round in 0..<50 {
            log.count(names: (0..<500).map { round < 25 ? "junk-\($0 % 256)" : "new-\(round)-\($0)" })
        }
        log.count(names: ["checkout_started"])
        let counts = try #require(log.stats()["counts"])
        #expect(counts["purchase"] == 2_000)
        #expect(counts["checkout_started"] == 1)
        let total = counts.objectValue.map { $0.reduce(0) { $0 + ($1.value.intValue ?? 0) } }
        #expect(total == 27_001)
    }

    @Test func statsStayUnderTheirDocumentedSize() throws {
        // The worst case: 256 names of 64 control bytes (each written as \u00XX) with large counts.
        let log = EventLog()
        for index in 0..<256 {
            log.count(names: [String(decoding: [UInt8(1 + index % 31), UInt8(1 + index / 31)] + Array(repeating: 1, count: 62), as: UTF8.self)])
        }
        log.count(names: ["(other)"])
        // And the newest 100 events kept whole at their largest: padded to 4,096 bytes as written.
        for index in 0..<EventLog.recentCapacity {
            let skeleton: JSONValue = ["event_id": .string("big-\(index)"), "name": "big", "pad": ""]
            let padding = EventLog.recentEventBytes - JSONWriter.data(for: skeleton).count
            let event: JSONValue = ["event_id": .string("big-\(index)"), "name": "big", "pad": .string(String(repeating: "x", count: padding))]
            #expect(JSONWriter.data(for: event).count == EventLog.recentEventBytes)
            log.count(accepted: [(name: "big", event: event)], duplicates: 0)
        }
        let bytes = JSONWriter.data(for: log.stats()).count
        #expect(bytes > 90_000 + EventLog.recentCapacity * EventLog.recentEventBytes)
        #expect(bytes <= EventLog.maxStatsBytes)
    }
}

/// Limits count UTF-8 bytes and identifiers compare by bytes: a name of few characters but
/// many bytes is refused, and ids that differ in their bytes are different events.
@Suite struct EventLogBytesTests {
    let backend: HomeBackend
    let token: String

    init() throws {
        backend = try makeBackend()
        token = try startSession(backend).token
    }

    func send(_ events: [(id: String, name: String)]) throws -> HTTPResponse {
        let list = events.map { JSONValue.object(JSONObject([("event_id", .string($0.id)), ("name", .string($0.name))])) }
        return backend.respond(to: HTTPRequest(
            method: "POST", path: "/v1/events", headers: ["content-type": "application/json", "authorization": "Bearer \(token)"],
            body: JSONWriter.data(for: ["events": .array(list)])))
    }

    @Test func aNameOfFewCharactersButManyBytesIsRefused() throws {
        // Three characters: "abc" with 490 000 combining marks on the last one.
        let name = "abc" + String(repeating: "\u{301}", count: 490_000)
        #expect(name.count == 3)
        let response = try send([(id: "e-1", name: name)])
        #expect(response.status == 400)
        #expect(response.body.count < 1_000)
        let id = "e" + String(repeating: "\u{301}", count: 100)  // 201 bytes
        #expect(try send([(id: id, name: "tap")]).status == 400)
        #expect(try send([(id: "e-2", name: String(repeating: "é", count: 32))]).status == 200)  // 64 bytes
        #expect(try send([(id: "e-3", name: String(repeating: "é", count: 33))]).status == 400)  // 66 bytes
    }

    @Test func idsThatDifferInBytesAreDifferentEvents() throws {
        let answer = try parse(try send([(id: "caf\u{E9}", name: "tap"), (id: "cafe\u{301}", name: "tap")]))
        #expect(answer == ["accepted": 2, "duplicates": 0])
        _ = try send([(id: "n-1", name: "caf\u{E9}"), (id: "n-2", name: "cafe\u{301}")])
        let counts = try eventStats(backend)["counts"]
        guard case .object(let object) = counts else { Issue.record("counts is not an object"); return }
        #expect(Array(object).map { Array($0.key.utf8) }.filter { $0.first == UInt8(ascii: "c") }.count == 2)
    }

    @Test func statsStayBoundedWhateverTheNames() throws {
        for batch in 0..<4 {
            _ = try send((0..<100).map { (id: "s-\(batch)-\($0)", name: String(repeating: "n", count: 60) + "\(batch)-\($0)") })
        }
        let stats = try eventStats(backend)
        // At most 256 names of at most 64 bytes, plus "(other)" (the newest events, kept
        // whole beside them, have a bound of their own).
        #expect(try JSONWriter.data(for: #require(stats["counts"])).count < 257 * 80)
        #expect(stats[path: "counts", "(other)"] == 144)  // 400 names, 256 kept
    }
}

@Suite struct EventLogRecentTests {
    @Test func theNewestAcceptedEventsAreKeptWholeAndBounded() {
        let log = EventLog()
        func event(_ id: Int, padding: Int = 0) -> (name: String, event: JSONValue) {
            ("impression", ["event_id": .string("\(id)"), "item_id": .string("p-\(id)"), "pad": .string(String(repeating: "x", count: padding))])
        }
        log.count(accepted: (0..<150).map { event($0) } + [event(500, padding: 5000)], duplicates: 1)
        let recent = log.stats()["recent"]?.arrayValue ?? []
        #expect(recent.count == EventLog.recentCapacity)
        #expect(recent.first?["item_id"] == "p-50", "the oldest went first")
        #expect(recent.last?["item_id"] == "p-149", "an event over 4 KiB is counted, not kept")
        #expect(log.stats()[path: "counts", "impression"] == 151)
        #expect(log.stats()["duplicates"] == 1)
    }
}
