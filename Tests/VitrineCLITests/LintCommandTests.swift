import FlowCore
import Foundation
import Synchronization
import Testing
import RetailPresentation
import RetailKit
import CommandLineSupport
@testable import VitrineCLI

@Suite struct LintCommandTests {
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/home.json").path

    func lint(_ arguments: [String], input: Data = Data()) async -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole(input: input)
        let status = await CommandLineTool.run(["lint"] + arguments, console: captured.console)
        return (status, captured.out, captured.err)
    }

    func json(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    @Test func aProblemInsideAnActionsSheetIsNamedByItsPathOnThePage() async throws {
        let page = #"{"page": {"id": "p", "sections": [{"id": "s", "widgets": [{"type": "button_row", "id": "d", "data": {"buttons": [{"title": "Open", "action": "#
            + #"{"type": "open_bottom_sheet", "sheet": {"sections": [{"id": "ss", "widgets": [{"type": "title_block", "id": "in", "data": {"title": "x"}, "accessibility": {"label": 7}}]}]}}}]}}]}]}}"#
        let result = await lint(["-", "--json"], input: Data(page.utf8))
        let diagnostics = try #require(try json(result.out)["diagnostics"]?.arrayValue)
        let message = try #require(diagnostics.first?["message"]?.stringValue)
        let path = "page.sections.0.widgets.0.data.buttons.0.action.sheet.sections.0.widgets.0.accessibility"
        #expect(diagnostics.first?["path"]?.stringValue == path)
        #expect(message.contains("at \(path).label"), "\(message)")
        #expect(!message.contains("at sheet."))
    }

    @Test func aLabelAClientWillNotReadAsSentIsReported() async throws {
        let long = String(repeating: "a", count: 1_001)
        let page = #"{"page": {"id": "p", "sections": [{"id": "s", "widgets": ["#
            + #"{"type": "title_block", "id": "a", "data": {"title": "A"}, "accessibility": {"label": " \u0007 \u200b"}},"#
            + #"{"type": "title_block", "id": "b", "data": {"title": "B"}, "accessibility": {"hint": "\#(long)"}},"#
            + #"{"type": "button_row", "id": "c", "data": {"buttons": [{"title": "C", "accessibility": {"label": "\u202e"}}]}},"#
            + #"{"type": "title_block", "id": "d", "data": {"title": "D"}, "accessibility": {"label": "Fine"}}]}]}}"#
        let result = await lint(["-", "--json"], input: Data(page.utf8))
        let diagnostics = try #require(try json(result.out)["diagnostics"]?.arrayValue)
        #expect(diagnostics.compactMap { $0["path"]?.stringValue } == [
            "page.sections.0.widgets.0.accessibility", "page.sections.0.widgets.1.accessibility", "page.sections.0.widgets.2.data.buttons.0.accessibility",
        ])
        #expect(diagnostics.compactMap { $0["message"]?.stringValue } == [
            "'label' has nothing readable in it: read as absent", "'hint' is 1001 Unicode scalars: read cut at 1000",
            "'label' has nothing readable in it: read as absent",
        ])
    }

    @Test func printsTheContractsJSONShape() async throws {
        let result = await lint([example, "--json", "--now", "2026-11-29T12:00:00Z"])
        #expect(result.status == 0)
        let report = try json(result.out)
        #expect(report["page_id"] == "home")
        #expect(report["request_id"] == "req-2f6c1a")
        #expect(report["header"] == [["id": "search", "type": "search_bar", "status": "ok"]])
        let campaigns = try #require(report["sections"]?.arrayValue?[1])
        #expect(campaigns["id"] == "campaigns")
        #expect(campaigns["arrangement"] == "carousel")
        #expect(campaigns["status"] == "ok")
        #expect(campaigns["header"] == ["id": "campaigns-title", "type": "title_block", "status": "ok"])
        #expect(campaigns["widgets"]?.arrayValue?[1] == [
            "id": "cmp-live", "type": "campaign_card", "status": "fallback", "shown_type": "campaign_card",
            "fallback": ["id": "cmp-live-still", "type": "campaign_card", "status": "ok"],
        ])
        #expect(report["footer"]?.arrayValue?.count == 1)
        let diagnostics = try #require(report["diagnostics"]?.arrayValue)
        #expect(diagnostics.map { $0["kind"] } == ["incompatible"])
        #expect(diagnostics[0]["path"] == "page.sections.1.widgets.1")
        #expect(diagnostics[0]["widget_type"] == "campaign_card")
    }

    @Test func appVersionCapabilitiesAndNowChangeTheOutcome() async throws {
        let capable = try json(await lint([example, "--json", "--capabilities", "video,ar", "--app-version", "3.0", "--now", "2026-11-29T12:00:00Z"]).out)
        #expect(capable["sections"]?.arrayValue?[1]["widgets"]?.arrayValue?[1]["status"] == "ok")
        #expect(capable["diagnostics"] == [])
        let later = try json(await lint([example, "--json", "--now", "2027-02-01T00:00:00Z"]).out)
        let story = try #require(later["sections"]?.arrayValue?.first { $0["id"] == "story" })
        #expect(story["status"] == "expired")
        #expect(later["diagnostics"]?.arrayValue?.contains { $0["kind"] == "expired" } == true)
    }

    @Test func listsEveryStatusAndDropsOnlyAsDiagnostics() async throws {
        let page = #"""
            {"page": {"id": "p", "request_id": "r", "sections": [
              {"id": "s", "layout": {"arrangement": "spiral"}, "widgets": [
                {"type": "title_block", "id": "ok", "data": {"title": "T"}},
                {"type": "hologram", "id": "x"},
                {"type": "title_block", "id": "bad", "data": {}},
                {"type": "title_block", "id": "old", "data": {"title": "T"}, "requires": {"min_app_version": "99"}},
                {"type": "title_block", "id": "gone", "data": {"title": "T"}, "expires_at": "2020-01-01T00:00:00Z"},
                {"id": "typeless"}]},
              {"id": "e", "widgets": [{"type": "hologram"}]}]}}
            """#
        let result = await lint(["-", "--json"], input: Data(page.utf8))
        #expect(result.status == 0)
        let report = try json(result.out)
        let section = try #require(report["sections"]?.arrayValue?.first)
        #expect(section["arrangement"] == "vertical")
        #expect(section["widgets"]?.arrayValue?.map { $0["status"] } == ["ok", "unknown", "malformed", "incompatible", "expired"])
        #expect(report["sections"]?.arrayValue?[1]["status"] == "empty")
        let kinds = report["diagnostics"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
        #expect(Set(kinds) == ["unknown_arrangement", "unknown_type", "malformed_payload", "dropped_element", "incompatible", "expired"])
    }

    @Test func nestedItemsAreListedWithTheirStatus() async throws {
        let page = #"""
            {"page": {"sections": [{"id": "s", "widgets": [{"type": "accordion", "id": "faq", "data": {"header": "FAQ", "items": [
              {"type": "hologram", "id": "i1"},
              {"type": "title_block", "id": "i2", "data": {"title": "T"}, "requires": {"min_app_version": "99"}},
              {"type": "title_block", "id": "i3", "data": {"title": "T"}}]}}]}]}}
            """#
        let result = await lint(["-", "--json"], input: Data(page.utf8))
        let items = try json(result.out)["sections"]?.arrayValue?.first?["widgets"]?.arrayValue?.first?["items"]
        #expect(items == [["id": "i1", "type": "hologram", "status": "unknown"], ["id": "i2", "type": "title_block", "status": "incompatible"],
                          ["id": "i3", "type": "title_block", "status": "ok"]])
        let kinds = try json(result.out)["diagnostics"]?.arrayValue?.compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["unknown_type", "incompatible"])
        let text = await lint(["-"], input: Data(page.utf8))
        #expect(text.out.contains("    incompatible item i2 (title_block)"))
    }

    /// §11: every widget that survived decoding is listed, also the items of a widget that is
    /// not shown; a fallback's items are its own, never the original's.
    @Test func itemsOfWidgetsNotShownAndOfFallbacksAreListedWhereTheyBelong() async throws {
        let page = #"""
            {"page": {"sections": [{"id": "s", "widgets": [
              {"type": "accordion", "id": "gated", "requires": {"min_app_version": "99"},
               "data": {"header": "Gated", "items": [{"type": "title_block", "id": "g1", "data": {"title": "T"}}]}},
              {"type": "accordion", "id": "old", "expires_at": "2020-01-01T00:00:00Z",
               "data": {"header": "Old", "items": [{"type": "title_block", "id": "o1", "data": {"title": "T"}}]}},
              {"type": "accordion", "id": "swap", "requires": {"capabilities": ["ar"]},
               "data": {"header": "AR", "items": [{"type": "title_block", "id": "s1", "data": {"title": "T"}}]},
               "fallback": {"type": "accordion", "id": "swap-fb",
                 "data": {"header": "Plain", "items": [{"type": "title_block", "id": "f1", "data": {"title": "T"}}]}}}]}]}}
            """#
        let result = await lint(["-", "--json", "--now", "2026-11-29T12:00:00Z"], input: Data(page.utf8))
        let widgets = try #require(try json(result.out)["sections"]?.arrayValue?.first?["widgets"]?.arrayValue)
        #expect(widgets[0]["status"] == "incompatible")
        #expect(widgets[0]["items"] == [["id": "g1", "type": "title_block", "status": "ok"]])
        #expect(widgets[1]["status"] == "expired")
        #expect(widgets[1]["items"] == [["id": "o1", "type": "title_block", "status": "ok"]])
        #expect(widgets[2]["status"] == "fallback")
        #expect(widgets[2]["items"] == [["id": "s1", "type": "title_block", "status": "ok"]])
        #expect(widgets[2]["fallback"] == ["id": "swap-fb", "type": "accordion", "status": "ok",
                                           "items": [["id": "f1", "type": "title_block", "status": "ok"]]])
        // Only what is shown reports: the hidden items add no diagnostics of their own.
        let kinds = try json(result.out)["diagnostics"]?.arrayValue?.compactMap { $0["kind"]?.stringValue }
        #expect(kinds == ["incompatible", "expired", "incompatible"])
    }

    /// Lint refuses what the app's dispatcher refuses, with the same checks, at each path.
    @Test func everyActionTheClientWouldRefuseIsReportedWithItsPath() async throws {
        let page = #"""
            {"page": {"nav": {"title": "T", "right_buttons": [{"title": "Cart", "action": {"type": "deeplink", "url": "vitrine://cart"}},
                                                            {"title": "Bad", "action": {"type": "deeplink", "url": "javascript:alert(1)"}}]},
              "sections": [{"id": "s", "widgets": [
              {"type": "title_block", "id": "abs", "data": {"title": "T"}, "actions": {"tap": {"type": "api", "endpoint": "https://evil.example/x"}}},
              {"type": "title_block", "id": "fe0f", "data": {"title": "T"}, "actions": {"tap": {"type": "api", "endpoint": "//\uFE0Fevil.example/steal"}}},
              {"type": "title_block", "id": "method", "data": {"title": "T"}, "actions": {"tap": {"type": "api", "endpoint": "/v1/ok", "method": "post /admin http/1.1\r\nhost: evil\r\n\r\nget"}}},
              {"type": "title_block", "id": "js", "data": {"title": "T"}, "actions": {"tap": {"type": "deeplink", "url": "javascript:alert(1)"}}},
              {"type": "button_row", "id": "row", "data": {"buttons": [{"title": "Fine", "action": {"type": "api", "endpoint": "/v1/actions/ok"}},
                                                                      {"title": "Gone", "action": {"type": "teleport"}}]}},
              {"type": "title_block", "id": "sheet", "data": {"title": "T"}, "actions": {"tap": {"type": "open_bottom_sheet", "sheet": {
                "sections": [{"widgets": [{"type": "title_block", "id": "in-sheet", "data": {"title": "T"},
                  "actions": {"tap": {"type": "add_to_cart", "product_id": "p", "quantity": 0}}}]}]}}}},
              {"type": "title_block", "id": "fine", "data": {"title": "T"}, "tracking": {"action": {"type": "teleport"}},
               "actions": {"tap": {"type": "open_page", "page_id": "campaign:x"}, "add_to_cart": {"type": "add_to_cart", "product_id": "p"}}}]}]}}
            """#
        let result = await lint(["-", "--json"], input: Data(page.utf8))
        #expect(result.status == 0)
        let refused = try #require(try json(result.out)["diagnostics"]?.arrayValue).filter { $0["kind"] == "refused_action" }
        #expect(refused.compactMap { $0["path"]?.stringValue } == [
            "page.nav.right_buttons.1.action",
            "page.sections.0.widgets.0.actions.tap",
            "page.sections.0.widgets.1.actions.tap",
            "page.sections.0.widgets.2.actions.tap",
            "page.sections.0.widgets.3.actions.tap",
            "page.sections.0.widgets.4.data.buttons.1.action",
            "page.sections.0.widgets.5.actions.tap.sheet.sections.0.widgets.0.actions.tap",
        ])
        let messages = refused.compactMap { $0["message"]?.stringValue }
        #expect(messages[1].contains("not an absolute path"))
        #expect(messages[3].contains("method"))
        #expect(messages[4].contains("scheme 'javascript' is not allowed"))
        #expect(messages[5].contains("unknown action type 'teleport'"))
        #expect(messages[6].contains("quantity 0"))
    }

    /// A sheet an action would open is decoded as the client would: what it drops is reported
    /// under the action's path.
    @Test func whatASheetWouldDropIsReportedUnderItsAction() async throws {
        let page = #"{"page": {"sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "T"}, "actions": {"tap": {"type": "open_bottom_sheet", "sheet": {"sections": [3, {"widgets": [{"type": "hologram"}]}]}}}}]}]}}"#
        let result = await lint(["-", "--json"], input: Data(page.utf8))
        let diagnostics = try #require(try json(result.out)["diagnostics"]?.arrayValue)
        #expect(diagnostics.compactMap { $0["path"]?.stringValue } == [
            "page.sections.0.widgets.0.actions.tap.sheet.sections.0", "page.sections.0.widgets.0.actions.tap.sheet.sections.1.widgets.0",
        ])
        #expect(diagnostics.compactMap { $0["kind"]?.stringValue } == ["dropped_element", "unknown_type"])
    }

    @Test(arguments: [
        ("not json at all", "not JSON"), (#"{"sheet": {}}"#, "no 'page'"), (#"{"page": {"schema_version": 9}}"#, "unsupported schema_version 9"), ("[]", "no 'page'"),
    ])
    func refusedPagesExitOneWithAOneLineError(input: String, message: String) async throws {
        let result = await lint(["-"], input: Data(input.utf8))
        #expect(result.status == 1)
        #expect(result.err.contains(message))
        #expect(!result.err.contains("\n"))
        let asJSON = await lint(["-", "--json"], input: Data(input.utf8))
        #expect(asJSON.status == 1)
        #expect(try json(asJSON.out)["page_id"] == .null)
    }

    @Test func theUnsupportedSchemaIsReportedAsItsKind() async throws {
        let result = await lint(["-", "--json"], input: Data(#"{"page": {"schema_version": 2}}"#.utf8))
        #expect(try json(result.out)["diagnostics"]?.arrayValue?.first?["kind"] == "unsupported_schema")
    }

    @Test func fiftyMegabytesOfGarbageFailFastAndCleanly() async {
        var garbage = Data(count: 50 * 1_048_576)
        garbage.withUnsafeMutableBytes { bytes in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for index in bytes.indices {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
        }
        let result = await lint(["-"], input: garbage)
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("vitrine lint: page refused: not JSON"))
        // 5 MB: far past the depth limit, and checked to its end in a debug build in seconds.
        let deep = Data(repeating: UInt8(ascii: "["), count: 5 * 1_048_576)
        let deepResult = await lint(["-"], input: deep)
        #expect(deepResult.status == 1)
        // Checked to its end without recursion: 50 MB of "[" is not a document.
        #expect(deepResult.err.contains("unexpected end of input"))
    }

    @Test(arguments: [[], ["a.json", "b.json"], ["--json"], ["x.json", "--app-version", "two"], ["x.json", "--now", "tomorrow"], ["x.json", "--frobnicate"], ["x.json", "--capabilities"]])
    func usageErrorsExitTwo(arguments: [String]) async {
        let result = await lint(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains("usage: vitrine lint"))
    }

    @Test func anUnreadableFileIsAUsageError() async {
        let result = await lint(["/nonexistent/page.json"])
        #expect(result.status == 2)
        #expect(result.err.contains("cannot read"))
    }

    @Test func hostileStringsNeverReachTheTerminalRaw() async throws {
        let page = #"{"page": {"id": "\u001b]0;pwned\u0007", "sections": [{"id": "\u001b[2J", "widgets": [{"type": "evil\u001b[31m\u202e", "id": "\u009b6n"}]}]}}"#
        let text = await lint(["-"], input: Data(page.utf8))
        #expect(text.status == 0)
        for forbidden: Character in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
            #expect(!text.out.contains(forbidden))
        }
        #expect(text.out.contains("\\u{1B}"))
        let asJSON = await lint(["-", "--json"], input: Data(page.utf8))
        for forbidden: Character in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
            #expect(!asJSON.out.contains(forbidden))
        }
        #expect(try json(asJSON.out)["page_id"] == "\u{1B}]0;pwned\u{07}")
    }

    @Test func theTextReportNamesSectionsWidgetsAndDiagnostics() async {
        let result = await lint([example, "--now", "2026-11-29T12:00:00Z"])
        #expect(result.status == 0)
        #expect(result.out.contains("section campaigns [carousel] ok"))
        #expect(result.out.contains("fallback     cmp-live (campaign_card -> campaign_card)"))
        #expect(result.out.contains("incompatible at page.sections.1.widgets.1"))
    }

    @Test func anUnknownCommandIsAUsageError() async {
        let captured = CapturedConsole()
        #expect(await CommandLineTool.run(["frobnicate"], console: captured.console) == 2)
        #expect(captured.err.contains("unknown command 'frobnicate'"))
    }

    /// The preview panel's summary counts by each language's rule (French says 0 and 1 in
    /// the singular) and writes numbers as the language does.
    @Test func thePanelsSummaryCountsByEachLanguagesRule() throws {
        let json = #"{"page": {"id": "p", "request_id": "r", "sections": [{"widgets": [{"type": "title_block", "id": "t", "data": {"title": "Hi"}}]}]}}"#
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let decoded = try decoder.decodePage(Data(json.utf8))
        let report = LintReport(decoded: decoded, context: EvaluationContext(client: VitrineApp.clientContext, now: Date()),
                                policy: VitrineApp.actionPolicy, decoder: decoder)
        #expect(report.lines(words: Words(.frFR)).first == "page p (requête r) : rubriques affichées, 1 sur 1, 0 signalement")
        #expect(report.lines(words: Words(.enUS)).first == "Page p (request r): 1 of 1 sections shown, 0 diagnostics")
        #expect(report.lines(words: nil).first == "page p (request r): 1 of 1 sections shown, 0 diagnostics", "lint's own line as scripts read it")
    }
}
