import Foundation
import Testing
@testable import FlowCore

@Suite struct AtomTests {
    func node(_ json: String) throws -> JSONNode {
        JSONNode(value: try JSONParser.parse(json), path: CodingPath(root: "test"))
    }

    @Test func shortFormsDecodeInOnePlace() throws {
        #expect(try TextData(from: node(#""Hello""#)) == TextData("Hello"))
        #expect(try ColorData(from: node(##""#4F8CFF""##)) == ColorData(hex: "#4F8CFF"))
        #expect(try ImageData(from: node(#""https://x/y.jpg""#)).url == "https://x/y.jpg")
        #expect(try IconData(from: node(#""star.fill""#)).symbol == "star.fill")
    }

    /// An icon's size is points like a font's: one no screen can draw is not taken as it is.
    @Test func anIconSizeThatIsNotPositiveOrAbove1000PointsIsIgnored() throws {
        #expect(try IconData(from: node(#"{"symbol": "s", "size": 24}"#)).size == 24)
        #expect(try IconData(from: node(#"{"symbol": "s", "size": 1000}"#)).size == 1000)
        for size in ["0", "-3", "1000.5", "1e300"] {
            let icon = try IconData(from: node(#"{"symbol": "s", "size": "# + size + "}"))
            #expect(icon.size == nil, "size \(size)")
            #expect(icon.symbol == "s")
        }
    }

    @Test func fullFormsDecodeEveryKey() throws {
        let text = try TextData(from: node(##"{"text": "T", "font": {"size": 16, "weight": "semibold"}, "color": {"hex": "#111", "dark_hex": "#EEE"}, "alignment": "center", "max_lines": 2, "is_markdown": true}"##))
        #expect(text == TextData("T", font: FontData(size: 16, weight: .semibold), color: ColorData(hex: "#111", darkHex: "#EEE"), alignment: .center, maxLines: 2, isMarkdown: true))
        let image = try ImageData(from: node(##"{"url": "u", "aspect_ratio": 1.5, "scale_mode": "fit", "corner_radius": 4, "placeholder_color": "#EEE", "shimmer": true, "alt": "a"}"##))
        #expect(image == ImageData(url: "u", aspectRatio: 1.5, scaleMode: .fit, cornerRadius: 4, placeholderColor: "#EEE", shimmer: true, alt: "a"))
        let button = try ButtonData(from: node(#"{"title": "Go", "style": "outline", "full_width": true, "action": {"type": "dismiss"}}"#))
        #expect(button.style == .outline)
        #expect(button.isFullWidth)
        #expect(button.action?.type == "dismiss")
    }

    @Test func unknownEnumValuesFallBackToTheDefault() throws {
        let text = try TextData(from: node(#"{"text": "T", "alignment": "justified", "font": {"weight": "ultra"}}"#))
        #expect(text.alignment == .leading)
        #expect(text.font?.weight == .regular)
    }

    @Test func requiredKeysAreNamedWhenMissing() throws {
        #expect(throws: DecodingFailure(.missingKey("text"), at: CodingPath(root: "test"))) {
            try TagData(from: node(##"{"bg_color": "#FFF"}"##))
        }
        #expect(throws: DecodingFailure.self) { try ImageData(from: node(#"{"alt": "no url"}"#)) }
        #expect(throws: DecodingFailure.self) { try ButtonData(from: node(#"{"style": "plain"}"#)) }
    }

    @Test func layoutDecodesChromeAndWidths() throws {
        let layout = try WidgetLayout(from: node("""
            {"margin": {"left": 16}, "padding": {"top": 8, "bottom": 8}, "corner_radius": {"top_left": 12},
             "background": "#FFFFFF", "gradient": {"colors": ["#000", 5, {"hex": "#FFF"}], "angle": 90},
             "border": {"width": 1, "color": "#EAEAEA", "dash_width": 4, "dash_gap": 2}, "width": 0.8}
            """))
        #expect(layout.margin == Insets(left: 16))
        #expect(layout.padding == Insets(top: 8, bottom: 8))
        #expect(layout.cornerRadius == CornerRadius(topLeft: 12))
        #expect(layout.gradient?.colors.count == 2)
        #expect(layout.border?.dashWidth == 4)
        #expect(layout.width == .fraction(0.8))
        #expect(try WidgetWidth(from: node(#""fill""#)) == .fill)
        #expect(throws: DecodingFailure.self) { try WidgetWidth(from: node("1.5")) }
        #expect(throws: DecodingFailure.self) { try WidgetWidth(from: node("0")) }
        #expect(try CornerRadius(from: node("8")).isUniform)
    }

    /// Flow-UI accepts a fraction written as a numeric string; JSON's number grammar reads it.
    @Test(arguments: [(#""0.75""#, 0.75), (#""1""#, 1.0), (#""5e-1""#, 0.5)])
    func aWidthMayBeANumericString(json: String, fraction: Double) throws {
        #expect(try WidgetWidth(from: node(json)) == .fraction(fraction))
    }

    @Test(arguments: [#""1.5""#, #""0""#, #""abc""#, #""0x1p-1""#, #""nan""#, #""""#, #""1e400""#])
    func aWidthStringThatIsNoFractionInRangeFails(json: String) throws {
        #expect(throws: DecodingFailure.self) { try WidgetWidth(from: node(json)) }
    }

    @Test func colorsParseHexWithAlphaFirst() {
        #expect(RGBAColor(hex: "#4F8CFF") == RGBAColor(red: 0x4F, green: 0x8C, blue: 0xFF))
        #expect(RGBAColor(hex: "#CCFFFFFF") == RGBAColor(red: 255, green: 255, blue: 255, alpha: 0xCC))
        #expect(RGBAColor(hex: "#FFF") == RGBAColor(red: 255, green: 255, blue: 255))
        #expect(RGBAColor(hex: "#GGGGGG") == nil)
        #expect(RGBAColor(hex: "#12345") == nil)
    }

    @Test func actionsKeepTheirWholeObject() throws {
        let action = try ActionData(from: node(#"{"type": "api", "endpoint": "/v1/actions/fav", "product_id": "p1"}"#))
        #expect(action.type == "api")
        #expect(action["product_id"] == "p1")
        let api = try action.decode(APIAction.self)
        #expect(api.endpoint.description == "/v1/actions/fav")
        #expect(api.method == .post)
        #expect(throws: DecodingFailure.self) { try ActionData(from: node(#"{"message": "no type"}"#)) }
    }

    /// §5 gives `corner_radius` one meaning everywhere: a number or an object of corners.
    @Test func perCornerRadiiDecodeInsideButtonsTagsImagesAndSheets() throws {
        let corners = #"{"top_left": 12, "bottom_right": 4}"#
        let expected = CornerRadius(topLeft: 12, bottomRight: 4)
        #expect(try ButtonData(from: node(#"{"title": "Go", "corner_radius": \#(corners)}"#)).cornerRadius == expected)
        #expect(try TagData(from: node(#"{"text": "New", "corner_radius": \#(corners)}"#)).cornerRadius == expected)
        #expect(try ImageData(from: node(#"{"url": "u", "corner_radius": \#(corners)}"#)).cornerRadius == expected)
        #expect(try SheetConfig(from: node(#"{"corner_radius": \#(corners)}"#)).cornerRadius == expected)
        #expect(try ButtonData(from: node(#"{"title": "Go", "corner_radius": 8}"#)).cornerRadius == 8)
    }
}
