import FlowCore
import FlowRuntime
import Foundation
import RetailPresentation
@testable import FlowTerminal

/// Pages decoded with the starter views registered, and a renderer to draw them.
@MainActor
enum TestPages {
    static let instant = Date(timeIntervalSince1970: 1_798_000_000)

    static var registry: TerminalWidgetRegistry {
        var registry = TerminalWidgetRegistry(unknownWidgetPolicy: .placeholder)
        StarterViews.register(on: &registry)
        return registry
    }

    static func page(_ json: String) throws -> PageModel {
        try PageDecoder(catalog: registry.catalog, makeRequestID: { "req-test" }).decodePage(Data(json.utf8)).page
    }

    static func sheet(_ json: String) throws -> SheetModel {
        try PageDecoder(catalog: registry.catalog).decodeSheet(Data(json.utf8)).sheet
    }

    static func environment(plain: Bool = true) -> RenderEnvironment {
        // The app's catalogue gives the engine its words, as an app does.
        var environment = RenderEnvironment(
            isPlain: plain, evaluation: EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 9, minor: 0, patch: 0)), now: instant),
            registry: registry)
        environment.words = Words(.enUS).engine
        return environment
    }

    static func render(_ state: PageScreenContent, scroll: Int = 0, width: Int, height: Int, plain: Bool = true) -> RenderedFrame {
        PageRenderer(environment: environment(plain: plain)).render(state, scroll: scroll, width: width, height: height)
    }

    /// `{"page": …}` with `sections`, and optional extra page members.
    static func json(sections: String, extra: String = "") -> String {
        #"{"page": {"id": "p", "request_id": "req-test"\#(extra.isEmpty ? "" : ", " + extra), "sections": [\#(sections)]}}"#
    }

    static func title(_ id: String, _ text: String, layout: String = "") -> String {
        #"{"type": "title_block", "id": "\#(id)"\#(layout.isEmpty ? "" : ", \"layout\": " + layout), "data": {"title": "\#(text)"}}"#
    }
}
