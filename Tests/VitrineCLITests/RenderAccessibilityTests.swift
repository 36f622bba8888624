import FlowCore
import Foundation
import RetailBackend
import Testing
import CommandLineSupport
@testable import VitrineCLI

/// `vitrine render FILE|URL --accessibility`: what a screen reader reads, against the golden
/// readings in `Tests/Fixtures/accessibility/` (the example page in three locales and the
/// backend's home, campaign, category and product pages); every page the backend composes
/// reads without a control character. `VITRINE_UPDATE_GOLDENS=1` writes the goldens again.
@Suite struct RenderAccessibilityTests {
    static let root = RenderSnapshotTests.root
    static let goldens = root.appendingPathComponent("Fixtures/accessibility")
    static let example = root.deletingLastPathComponent().appendingPathComponent("Examples/home.json")
    static let instant = RenderSnapshotTests.instant

    static func read(_ data: Data, locale: String = "en-US", debug: Bool = false) throws -> String {
        var options = RenderCommand.Options()
        options.accessibility = true
        options.locale = locale
        options.now = instant
        options.debug = debug
        return try RenderCommand.accessibilityLines(data, options: options).joined(separator: "\n") + "\n"
    }

    static func check(_ reading: String, golden name: String) throws {
        #expect(!reading.unicodeScalars.contains { $0.value < 0x0A || (0x0B..<0x20).contains($0.value) || (0x7F...0x9F).contains($0.value) },
                "\(name): a control character")
        for line in reading.split(separator: "\n") {
            #expect(line.contains(": "), "\(name): a line without a role: \(line)")
        }
        let file = goldens.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["VITRINE_UPDATE_GOLDENS"] == "1" {
            try reading.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        let got = reading.split(separator: "\n", omittingEmptySubsequences: false)
        let want = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(reading == golden, "\(name) differs from its golden at line \(first?.offset ?? min(got.count, want.count)):\n got: \(first?.element.0 ?? "")\nwant: \(first?.element.1 ?? "")")
    }

    static func backend() throws -> HomeBackend {
        var configuration = HomeBackend.Configuration()
        configuration.anchor = instant
        configuration.now = { instant }
        return try HomeBackend(configuration: configuration)
    }

    @Test(arguments: ["en-US", "de-DE", "fr-FR"])
    func theExamplePageReadsAsItsGolden(locale: String) throws {
        try Self.check(try Self.read(Data(contentsOf: Self.example), locale: locale), golden: "example-home-\(locale)")
    }

    @Test func theBackendsPagesReadAsTheirGoldens() throws {
        let variants = try Self.backend().pageVariants(at: Self.instant)
        let chosen: [(name: String, prefix: String, locale: String)] = [
            ("backend-home-en-US", "/v1/home?locale=en-US&appVersion=2.6.0&userSegment=returning&capabilities=&", "en-US"),
            ("backend-home-de-DE", "/v1/home?locale=de-DE&appVersion=2.6.0&userSegment=returning&capabilities=&", "de-DE"),
            ("backend-home-fr-FR", "/v1/home?locale=fr-FR&appVersion=2.6.0&userSegment=vip&capabilities=&", "fr-FR"),
            ("backend-campaign", "/v1/pages/campaign:cmp-winter?", "en-US"),
            ("backend-category", "/v1/pages/category:", "en-US"),
            ("backend-product", "/v1/pages/product:", "en-US"),
        ]
        for choice in chosen {
            let variant = try #require(variants.first { $0.request.hasPrefix(choice.prefix) }, "\(choice.prefix)")
            try Self.check(try Self.read(variant.body, locale: choice.locale), golden: choice.name)
        }
    }

    /// Every page the backend composes, in its own locale: read, never a control character, and
    /// every widget that shows something says something.
    @Test func everyComposedPageReadsCleanly() throws {
        let variants = try Self.backend().pageVariants(at: Self.instant)
        #expect(variants.count > 100)
        for variant in variants {
            let locale = ["de-DE", "fr-FR"].first { variant.request.contains("locale=\($0)") } ?? "en-US"
            let reading = try Self.read(variant.body, locale: locale)
            #expect(!reading.unicodeScalars.contains { $0.value < 0x0A || (0x0B..<0x20).contains($0.value) || (0x7F...0x9F).contains($0.value) })
            #expect(reading.split(separator: "\n").count >= 3, "\(variant.request): \(reading)")
        }
    }

