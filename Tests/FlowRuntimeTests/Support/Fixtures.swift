import FlowCore
import FlowRuntime
import Foundation

/// A minimal widget content for tests: `label {text}`.
struct LabelContent: WidgetContent, Hashable {
    static let widgetType = "label"
    let text: String

    init(from data: JSONNode) throws(DecodingFailure) {
        text = try data.require("text")
    }
}

/// A second content type, registered by a second "module".
struct CounterContent: WidgetContent, Hashable {
    static let widgetType = "counter"
    let start: Int

    init(from data: JSONNode) throws(DecodingFailure) {
        start = try data.optional("start") ?? 0
    }
}

enum Fixtures {
    static var catalog: WidgetCatalog {
        var catalog = WidgetCatalog()
        catalog.register(LabelContent.self)
        catalog.register(CounterContent.self)
        return catalog
    }

    static var decoder: PageDecoder {
        PageDecoder(catalog: catalog, makeRequestID: { "generated" })
    }

    /// `{"type": "label", "id": id, "data": {"text": text}}` with optional extras.
    static func label(_ id: String, _ text: String = "text", tracking: JSONValue? = nil, impression: JSONValue? = nil) -> JSONValue {
        var object = JSONObject([
            (key: "type", value: "label"), (key: "id", value: .string(id)),
            (key: "data", value: ["text": .string(text)]),
        ])
        if let tracking { object["tracking"] = tracking }
        if let impression { object["impression"] = impression }
        return .object(object)
    }

    static func section(_ id: String, _ widgets: [JSONValue], tracking: JSONValue? = nil) -> JSONValue {
        var object = JSONObject([(key: "id", value: .string(id)), (key: "widgets", value: .array(widgets))])
        if let tracking { object["tracking"] = tracking }
        return .object(object)
    }

    /// A `{"page": …}` document.
    static func page(
        id: String = "home", requestID: String = "r1", sections: [JSONValue], hasMore: Bool? = nil, postback: JSONValue? = nil
    ) -> Data {
        var page = JSONObject([
            (key: "id", value: .string(id)), (key: "request_id", value: .string(requestID)),
            (key: "sections", value: .array(sections)),
        ])
        if let hasMore {
            page["pagination"] = .object(JSONObject([(key: "has_more", value: .bool(hasMore)), (key: "postback", value: postback ?? .null)]))
        }
        return JSONWriter.data(for: ["page": .object(page)])
    }

    /// A page with one section `s1` of labels `ids`.
    static func simplePage(requestID: String = "r1", ids: [String] = ["a", "b"], text: String = "text", hasMore: Bool? = nil, postback: JSONValue? = nil) -> Data {
        page(requestID: requestID, sections: [section("s1", ids.map { label($0, text) })], hasMore: hasMore, postback: postback)
    }

    /// An `api` response document.
    static func response(mode: String? = nil, mutations: [JSONValue], toast: String? = nil) -> Data {
        var object = JSONObject([(key: "mutations", value: .array(mutations))])
        if let mode { object["mode"] = .string(mode) }
        if let toast { object["toast"] = ["message": .string(toast)] }
        return JSONWriter.data(for: .object(object))
    }

    static func replaceWidget(_ id: String, with widget: JSONValue) -> JSONValue {
        ["kind": "replace_widget", "id": .string(id), "widget": widget]
    }

    /// The ids of the page's section widgets, in order.
    static func widgetIDs(_ page: PageModel?) -> [String] {
        page?.sections.flatMap { $0.widgets.map(\.id) } ?? []
    }
}

/// A store over a controlled source, with its notices and reported diagnostics collected.
@MainActor
final class StoreHarness {
    let source = ControlledSource()
    let store: PageStore
    var notices: [PageStoreNotice] = []
    var reports: [DiagnosticReport] = []

    init() {
        store = PageStore(pageID: "home", source: source, decoder: Fixtures.decoder)
        store.onNotice = { [unowned self] in self.notices.append($0) }
        store.onDiagnostics = { [unowned self] in self.reports.append($0) }
    }

    /// Loads `data` as the initial page and waits until it is shown.
    func loadInitial(_ data: Data) async {
        store.loadInitial()
        source.last?.respond(data)
        await waitUntil { self.store.state == .loaded || self.store.state == .empty }
    }
}
