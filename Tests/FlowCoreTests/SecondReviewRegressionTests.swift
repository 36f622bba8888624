import Foundation
import Testing
@testable import FlowCore

/// Regressions from the second outside review of issue 11: each was a reproducer of a
/// finding (or, marked "holds", of an attack that failed), kept so it stays fixed.
@Suite("FlowCore: second review's regressions")
struct SecondReviewCoreRegressions {
    // C1. APIEndpoint.url(on:) on an IPv6 backend: URLComponents.host gives "::1" without
    // brackets; assigning it back must still give a URL on the backend (or at least not
    // another host).
    @Test(arguments: ["http://[::1]:8080/", "http://[2001:db8::7]/", "http://[fe80::1%25eth0]:8080/"])
    func C1_ipv6Backends(base: String) throws {
        let baseURL = try #require(URL(string: base))
        let url = APIEndpoint("/v1/actions/fav")?.url(on: baseURL)
        #expect(url != nil, "no URL for an IPv6 backend \(base): api actions cannot be sent")
        if let url { #expect(url.absoluteString.hasPrefix(String(base.dropLast())), "\(url.absoluteString)") }
    }

    // C2 (holds: same origin). Dot segments and encoded dots/slashes pass the check; the
    // host stays the backend's. Noted because a backend route check on the raw path could
    // be bypassed by a normalising proxy: "/v1/actions/../../admin".
    @Test(arguments: ["/v1/actions/../../admin", "/v1/actions/%2e%2e/%2e%2e/admin", "/v1/actions/..%2F..%2Fadmin", "/@evil.example/x", "/:@evil.example"])
    func C2_traversalStaysOnTheOrigin(text: String) throws {
        let endpoint = try #require(APIEndpoint(text))
        let baseURL = try #require(URL(string: "https://shop.test/"))
        let url = try #require(endpoint.url(on: baseURL))
        #expect(url.host == "shop.test")
    }

    // C3. Identity: a repeated id takes `id#2` even when a later widget declares `a#2`
    // itself, which is then renamed `a#2#2`: a server mutation for "a#2" hits the duplicate
    // of "a", not the widget the server named "a#2".
    @Test func C3_aRenamedDuplicateNeverTakesAnIdTheDocumentDeclares() throws {
        let decoded = try decode(page: """
            {"sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "a", "data": {"title": "first a"}},
              {"type": "test_text", "id": "a", "data": {"title": "second a"}},
              {"type": "test_text", "id": "a#2", "data": {"title": "declared a#2"}}]}]}
            """)
        let ids = decoded.page.sections[0].widgets.map(\.id)
        #expect(text(decoded.page.widget(id: "a#2")) == "declared a#2", "ids: \(ids)")
    }

    // C4. Lone surrogates: "\ud800" and "\udbff" are two strings to other readers, but no
    // Unicode string holds either; both read as U+FFFD. The decision (CONTRACT, "Decisions"):
    // each lone surrogate is reported, and the ids that then read alike stay unique by the
    // ordinary renaming, also reported.
    @Test func C4_loneSurrogateIdsAreReportedAndStayUnique() throws {
        let decoded = try decode(page: #"""
            {"sections": [{"id": "s", "widgets": [
              {"type": "test_text", "id": "x\ud800", "data": {"title": "one"}},
              {"type": "test_text", "id": "x\udbff", "data": {"title": "two"}}]}]}
            """#)
        #expect(decoded.diagnostics.filter { $0.message.contains("lone surrogate") }.count == 2, "\(decoded.diagnostics)")
        #expect(decoded.diagnostics.contains { $0.kind == .duplicateID })
        let ids = decoded.page.widgetsInDocumentOrder.map(\.id)
        #expect(Set(ids.map { ExactString($0) }).count == 2)
    }

    // C5. RFC 8259 §8.1 allows a parser to ignore a leading BOM; JSONSerialization and most
    // HTTP stacks' JSON readers do. A page saved by a Windows tool with a BOM is refused as
    // "not JSON" (exit 1): the whole page is lost.
    @Test func C5_aLeadingByteOrderMarkIsNotAWholePageFailure() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"page": {"id": "p", "sections": []}}"#.utf8)
        let foundation = try? JSONSerialization.jsonObject(with: data)
        #expect(foundation != nil)
        #expect(throws: Never.self) { try testDecoder().decodePage(data) }
    }

    // C6. Was: every contained value at depth d kept a d-step path (600 KB of input made
    // 1.8 GB). Now the first `maximumReportedProblems` are reported with their paths and the
    // rest counted: a bound that does not grow with the input.
    @Test func C6_containedProblemsDoNotAmplifyWithDepth() throws {
        let depth = 500, count = 2000
        let tracking = "{\"x\":" + String(repeating: "[", count: depth) + Array(repeating: "1e400", count: count).joined(separator: ",")
            + String(repeating: "]", count: depth) + "}"
        let input = "{\"page\": {\"id\": \"p\", \"sections\": [{\"id\": \"s\", \"widgets\": [{\"type\": \"test_text\", \"data\": {\"title\": \"t\"}, \"tracking\": \(tracking)}]}]}}"
        let decoded = try testDecoder().decodePage(Data(input.utf8))
        let pathBytes = decoded.diagnostics.reduce(0) { $0 + $1.path.utf8.count }
        // At most 100 paths of at most 512 steps of a few bytes each.
        #expect(pathBytes < JSONParser.maximumReportedProblems * JSONParser.maximumDepth * 8, "\(pathBytes) bytes of paths")
        #expect(decoded.diagnostics.count == JSONParser.maximumReportedProblems + 1)
    }

    // C7 (holds). Expiry exactly at expires_at shows; a millisecond after does not.
    @Test func C7_expiryIsAfterTheInstant() throws {
        let page = """
            {"sections": [{"id": "s", "widgets": [{"type": "test_text", "id": "t", "data": {"title": "x"}, "expires_at": "2030-01-01T00:00:00.000Z"}]}]}
            """
        let decoded = try decode(page: page)
        let widget = try #require(decoded.page.widget(id: "t"))
        let at = try #require(RFC3339.date(from: "2030-01-01T00:00:00Z"))
        let client = ClientContext(appVersion: AppVersion(major: 9))
        #expect(widget.resolve(in: EvaluationContext(client: client, now: at)).status == .ok)
        #expect(widget.resolve(in: EvaluationContext(client: client, now: at.addingTimeInterval(0.001))).status == .expired)
    }
}
