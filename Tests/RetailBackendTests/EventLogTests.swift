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
        _ = log.record([("1", "a"), ("2", "b"), ("3", "c"), ("4", "d"), ("5", "a")])
        #expect(log.stats()["counts"] == ["(other)": 2, "a": 2, "b": 1])
    }
}
