import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct EventLogTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    func send(_ json: String) -> HTTPResponse {
        backend.respond(to: post("/v1/events", json: json))
    }

    @Test func eachEventIDIsKeptOnce() throws {
        let first = try parse(send(#"{"events":[{"event_id":"e1","name":"impression","position":0},{"event_id":"e2","name":"tap"},{"event_id":"e1","name":"impression"}]}"#))
        #expect(first["accepted"] == 2)
        #expect(first["duplicates"] == 1)
        let again = try parse(send(#"{"events":[{"event_id":"e2","name":"tap"},{"event_id":"e3","name":"impression"}]}"#))
        #expect(again["accepted"] == 1)
        #expect(again["duplicates"] == 1)
        let stats = try parse(backend.respond(to: get("/v1/events/stats")))
        #expect(stats[path: "counts", "impression"] == 2)
        #expect(stats[path: "counts", "tap"] == 1)
        #expect(stats["accepted"] == 3)
        #expect(stats["duplicates"] == 2)
    }

    @Test(arguments: [
        #"{"events":{}}"#, #"{"events":[1]}"#, #"{"events":[{"name":"tap"}]}"#, #"{"events":[{"event_id":"x","name":3}]}"#, "{}",
    ])
    func malformedBatchesAre400AndRecordNothing(body: String) throws {
        let response = send(body)
        #expect(response.status == 400)
        #expect(try parse(response)[path: "error", "code"] == "invalid_body")
        #expect(try parse(backend.respond(to: get("/v1/events/stats")))["accepted"] == 0)
    }

    @Test func distinctNamesAreBoundedAndEveryEventIsCountedOnce() {
        let log = EventLog(idCapacity: 100, nameCapacity: 2)
        _ = log.record([("1", "a"), ("2", "b"), ("3", "c"), ("4", "d"), ("5", "a")], from: "s")
        // Space-saving: each new name takes the least-counted place, whose events go to (other).
        #expect(log.stats()["counts"] == ["(other)": 3, "a": 1, "d": 1])
        // a (1) and b (1): c takes a's place (the first of least weight), d takes b's,
        // then a comes back in c's place (c and d weigh 2 each).
    }
}

/// One client's flood cannot spoil another's de-duplication or the stats for good (second
/// review of issue 12, findings 7 and 13).
@Suite struct EventLogFloodTests {
    func send(_ backend: HomeBackend, _ events: [(id: String, name: String)], user: String? = nil, address: String) -> HTTPResponse {
        let list = events.map { JSONValue.object(JSONObject([("event_id", .string($0.id)), ("name", .string($0.name))])) }
        var headers = ["content-type": "application/json"]
        if let user { headers["x-vitrine-user"] = user }
        return backend.respond(to: HTTPRequest(
            method: "POST", path: "/v1/events", headers: headers,
            body: JSONWriter.data(for: ["events": .array(list)]), clientAddress: address))
    }

    @Test(arguments: [("victim", "flooder"), (nil, nil)] as [(String?, String?)])
    func aFloodOfFreshIDsCannotPushOutAnotherClientsIDs(victim: String?, flooder: String?) throws {
        let backend = try makeBackend { $0.eventIDCapacity = 10_000 }
        #expect(try parse(send(backend, [("victim-1", "purchase")], user: victim, address: "192.0.2.1"))["accepted"] == 1)
        // 40 requests of 500 fresh ids: twice the whole window.
        for request in 0..<40 {
            _ = send(backend, (0..<500).map { ("x-\(request)-\($0)", "junk") }, user: flooder, address: "198.51.100.9")
        }
        let retry = try parse(send(backend, [("victim-1", "purchase")], user: victim, address: "192.0.2.1"))
        #expect(retry == ["accepted": 0, "duplicates": 1])
        #expect(backend.events.rememberedIDs <= 10_000)
    }

    @Test func aFloodSpreadOverManyNamesPushesOutTheHeaviestFirst() {
        let log = EventLog(idCapacity: 1_000, idsPerSender: 100)
        _ = log.record([("keep-1", "a"), ("keep-2", "a")], from: "victim")
        for sender in 0..<50 {
            _ = log.record((0..<100).map { ("\(sender)-\($0)", "a") }, from: "flood-\(sender)")
        }
        #expect(log.rememberedIDs == 1_000)
        #expect(log.record([("keep-1", "a"), ("keep-2", "a")], from: "victim") == (0, 2))
    }

    @Test func junkNamesCannotHoldTheTableAgainstARealOne() throws {
        let log = EventLog(idCapacity: 200_000)
        _ = log.record((0..<2_000).map { ("p-\($0)", "purchase") }, from: "shop")
        // 256 junk names, heavily counted, then ever-new ones: 25,000 events.
        for round in 0..<50 {
            _ = log.record((0..<500).map { ("j-\(round)-\($0)", round < 25 ? "junk-\($0 % 256)" : "new-\(round)-\($0)") }, from: "flood")
        }
        _ = log.record([("late-1", "checkout_started")], from: "shop")
        let counts = try #require(log.stats()["counts"])
        #expect(counts["purchase"] == 2_000)
        #expect(counts["checkout_started"] == 1)
        let total = counts.objectValue.map { $0.reduce(0) { $0 + ($1.value.intValue ?? 0) } }
        #expect(total == 27_001)
    }

    @Test func statsStayUnderTheirDocumentedSize() throws {
        // The worst case: 256 names of 64 control bytes (each written as \u00XX) with large counts.
        let log = EventLog(idCapacity: 1_000_000)
        for index in 0..<256 {
            let name = String(decoding: [UInt8(1 + index % 31), UInt8(1 + index / 31)] + Array(repeating: 1, count: 62), as: UTF8.self)
            _ = log.record([("\(index)", name)], from: "s")
        }
        _ = log.record([("other", "(other)")], from: "s")
        // And the newest 100 events kept whole at their largest: padded to 4,096 bytes as written.
        for index in 0..<EventLog.recentCapacity {
            let skeleton: JSONValue = ["event_id": .string("big-\(index)"), "name": "big", "pad": ""]
            let padding = EventLog.recentEventBytes - JSONWriter.data(for: skeleton).count
            let event: JSONValue = ["event_id": .string("big-\(index)"), "name": "big", "pad": .string(String(repeating: "x", count: padding))]
            #expect(JSONWriter.data(for: event).count == EventLog.recentEventBytes)
            _ = log.record([(id: "big-\(index)", name: "big", event: event)], from: "s")
        }
        let bytes = JSONWriter.data(for: log.stats()).count
        #expect(bytes > 90_000 + EventLog.recentCapacity * EventLog.recentEventBytes)
        #expect(bytes <= EventLog.maxStatsBytes)
    }
}

/// Limits in UTF-8 bytes and identifiers compared by bytes (issue 12, items 2 and 10).
@Suite struct EventLogBytesTests {
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend()
    }

    func send(_ events: [(id: String, name: String)]) throws -> HTTPResponse {
        let list = events.map { JSONValue.object(JSONObject([("event_id", .string($0.id)), ("name", .string($0.name))])) }
        return backend.respond(to: HTTPRequest(
            method: "POST", path: "/v1/events", headers: ["content-type": "application/json"],
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
        let counts = try parse(backend.respond(to: get("/v1/events/stats")))["counts"]
        guard case .object(let object) = counts else { Issue.record("counts is not an object"); return }
        #expect(Array(object).map { Array($0.key.utf8) }.filter { $0.first == UInt8(ascii: "c") }.count == 2)
    }

    @Test func statsStayBoundedWhateverTheNames() throws {
        for batch in 0..<4 {
            _ = try send((0..<100).map { (id: "s-\(batch)-\($0)", name: String(repeating: "n", count: 60) + "\(batch)-\($0)") })
        }
        let stats = backend.respond(to: get("/v1/events/stats"))
        // At most 256 names of at most 64 bytes, plus "(other)" (the newest events, kept
        // whole beside them, have a bound of their own).
        #expect(try JSONWriter.data(for: #require(parse(stats)["counts"])).count < 257 * 80)
        #expect(try parse(stats)[path: "counts", "(other)"] == 144)  // 400 names, 256 kept
    }
}

@Suite struct EventLogRecentTests {
    @Test func theNewestAcceptedEventsAreKeptWholeAndBounded() {
        let log = EventLog(idCapacity: 1000)
        func event(_ id: Int, padding: Int = 0) -> (id: String, name: String, event: JSONValue) {
            ("\(id)", "impression", ["event_id": .string("\(id)"), "item_id": .string("p-\(id)"), "pad": .string(String(repeating: "x", count: padding))])
        }
        _ = log.record((0..<150).map { event($0) } + [event(3)] + [event(500, padding: 5000)], from: "s")
        let recent = log.stats()["recent"]?.arrayValue ?? []
        #expect(recent.count == EventLog.recentCapacity)
        #expect(recent.first?["item_id"] == "p-50", "the oldest went first")
        #expect(recent.last?["item_id"] == "p-149", "a repeat and an event over 4 KiB are not kept")
        #expect(log.stats()[path: "counts", "impression"] == 151)
    }
}
