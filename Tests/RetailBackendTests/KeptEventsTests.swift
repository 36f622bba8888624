import FlowCore
import Foundation
import SQLiteSupport
import Synchronization
import Testing
import TestSupport
@testable import HTTPServer
@testable import RetailBackend

/// Accepted events kept in the store, exactly once, with their identifiers and whole; the
/// compositions request ids name; old days dropped whole; the operators' report route. On the
/// in-memory store and SQLite (PostgreSQL: `PostgresSharedStoreTests`).
@Suite struct KeptEventsTests {
    enum StoreKind: String, CaseIterable, Sendable { case memory, sqlite }

    let clock = TestClock()

    func open(_ kind: StoreKind, _ directory: ScratchDirectory, configure: @escaping @Sendable (inout HomeBackend.Configuration) -> Void = { _ in })
        async throws -> HomeBackend {
        let clock = self.clock
        return try await offThePool {
            try makeBackend(clock: clock) { configuration in
                if kind == .sqlite { configuration.storage = .sqlite(directory: directory.url) }
                configure(&configuration)
            }
        }
    }

    func respond(_ backend: HomeBackend, to request: HTTPRequest) async -> HTTPResponse {
        await offThePool { backend.respond(to: request) }
    }

    func send(_ backend: HomeBackend, _ token: String, _ events: [JSONValue]) async throws -> JSONValue {
        let body = String(decoding: JSONWriter.data(for: ["events": .array(events)]), as: UTF8.self)
        return try parse(await respond(backend, to: post("/v1/events", json: body, headers: ["authorization": "Bearer \(token)"])))
    }

    /// Every event the backend's store keeps, in order of arrival.
    func kept(_ backend: HomeBackend) async throws -> [StoredEvent] {
        let events = Mutex<[StoredEvent]>([])
        let result = Mutex<Result<Void, StoreError>?>(nil)
        await offThePool {
            backend.requestStore.readEvents(received: Int64.min..<Int64.max, each: { event in events.withLock { $0.append(event) } }) { outcome in
                result.withLock { $0 = outcome }
            }
        }
        let outcome: Result<Void, StoreError>? = result.withLock { $0 }
        try #require(outcome).get()
        return events.withLock { $0 }
    }

