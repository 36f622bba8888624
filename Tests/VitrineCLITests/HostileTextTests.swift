import FlowCore
import FlowPresentation
import Foundation
import Testing
import CommandLineSupport
@testable import VitrineCLI

/// A payload with escape sequences, C0 and C1 controls, DEL and bidi overrides in every text
/// field (and in ids and types, which debug placeholders print) renders with none of them,
/// plain or coloured: the only escapes in coloured output are the renderer's own SGR.
@Suite struct HostileTextTests {
    static let evil = "A\u{1B}]0;pwned\u{07}B\u{1B}[2J\u{1B}[31mC\u{9B}1;1H\u{7F}D\u{202E}E\u{2066}F\u{200F}\u{0}\u{8}\r\nG\u{85}\u{9D}H\t"

    static var document: JSONValue {
        let e = JSONValue.string(evil)
        let text: JSONValue = ["text": e, "is_markdown": true]
        let image: JSONValue = ["url": e, "alt": e, "aspect_ratio": 2]
        let button: JSONValue = ["title": e, "icon": e]
        let tag: JSONValue = ["text": e, "icon": e]
        func widget(_ type: String, _ data: JSONValue) -> JSONValue { ["type": .string(type), "id": e, "data": data] }
        let widgets: [JSONValue] = [
            widget("title_block", ["title": text, "subtitle": e]),
            widget("image_text_card", ["image": image, "title": e, "subtitle": text, "tags": [tag], "trailing_icon": e]),
            widget("banner", ["image": image, "title": e, "subtitle": e]),
            widget("button_row", ["buttons": [button, ["title": e, "style": "outline"]]]),
            widget("tag_rail", ["tags": [tag, tag]]),
            widget("stepper_row", ["title": e, "subtitle": e]),
            widget("accordion", ["header": e, "initially_expanded": true, "items": [widget("title_block", ["title": e])]]),
            widget("separator", ["style": "dashed"]),
            widget("hero_campaign", ["campaign_id": e, "image": image, "title": e, "subtitle": e, "cta": button]),
            widget("campaign_card", ["campaign_id": e, "image": image, "title": e, "subtitle": e]),
            widget("category_tile", ["category_id": e, "title": e, "icon": e]),
            widget("product_card", ["product_id": e, "title": e, "subtitle": e, "image": image, "price": ["amount": 12, "currency": "EUR"],
                                    "availability": "low_stock", "badges": [tag], "rating": 4]),
            widget("editorial_card", ["kicker": e, "title": e, "body": text, "image": image, "cta": button]),
            widget("promo_banner", ["title": e, "subtitle": e, "code": e, "image": image]),
            widget("search_bar", ["placeholder": e]),
            widget(evil, ["title": e]),
            widget("title_block", ["subtitle": e]),
        ]
        let page: JSONValue = [
            "id": e, "request_id": e,
            "nav": ["title": text, "subtitle": e, "left_button": button, "right_buttons": [button]],
            "header": ["sticky": true, "widgets": [widget("search_bar", ["placeholder": e])]],
            "sections": [
                ["id": "v", "header": widget("title_block", ["title": e]), "widgets": .array(widgets)],
                ["id": "c", "layout": ["arrangement": "carousel"], "widgets": .array(widgets)],
                ["id": "g", "layout": ["arrangement": "grid", "columns": 3], "widgets": .array(widgets)],
            ],
            "footer": ["sticky": true, "widgets": [widget("button_row", ["buttons": [button]])]],
        ]
        return ["page": page]
    }

    static func render(plain: Bool, depth: String, height: Int) async throws -> String {
        var options = RenderCommand.Options()
        options.width = 70
        options.height = height
        options.plain = plain
        options.debug = true
        let profile = RenderCommand.outputProfile(options: options, environment: ["TERM": "xterm-256color", "COLORTERM": depth])
        let data = Data(JSONWriter.string(for: document).utf8)
        return try await options.frame.lines(of: data, profile: profile).joined(separator: "\n")
    }

    static func unsafeScalars(in text: String) -> [String] {
        // The renderer's own SGR sequences are the only escapes allowed.
        let withoutSGR = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return withoutSGR.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test(arguments: [true, false])
    func noControlCharacterReachesTheOutput(plain: Bool) async throws {
        for depth in ["truecolor", ""] {
            let output = try await Self.render(plain: plain, depth: depth, height: 400)
            #expect(Self.unsafeScalars(in: output).isEmpty, "\(Self.unsafeScalars(in: output).prefix(10))")
            #expect(output.contains("pwned"), "the text itself still shows, harmlessly")
        }
    }
}

/// The same payload (every widget type, every text field hostile) as a screen reader hears it.
@Suite struct HostileAccessibilityTests {
    @Test(arguments: ["en-US", "de-DE", "fr-FR"])
    func noControlOrBidiCharacterReachesTheReading(locale: String) throws {
        var options = RenderCommand.Options()
        options.accessibility = true
        options.debug = true
        options.locale = locale
        let data = Data(JSONWriter.string(for: HostileTextTests.document).utf8)
        let lines = try RenderCommand.accessibilityLines(data, options: options)
        let reading = lines.joined(separator: "\n")
        #expect(HostileTextTests.unsafeScalars(in: reading).isEmpty, "\(HostileTextTests.unsafeScalars(in: reading).prefix(10))")
        #expect(!reading.contains("\u{1B}"))
        #expect(reading.contains("pwned"), "the text itself is still read, harmlessly")
        #expect(lines.count > 40, "every section's widgets are read: \(lines.count)")
        #expect(lines.allSatisfy { !$0.contains("\n") && $0.unicodeScalars.count <= 3 * AccessibilityText.maximumScalars + 60 })
    }
}

/// Console messages (lint reports, usage errors quoting arguments) escape what the renderer
/// drops: one rule for both.
@Suite struct ConsoleTextTests {
    @Test func everyScalarTheRendererDropsIsEscapedInConsoleText() {
        let text = TerminalText.sanitized(HostileTextTests.evil + "\u{061C}\u{200E}")
        #expect(HostileTextTests.unsafeScalars(in: text).isEmpty, "\(HostileTextTests.unsafeScalars(in: text))")
        for escape in ["\\u{1B}", "\\u{9B}", "\\u{202E}", "\\u{200F}", "\\u{61C}", "\\u{200E}", "\\u{A}"] {
            #expect(text.contains(escape), "\(escape) in \(text)")
        }
    }
}
