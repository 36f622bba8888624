import Foundation
import HTTPServer
import Testing
@testable import RetailBackend

/// What every page request reads and writes besides the cached page: its capabilities, its
/// request id and the body around it.
@Suite struct PageRequestTests {
    @Test(arguments: [
        ("video", ["video"]), (" video , maps,,", ["video", "maps"]), ("", []), (" , ", []), ("a b", ["a b"]),
        // Other than ASCII, split by Characters: a comma that a combining mark follows is no comma.
        ("café,ß", ["café", "ß"]), ("x,\u{301}y", ["x,\u{301}y"]), (" \u{301}a", [" \u{301}a"]),
    ])
    func capabilitiesAreCommaSeparatedNamesWithoutSpaces(raw: String, expected: [String]) {
        #expect(PageContext.parseCapabilities(raw) == Set(expected))
    }

    @Test func requestIDsAreSaltedAndCountUp() throws {
        let backend = try makeBackend(clock: TestClock())
        let ids = (0..<12).map { _ in backend.nextRequestID() }
        let pattern = /req-[0-9a-f]{8}-([1-9][0-9]*)/
        let numbers = try ids.map { try #require(try pattern.wholeMatch(in: $0)).output.1 }.compactMap { Int($0) }
        #expect(numbers.count == ids.count)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 })
        #expect(Set(ids.map { $0.prefix(13) }).count == 1)
    }

    @Test func theBodyIsPrefixIDAndSuffix() {
        let page = EncodedPage(prefix: Array(#"{"page":{"request_id":""#.utf8), suffix: Array(#""}}"#.utf8), etag: "\"e\"")
        #expect(String(decoding: page.body(requestID: "req-0a-17"), as: UTF8.self) == #"{"page":{"request_id":"req-0a-17"}}"#)
        #expect(String(decoding: page.body(requestID: ""), as: UTF8.self) == #"{"page":{"request_id":""}}"#)
        #expect(EncodedPage(prefix: [], suffix: [], etag: "").body(requestID: "").isEmpty)
    }
}