    @Test(arguments: StoreKind.allCases)
    func anAcceptedEventIsKeptOnceWithItsIdentifiersAndWhole(kind: StoreKind) async throws {
        let directory = try ScratchDirectory("kept-events")
        let backend = try await open(kind, directory)
        let (token, shopper) = try await offThePool { try startSession(backend) }
        let impression: JSONValue = [
            "event_id": "e-1", "name": "impression", "request_id": "0123456789abcdef-salt-1", "page_id": "home", "section_id": "hero",
            "item_id": "cmp-winter", "position": 0, "campaign_id": "cmp-winter", "experiment_id": "exp-hero-order",
            "experiment_variant": "b", "app_version": "2.3.0", "extra": ["nested": [1, 2.5, true, JSONValue.null]],
        ]
        let tap: JSONValue = ["event_id": "e-2", "name": "tap", "campaign_id": 42, "position": 3]
        #expect(try await send(backend, token, [impression, tap, impression]) == ["accepted": 2, "duplicates": 1])
        clock.advance(seconds: 1)
        #expect(try await send(backend, token, [tap, ["event_id": "e-3", "name": "add_to_cart"]]) == ["accepted": 1, "duplicates": 1])
        let events = try await kept(backend)
        #expect(events.map(\.event.id) == ["e-1", "e-2", "e-3"])
        #expect(events.map(\.shopper) == [shopper, shopper, shopper])
        #expect(events.map(\.receivedAt) == [0, 0, 1000].map { Int64(TestClock.anchor.timeIntervalSince1970 * 1000) + $0 })
        let first = try #require(events.first?.event)
        #expect(first == KeptEvent(id: "e-1", name: "impression", event: impression))
        #expect((first.requestID, first.sectionID, first.campaignID, first.variant, first.position, first.appVersion)
            == ("0123456789abcdef-salt-1", "hero", "cmp-winter", "b", 0, "2.3.0"))
        #expect(try JSONParser.parse(first.body) == impression, "the event whole, as sent")
        #expect(events[1].event.campaignID == "42", "an integral number is an identifier, written as one")
        let huge = KeptEvent(id: "n", name: "tap", event: ["campaign_id": 9_007_199_254_740_994.0, "section_id": 9_007_199_254_740_992.0])
        #expect(huge.campaignID == nil && huge.sectionID == "9007199254740992", "past 2^53 a number may not be the one sent")
        backend.close()
    }

    @Test func keptEventsSurviveARestartAndARetryAcrossItCountsOnce() async throws {
        let directory = try ScratchDirectory("kept-events-restart")
        let first = try await open(.sqlite, directory)
        let (token, _) = try await offThePool { try startSession(first) }
        #expect(try await send(first, token, [["event_id": "a", "name": "tap"], ["event_id": "b", "name": "tap"]])["accepted"] == 2)
        await offThePool { first.close() }
        let second = try await open(.sqlite, directory)
        #expect(try await send(second, token, [["event_id": "b", "name": "tap"], ["event_id": "c", "name": "tap"]])["accepted"] == 1)
        #expect(try await kept(second).map(\.event.id) == ["a", "b", "c"])
        await offThePool { second.close() }
    }

    @Test(arguments: StoreKind.allCases)
    func aHostileEventIsKeptSafelyAndReadsBackAsSent(kind: StoreKind) async throws {
        let directory = try ScratchDirectory("kept-hostile")
        let backend = try await open(kind, directory)
        let (token, _) = try await offThePool { try startSession(backend) }
        var nested: JSONValue = "bottom"
        for _ in 0..<40 { nested = ["down": nested] }
        let escape = "\u{1B}]0;owned\u{7}\u{1B}[2J"
        let hostile: JSONValue = [
            "event_id": "h\u{0}1", "name": "tap\u{0}", "campaign_id": .string("cmp\(escape)"), "section_id": .string("s\u{0}"),
            "item_id": .string(String(repeating: "x", count: 300)), "position": 1e300, "nested": nested,
            "text": .string(String(repeating: "é\u{202E}", count: 2_000)),
        ]
        #expect(try await send(backend, token, [hostile]) == ["accepted": 1, "duplicates": 0])
        let event = try #require(try await kept(backend).first?.event)
        #expect(try JSONParser.parse(event.body) == hostile, "the body is the event whole, U+0000 and all")
        #expect(event.campaignID == "cmp\(escape)", "kept as sent; printing is the reader's to make safe")
        #expect(event.sectionID == nil, "an identifier holding U+0000 is left in the body alone")
        #expect(event.itemID == nil, "an identifier over 256 bytes is left in the body alone")
        #expect(event.position == nil)
        #expect(event.id == "h\u{FFFD}1" && event.name == "tap\u{FFFD}")
        // The window compares the id as sent: the column's stand-in for U+0000 is another id.
        #expect(try await send(backend, token, [["event_id": "h\u{FFFD}1", "name": "tap"]]) == ["accepted": 1, "duplicates": 0])
        #expect(try await send(backend, token, [hostile]) == ["accepted": 0, "duplicates": 1])
        // The report's JSON escapes what a terminal would obey.
        let line = String(decoding: EventReports.line(StoredEvent(receivedAt: 0, shopper: "s", event: event)), as: UTF8.self)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && !line.contains("\u{202E}"))
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        // Separators and marks that readers split or a terminal obeys are escaped too, and the
        // line still reads back as the event.
        let marks: JSONValue = ["event_id": "m", "name": "tap", "text": "a\u{2028}b\u{2029}c\u{200E}d\u{061C}e\u{E0041}f\u{00AD}"]
        let marked = String(decoding: EventReports.line(StoredEvent(receivedAt: 0, shopper: "s", event: KeptEvent(id: "m", name: "tap", event: marks))),
                            as: UTF8.self)
        #expect(marked.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count == 2, "one line and the end")
        #expect(!marked.unicodeScalars.contains { [.format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) })
        #expect(marked.contains(#"\u2028"#) && marked.contains(#"\udb40\udc41"#))
        #expect(try JSONParser.parse(String(marked.dropLast()))["event"] == marks)
        backend.close()
    }

    @Test(arguments: StoreKind.allCases)
    func requestIDsNameTheirCompositionWhichIsKeptOnce(kind: StoreKind) async throws {
        let directory = try ScratchDirectory("kept-compositions")
        let backend = try await open(kind, directory)
        let query = [("locale", "de-DE"), ("userSegment", "vip")]
        let first = try parse(await respond(backend, to: get("/v1/home", query)))
        let second = try parse(await respond(backend, to: get("/v1/home", query)))
        let other = try parse(await respond(backend, to: get("/v1/home", [("locale", "en-US"), ("userSegment", "vip")])))
        let ids = try [first, second, other].map { try #require($0[path: "page", "request_id"]?.stringValue) }
        #expect(Set(ids).count == 3, "every answer has its own request id")
        let compositionIDs = ids.map(CompositionRecord.id(inRequestID:))
        #expect(compositionIDs[0] != nil && compositionIDs[0] == compositionIDs[1] && compositionIDs[2] != compositionIDs[0])
        let records = Mutex<[CompositionRecord]>([])
        await offThePool { backend.requestStore.compositions { result in records.withLock { $0 = (try? result.get()) ?? [] } } }
        let kept = records.withLock { $0 }
        let record = try #require(kept.first { $0.id == compositionIDs[0] })
        #expect(kept.filter { $0.id == compositionIDs[0] }.count == 1)
        #expect((record.pageID, record.segment, record.locale) == ("home", "vip", "de-DE"))
        let body = try JSONParser.parse(record.body)
        let sections = first[path: "page", "sections"]?.arrayValue ?? []
        #expect(body["placements"]?.arrayValue?.count == sections.count)
        #expect(body[path: "placements", 0, "section_id"] == sections.first?[path: "tracking", "section_id"])
        #expect(body["experiments"] == first[path: "page", "experiments"])
        backend.close()
    }

    @Test func searchResultsAreNotKeptAsCompositionsAndCompositionsAgeOutWithEvents() async throws {
        let directory = try ScratchDirectory("kept-search")
        let backend = try await open(.sqlite, directory) { $0.eventDays = 2 }
        for query in ["boots", "coat", "a", "b"] {
            let page = try parse(await respond(backend, to: get("/v1/pages/search:\(query)")))
            #expect(page[path: "page", "request_id"]?.stringValue?.hasPrefix("req-") == true, "no composition named")
        }
        _ = try parse(await respond(backend, to: get("/v1/home")))
        await offThePool { backend.close() }
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        func compositions() throws -> [String] {
            let select = try database.statement("SELECT page_id FROM compositions")
            defer { select.reset() }
            var pages: [String] = []
            while try select.step() { pages.append(select.text(0)) }
            return pages
        }
        #expect(try compositions() == ["home"])
        _ = try SQLiteStore.sweep(database, at: clock.now.addingTimeInterval(86_400), eventDays: 2)
        #expect(try compositions() == ["home"], "composed yesterday: kept")
        _ = try SQLiteStore.sweep(database, at: clock.now.addingTimeInterval(2 * 86_400), eventDays: 2)
        #expect(try compositions().isEmpty, "composed before the oldest day kept: gone")
    }

    @Test func daysOfEventsPastTheRetentionAreDroppedWholeAndNoneYounger() async throws {
        let directory = try ScratchDirectory("kept-retention")
        let backend = try await open(.sqlite, directory) { $0.eventDays = 3 }
        let (token, _) = try await offThePool { try startSession(backend) }
        // The anchor is 2027-01-15T08:00:00Z: one event at the end of its day, one at the start of the next.
        clock.advance(seconds: 16 * 3600 - 1)
        _ = try await send(backend, token, [["event_id": "old", "name": "tap"]])
        clock.advance(seconds: 2)
        _ = try await send(backend, token, [["event_id": "young", "name": "tap"]])
        await offThePool { backend.close() }
        let database = try SQLiteConnection(path: directory.file("vitrine.sqlite").path, busyTimeout: .seconds(1))
        defer { database.close() }
        func ids() throws -> [String] {
            let select = try database.statement("SELECT event_id FROM events ORDER BY received_at")
            defer { select.reset() }
            var ids: [String] = []
            while try select.step() { ids.append(select.text(0)) }
            return ids
        }
        // Three days kept, today's included: "old"'s day is dropped from the third midnight after it on.
        let thirdMidnight = clock.now.addingTimeInterval(-1 + 2 * 86_400)
        _ = try SQLiteStore.sweep(database, at: thirdMidnight.addingTimeInterval(-1), eventDays: 3)
        #expect(try ids() == ["old", "young"])
        _ = try SQLiteStore.sweep(database, at: thirdMidnight, eventDays: 3)
        #expect(try ids() == ["young"], "the old day goes whole, the next day's event stays")
    }

    @Test func theCampaignReportRouteIsTheOperatorsAlone() async throws {
        let directory = try ScratchDirectory("kept-route")
        let closed = try await open(.memory, directory) { $0.operatorToken = nil }
        // Without an operator token the operator's routes are not there, whatever the method.
        for route in ["/v1/reports/campaigns", "/metrics", "/v1/events/stats"] {
            #expect(await respond(closed, to: get(route)).status == 404)
            #expect(await respond(closed, to: post(route, json: "{}")).status == 404)
        }
        let backend = try await open(.memory, directory)
        #expect(await respond(backend, to: post("/v1/reports/campaigns", json: "{}")).status == 405, "with one, the route is there")
        let refused = await respond(backend, to: get("/v1/reports/campaigns", headers: ["authorization": "Bearer not-the-token"]))
        #expect(refused.status == 401)
        #expect(refused.header("www-authenticate") == #"Bearer realm="vitrine-operator""#)
        let operatorHeaders = ["authorization": "Bearer \(operatorToken)"]
        #expect(await respond(backend, to: get("/v1/reports/campaigns", [("from", "yesterday")], headers: operatorHeaders)).status == 400)
        #expect(await respond(backend, to: get("/v1/reports/campaigns", [("from", "2027-02-01T00:00:00Z"), ("to", "2027-01-01T00:00:00Z")],
                                               headers: operatorHeaders)).status == 400)
        let (token, _) = try await offThePool { try startSession(backend) }
        _ = try await send(backend, token, [["event_id": "1", "name": "impression", "campaign_id": "cmp-x", "section_id": "hero"],
                                            ["event_id": "2", "name": "tap", "campaign_id": "cmp-x", "section_id": "hero"]])
        clock.advance(seconds: 1)  // the period is half open: up to now, not including it
        let report = try parse(await respond(backend, to: get("/v1/reports/campaigns", headers: operatorHeaders)))
        #expect(report[path: "campaigns", 0, "campaign_id"] == "cmp-x", "a campaign the catalogue does not run is reported under its id")
        #expect(report[path: "campaigns", 0, "ctr"] == 1)
        #expect(report["to"] == .string(RFC3339.string(from: clock.now)))
        #expect(report["from"] == .string(RFC3339.string(from: clock.now.addingTimeInterval(-7 * 86_400))))
        let later = try parse(await respond(backend, to: get("/v1/reports/campaigns", [("from", RFC3339.string(from: clock.now)),
                                                                                        ("to", RFC3339.string(from: clock.now.addingTimeInterval(60)))],
                                                            headers: operatorHeaders)))
        #expect(later["campaigns"] == [])
    }
}
