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

    @Test func distinctNamesAreBounded() {
        let log = EventLog(idCapacity: 100, nameCapacity: 2)
        _ = log.record([("1", "a"), ("2", "b"), ("3", "c"), ("4", "d"), ("5", "a")].map { ($0.0, $0.1, JSONValue.object(JSONObject())) })
        #expect(log.stats()["counts"] == ["(other)": 2, "a": 2, "b": 1])
    }

    @Test func theNewestAcceptedEventsAreKeptWholeAndBounded() {
        let log = EventLog(idCapacity: 1000)
        func event(_ id: Int, padding: Int = 0) -> (String, String, JSONValue) {
            ("\(id)", "impression", ["event_id": .string("\(id)"), "item_id": .string("p-\(id)"), "pad": .string(String(repeating: "x", count: padding))])
        }
        _ = log.record((0..<150).map { event($0) } + [event(3)] + [event(500, padding: 5000)])
        let recent = log.stats()["recent"]?.arrayValue ?? []
        #expect(recent.count == EventLog.recentCapacity)
        #expect(recent.first?["item_id"] == "p-50", "the oldest went first")
        #expect(recent.last?["item_id"] == "p-149", "a repeat and an event over 4 KiB are not kept")
        #expect(log.stats()[path: "counts", "impression"] == 151)
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
        // At most 256 names of at most 64 bytes, plus "(other)", and the newest events whole.
        #expect(stats.body.count < 257 * 80 + EventLog.recentCapacity * EventLog.recentEventBytes)
        #expect(try parse(stats)["recent"]?.arrayValue?.count == EventLog.recentCapacity)
        #expect(try parse(stats)[path: "counts", "(other)"] == 144)  // 400 names, 256 kept
    }
}
