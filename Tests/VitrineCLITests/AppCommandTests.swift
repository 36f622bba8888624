import Foundation
import RetailBackend
import Testing
@testable import VitrineCLI

/// A backend whose first page loads and whose next page fails, and that records queries.
private struct FailingNextPage: HTTPHandler {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.queryValue("cursor") != nil {
            return HTTPResponse(status: 500, body: Data(#"{"error": {"code": "boom", "message": "down"}}"#.utf8))
        }
        let segment = request.queryValue("userSegment") ?? ""
        let page = #"{"page": {"id": "home", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "\#(segment.count)"}}]}], "pagination": {"has_more": true, "postback": {"cursor": "c2"}}}}"#
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Data(page.utf8))
    }
}

@Suite struct AppCommandTests {
    @Test func loadsTheWholeHomePageFromTheEmbeddedBackend() async throws {
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["app", "--locale", "de-DE", "--segment", "vip"], console: captured.console)
        #expect(status == 0, "\(captured.err)")
        #expect(captured.out.contains("(de-DE, vip)"))
        let summary = try #require(captured.out.split(separator: "\n").first { $0.hasPrefix("page home") })
        // Every section of every page was merged, shown, and nothing was reported.
        #expect(summary.hasSuffix("0 diagnostics"))
        let counts = summary.split(separator: ":")[1].split(separator: " ").compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] == counts[1] && counts[0] > 4)
    }

    @Test func aFailedNextPageKeepsThePageThatLoaded() async throws {
        let server = try HTTPServer(handler: FailingNextPage(), configuration: .ephemeral)
        defer { server.stop() }
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["app", "--backend", server.baseURL, "--segment", "vip&capabilities=video"], console: captured.console)
        #expect(status == 0)
        #expect(captured.out.contains("ok           t (title_block)"))
        #expect(captured.out.contains("next page failed, the page above stays"))
    }

    @Test func queryValuesAreEncodedSoTheyCannotAddParameters() async throws {
        let server = try HTTPServer(handler: FailingNextPage(), configuration: .ephemeral)
        defer { server.stop() }
        let home = try await AppCommand.loadHome(base: server.baseURL, locale: "en-US", segment: "vip&capabilities=video")
        // The handler echoes the decoded segment's length: the whole value arrived as one parameter.
        let title = home.page.widget(id: "t")?.data["title"]?.stringValue
        #expect(title == "\("vip&capabilities=video".count)")
    }

    @Test func anUnreachableBackendIsAClearError() async {
        let captured = CapturedConsole()
        let status = await CommandLineTool.run(["app", "--backend", "http://127.0.0.1:1"], console: captured.console)
        #expect(status == 1)
        #expect(captured.err.hasPrefix("vitrine app: "))
    }

    @Test func unknownOptionsAreUsageErrors() async {
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["app", "--colour"], console: captured.console) == 2)
        #expect(captured.err.contains("usage: vitrine app"))
    }
}
