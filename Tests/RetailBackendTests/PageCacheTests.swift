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

    @Test func failuresAreNotCached() {
        let cache = PageCache(capacity: 2)
        #expect(throws: RequestError.self) { try cache.page(for: key(0)) { () throws(RequestError) -> EncodedPage in throw .notFound("x") } }
        #expect(cache.count == 0)
    }
}
