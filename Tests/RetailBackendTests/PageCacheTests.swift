import FlowCore
import Foundation
import Testing
@testable import RetailBackend

@Suite struct PageCacheTests {
    func key(_ offset: Int) -> PageKey {
        PageKey(pageID: "home", locale: .enUS, segment: .new, variants: 0, gates: 0, schedule: 0, offset: offset, faults: 0)
    }

    let page = EncodedPage(prefix: [], suffix: [], etag: "\"e\"")

    @Test func composesOncePerKeyAndStaysBounded() throws {
        let cache = PageCache(capacity: 2)
        var made = 0
        let make = { () throws(RequestError) -> EncodedPage in
            made += 1
            return page
        }
        _ = try cache.page(for: key(0), orMake: make)
        _ = try cache.page(for: key(0), orMake: make)
        #expect(made == 1)
        _ = try cache.page(for: key(4), orMake: make)
        _ = try cache.page(for: key(8), orMake: make)  // full: starts over
        #expect(cache.count == 1)
        _ = try cache.page(for: key(0), orMake: make)
        #expect(made == 4)
    }

    /// Page ids are compared by their bytes: a decomposed spelling is another page, answered
    /// with its own id, never the cached page of a canonically equivalent one.
    @Test func aPageIdIsAnsweredWithItsOwnBytes() throws {
        let backend = try makeBackend()
        func answeredID(_ encodedQuery: String) throws -> [UInt8]? {
            let response = backend.respond(to: get("/v1/pages/search:" + encodedQuery, [("locale", "fr-FR")]))
            return try parse(response)["page"]?["id"]?.stringValue.map { Array($0.utf8) }
        }
        #expect(try answeredID("e%CC%81te%CC%81") == Array("search:e\u{301}te\u{301}".utf8))
        #expect(try answeredID("%C3%A9t%C3%A9") == Array("search:\u{E9}t\u{E9}".utf8))
    }

    @Test func failuresAreNotCached() {
        let cache = PageCache(capacity: 2)
        #expect(throws: RequestError.self) { try cache.page(for: key(0)) { () throws(RequestError) -> EncodedPage in throw .notFound("x") } }
        #expect(cache.count == 0)
    }
}
