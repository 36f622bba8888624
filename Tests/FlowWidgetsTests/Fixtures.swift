import FlowCore
import FlowWidgets
import Foundation

/// The Flow-UI payloads the tests decode, kept in the repository (`Tests/Fixtures/flowui`).
let peerFixtureFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/flowui")

/// A peer fixture's bytes, unchanged.
func peerFixture(_ name: String) throws -> Data {
    try Data(contentsOf: peerFixtureFolder.appendingPathComponent(name))
}

/// `test_text {title}` as Flow-UI's own tests register it: title required.
struct TestText: WidgetContent, Hashable {
    static let widgetType = "test_text"
    var title: String

    init(from data: JSONNode) throws(DecodingFailure) {
        title = try data.require("title")
    }
}

func decoder(registering types: [any WidgetContent.Type]) -> PageDecoder {
    var catalog = WidgetCatalog()
    for type in types { catalog.register(type) }
    return PageDecoder(catalog: catalog)
}

func starterDecoder() -> PageDecoder {
    var catalog = WidgetCatalog()
    StarterWidgets.register(on: &catalog)
    return PageDecoder(catalog: catalog)
}

func status(of widget: WidgetModel) -> String {
    switch widget.content {
    case .decoded: "ok"
    case .unknown: "unknown"
    case .malformed: "malformed"
    }
}
