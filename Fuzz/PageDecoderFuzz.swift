// libFuzzer entry point for the page decoder. Built by scripts/fuzz.sh together with
// FlowCore's sources into one module, with -sanitize=fuzzer,address. Every input is decoded as
// a page, a sheet and an action response; a decoded page is resolved, mutated and merged,
// so the fuzzer reaches identity and mutation code as well as the parser.
import Foundation

struct FuzzText: WidgetContent {
    static let widgetType = "title_block"
    var title: TextData
    init(from data: JSONNode) throws(DecodingFailure) {
        title = try data.require("title")
    }
}

struct FuzzList: WidgetContent {
    static let widgetType = "accordion"
    var items: [WidgetModel]
    var tags: [TagData]
    init(from data: JSONNode) throws(DecodingFailure) {
        items = try data.widgets("items")
        tags = try data.lossyArray("tags")
    }
    var nestedWidgets: [WidgetModel] { items }
}

let fuzzDecoder: PageDecoder = {
    var catalog = WidgetCatalog()
    catalog.register(FuzzText.self)
    catalog.register(FuzzList.self)
    return PageDecoder(catalog: catalog, makeRequestID: { "fuzz" })
}()

let fuzzContext = EvaluationContext(
    client: ClientContext(appVersion: AppVersion(major: 2, minor: 6), capabilities: ["video"]),
    now: Date(timeIntervalSince1970: 1_800_000_000))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    if var decoded = try? fuzzDecoder.decodePage(data) {
        _ = decoded.page.resolve(in: fuzzContext)
        // Ids are distinct by their code points (two canonically equivalent ids are two ids).
        let ids = decoded.page.widgetsInDocumentOrder.map(\.id)
        precondition(Set(ids.map { ExactString($0) }).count == ids.count, "duplicate widget ids after decode")
        if let first = ids.first {
            _ = decoded.page.apply([.replaceWidget(first, with: ["type": "title_block", "data": ["title": "x"]]), .removeWidget(ids.last ?? first)],
                                   mode: .partial, decoder: fuzzDecoder)
        }
        _ = try? fuzzDecoder.appendNextPage(data, to: &decoded.page)
        let merged = decoded.page.widgetsInDocumentOrder.map(\.id)
        precondition(Set(merged.map { ExactString($0) }).count == merged.count, "duplicate widget ids after mutation and merge")
    }
    _ = try? fuzzDecoder.decodeSheet(data)
    if let response = try? fuzzDecoder.decodeActionResponse(data), var page = try? fuzzDecoder.decodePage(Data(#"{"page":{"sections":[{"id":"s","widgets":[{"type":"title_block","id":"a","data":{"title":"t"}}]}]}}"#.utf8)).page {
        _ = page.apply(response.mutations, mode: response.mode, decoder: fuzzDecoder)
        let ids = page.widgetsInDocumentOrder.map(\.id)
        precondition(Set(ids.map { ExactString($0) }).count == ids.count, "duplicate widget ids after an action response")
    }
    if let value = try? JSONParser.parse(data) {
        precondition((try? JSONParser.parse(JSONWriter.data(for: value))) == value, "writer output does not parse back to the same value")
        // The pass that finds problems' paths reads the same tree as the one that does not.
        let reported = try? JSONParser.parseReportingProblems(data)
        precondition(reported?.value == value, "the reporting parse read another tree")
    }
    // Whatever an api endpoint check accepts stays on the backend's host.
    if let text = String(data: data, encoding: .utf8), let endpoint = APIEndpoint(text) {
        let base = URL(string: "http://backend.test:8080/")!
        precondition(endpoint.url(on: base)?.host == "backend.test", "an accepted endpoint left the backend's host")
        precondition(URL(string: text, relativeTo: base)?.host.map { $0 == "backend.test" } ?? true, "Foundation resolves an accepted endpoint elsewhere")
    }
    return 0
}
