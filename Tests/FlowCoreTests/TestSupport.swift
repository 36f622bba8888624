import Foundation
import Testing
@testable import FlowCore

/// `test_text {title}`: the peer fixtures' test widget, title required.
struct TestText: WidgetContent, Hashable {
    static let widgetType = "test_text"
    var title: String

    init(from data: JSONNode) throws(DecodingFailure) {
        title = try data.require("title")
    }
}

/// `test_list {title, items}`: a test widget with nested widgets.
struct TestList: WidgetContent {
    static let widgetType = "test_list"
    var items: [WidgetModel]

    init(from data: JSONNode) throws(DecodingFailure) {
        items = try data.widgets("items")
    }

    var nestedWidgets: [WidgetModel] { items }
}

/// `test_tags {tags: [String]}`: a lossy inner array.
struct TestTags: WidgetContent {
    static let widgetType = "test_tags"
    var tags: [String]

    init(from data: JSONNode) throws(DecodingFailure) {
        tags = try data.lossyArray("tags")
    }
}

func testCatalog() -> WidgetCatalog {
    var catalog = WidgetCatalog()
    catalog.register(TestText.self)
    catalog.register(TestList.self)
    catalog.register(TestTags.self)
    return catalog
}

func testDecoder() -> PageDecoder {
    PageDecoder(catalog: testCatalog(), makeRequestID: { "generated-request" })
}

/// Decodes `{"page": <json>}` written as a string.
func decode(page json: String, decoder: PageDecoder = testDecoder()) throws -> DecodedPage {
    try decoder.decodePage(Data("{\"page\": \(json)}".utf8))
}

func text(_ widget: WidgetModel?) -> String? {
    widget?.content(as: TestText.self)?.title
}

extension Diagnostic {
    var kindName: String { kind.rawValue }
}
