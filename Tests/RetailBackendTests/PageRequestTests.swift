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

    @Test func requestIDsNameTheirCompositionAreSaltedAndCountUp() throws {
        let backend = try makeBackend(clock: TestClock())
        var composed = EncodedPage(prefix: [], suffix: [], etag: "")
        composed.compositionID = "0123456789abcdef"
        let pages = (0..<12).map { $0 % 3 == 0 ? EncodedPage(prefix: [], suffix: [], etag: "") : composed }
        let ids = pages.map { backend.nextRequestID(for: $0) }
        let pattern = /(req|0123456789abcdef)-([0-9a-f]{8})-([1-9][0-9]*)/
        let matches = try ids.map { try #require(try pattern.wholeMatch(in: $0)).output }
        let numbers = matches.compactMap { Int($0.3) }
        #expect(numbers.count == ids.count)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 })
        #expect(Set(matches.map { String($0.2) }).count == 1, "one salt")
        #expect(matches.map { String($0.1) } == pages.map { $0.compositionID.isEmpty ? "req" : $0.compositionID })
        #expect(ids.map { CompositionRecord.id(inRequestID: $0) } == pages.map { $0.compositionID.isEmpty ? nil : $0.compositionID })
    }

    @Test func theBodyIsPrefixIDAndSuffix() {
        let page = EncodedPage(prefix: Array(#"{"page":{"request_id":""#.utf8), suffix: Array(#""}}"#.utf8), etag: "\"e\"")
        #expect(String(decoding: page.body(requestID: "req-0a-17"), as: UTF8.self) == #"{"page":{"request_id":"req-0a-17"}}"#)
        #expect(String(decoding: page.body(requestID: ""), as: UTF8.self) == #"{"page":{"request_id":""}}"#)
        #expect(EncodedPage(prefix: [], suffix: [], etag: "").body(requestID: "").isEmpty)
    }
}