    @Test func theCommandPrintsTheReadingAndExits0() async {
        let captured = CapturedConsole()
        let status = await RenderCommand.run([Self.example.path, "--accessibility", "--now", "2026-12-03T00:00:00Z"], console: captured.console)
        #expect(status == 0)
        #expect(captured.out.hasPrefix("header: Vitrine\nbutton: Cart — Opens the page\n"))
        #expect(captured.out.contains("button: Trail runner, waterproof, $89.00, was $119.00, 25 % off, rated 4.6 out of 5 — Opens the product"), "the payload's label and hint")
    }

    @Test(arguments: [
        ["x.json", "--accessibility", "--width", "80"], ["x.json", "--accessibility", "--plain"],
        ["x.json", "--accessibility", "--locale", "xx-XX"], ["x.json", "--accessibility", "--now", "yesterday"],
        ["x.json", "--width", "80", "--height", "40", "--locale", "de-DE"], ["x.json", "--accessibility", "--locale"],
        ["x.json", "--accessibility", "--scroll", "0"], ["x.json", "--width", "80", "--height", "40", "--locale", "en-US"],
    ])
    func usageErrorsExit2(arguments: [String]) async {
        let captured = CapturedConsole()
        let status = await RenderCommand.run(arguments, console: captured.console)
        #expect(status == 2)
        #expect(captured.err.contains("usage: vitrine render"))
    }

    @Test func aRefusedPageExits1() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-refused-\(UUID().uuidString).json")
        try Data(#"{"page": {"schema_version": 2}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let captured = CapturedConsole()
        #expect(await RenderCommand.run([file.path, "--accessibility"], console: captured.console) == 1)
    }

    @Test func aPageWithNothingReadablePrintsNoLineAndSaysSo() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-empty-\(UUID().uuidString).json")
        try Data(#"{"page": {"sections": [{"id": "s", "widgets": [{"type": "separator", "id": "x", "data": {}}]}]}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let captured = CapturedConsole()
        #expect(await RenderCommand.run([file.path, "--accessibility"], console: captured.console) == 0)
        #expect(captured.out.isEmpty, "no empty line: nothing is read")
        #expect(captured.err.contains("reads nothing"))
    }

    /// Escape sequences, bidi controls and 10,000 combining marks in every string a screen
    /// reader is given (titles, payload labels and hints, button titles, alt text): the reading
    /// holds no control character, no bidi control, and no line longer than the bound allows.
    @Test func hostileTextNeverReachesTheOutput() throws {
        let marks = "e" + String(repeating: "\u{301}", count: 10_000)
        let hostile = "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{202E}evil\u{2066}\u{9B}31m\r\n\t" + marks
        let text = JSONValue.string(hostile)
        let page: JSONValue = ["page": ["id": "hostile", "nav": ["title": text, "right_buttons": [["title": text, "accessibility": ["hint": text]]]], "sections": [[
            "id": "s", "widgets": [
                ["type": "title_block", "id": "t", "data": ["title": text, "subtitle": text]],
                ["type": "product_card", "id": "p", "data": [
                    "product_id": "p", "title": text, "price": ["amount": 1.5, "currency": "USD"], "availability": "low_stock",
                    "image": ["url": "https://x/y.jpg", "alt": text], "badges": [["text": text]]]],
                ["type": "banner", "id": "b", "data": ["image": ["url": "https://x/y.jpg", "alt": text]], "accessibility": ["label": text, "hint": text]],
                ["type": "button_row", "id": "r", "data": ["buttons": [["title": text, "accessibility": ["label": text, "role": "link"]]]]],
            ]]]]]
        let reading = try Self.read(JSONWriter.data(for: page), debug: true)
        #expect(!reading.unicodeScalars.contains { $0.value < 0x0A || (0x0B..<0x20).contains($0.value) || (0x7F...0x9F).contains($0.value) })
        #expect(!reading.unicodeScalars.contains { [0x202E, 0x2066, 0x200F].contains($0.value) })
        let lines = reading.split(separator: "\n")
        #expect(lines.count == 6, "nav title, nav button, title, product, banner, button")
        // A label, a value and a hint of at most 1,000 scalars each, and the line's own words.
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 3 * 1_000 + 40 })
        #expect(lines.contains { $0.hasPrefix("link: ") })
    }
}
