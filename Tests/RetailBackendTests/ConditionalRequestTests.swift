import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct ConditionalRequestTests {
    let clock = TestClock()
    let backend: HomeBackend

    init() throws {
        backend = try makeBackend(clock: clock)
    }

    @Test func etagNamesContentNotRequestAndIfNoneMatchGives304() throws {
        let first = backend.respond(to: get("/v1/home", [("locale", "de-DE")]))
        let second = backend.respond(to: get("/v1/home", [("locale", "de-DE")]))
        let etag = try #require(first.header("ETag"))
        #expect(second.header("ETag") == etag)
        #expect(first.body != second.body)  // request_id differs
        #expect(first.header("Cache-Control") == "max-age=\(PageWriter.ttl)")
        let notModified = backend.respond(to: get("/v1/home", [("locale", "de-DE")], headers: ["if-none-match": "\"x\", \(etag)"]))
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.header("ETag") == etag)
        let weak = backend.respond(to: get("/v1/home", [("locale", "de-DE")], headers: ["if-none-match": "W/\(etag)"]))
        #expect(weak.status == 304)
    }

    @Test func etagChangesWithContextAndSchedule() throws {
        let german = backend.respond(to: get("/v1/home", [("locale", "de-DE")])).header("ETag")
        let french = backend.respond(to: get("/v1/home", [("locale", "fr-FR")])).header("ETag")
        #expect(german != french)
        clock.set(hoursAfterAnchor: 3)  // the flash sale is over
        let later = backend.respond(to: get("/v1/home", [("locale", "de-DE")], headers: ["if-none-match": german ?? ""]))
        #expect(later.status == 200)
        #expect(later.header("ETag") != german)
    }

    @Test func etagIsTheSameInAnotherProcessWithTheSameAnchor() throws {
        let other = try makeBackend(clock: clock)
        #expect(backend.respond(to: get("/v1/home")).header("ETag") == other.respond(to: get("/v1/home")).header("ETag"))
    }
}
