import FlowCore
import FlowRuntime
import Foundation
import Testing

/// What these tests' "renderer" produces: a line of text.
private struct LabelView: WidgetView {
    let line: String
    init(content: LabelContent, context: WidgetContext) {
        line = "label \(context.widget.id): \(content.text)"
    }
}

private struct ShoutingLabelView: WidgetView {
    let line: String
    init(content: LabelContent, context: WidgetContext) {
        line = content.text.uppercased()
    }
}

private struct CounterView: WidgetView {
    let line: String
    init(content: CounterContent, context: WidgetContext) {
        line = "counter from \(content.start) at \(context.position ?? -1) in \(context.sectionID ?? "-")"
    }
}

/// Two "modules", each registering its widgets, as an app does at launch.
private enum LabelModule {
    static func register(on registry: inout WidgetRegistry<String>) {
        registry.register(LabelView.self) { $0.line }
    }
}

private enum CounterModule {
    static func register(on registry: inout WidgetRegistry<String>) {
        registry.register(CounterView.self) { $0.line }
    }
}

@Suite("WidgetRegistry")
@MainActor
struct WidgetRegistryTests {
    /// A placeholder's reason, as these tests spell it.
    static func reason(_ placeholder: WidgetPlaceholder) -> String {
        switch placeholder.reason {
        case .unknownType: "unknown widget type '\(placeholder.widgetType)'"
        case .malformed(let detail): "malformed '\(placeholder.widgetType)': \(detail)"
        case .noView: "no view registered for '\(placeholder.widgetType)'"
        }
    }

    private func decode(_ widgets: [JSONValue], registry: WidgetRegistry<String>) throws -> PageModel {
        let decoder = PageDecoder(catalog: registry.catalog)
        return try decoder.decodePage(Fixtures.page(sections: [Fixtures.section("s1", widgets)])).page
    }

    private func lines(_ page: PageModel, registry: WidgetRegistry<String>) -> [String] {
        let context = EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 1, minor: 0, patch: 0)), now: Date(timeIntervalSince1970: 0))
        return page.resolve(in: context).sections.flatMap { section in
            section.widgets.enumerated().map { index, resolved in
                switch registry.rendering(for: resolved, sectionID: section.section.id, position: index) {
                case .view(let line): line
                case .placeholder(let placeholder): "[\(Self.reason(placeholder))]"
                case .skip: "(skipped)"
                }
            }
        }
    }

    @Test func modulesFillOneRegistryAndItsCatalogDecodes() throws {
        var registry = WidgetRegistry<String>(unknownWidgetPolicy: .placeholder)
        LabelModule.register(on: &registry)
        CounterModule.register(on: &registry)
        #expect(registry.registeredTypes == ["counter", "label"])
        #expect(registry.catalog.registeredTypes == ["counter", "label"])

        let page = try decode([Fixtures.label("a", "hi"), ["type": "counter", "id": "c", "data": ["start": 4]]], registry: registry)
        #expect(lines(page, registry: registry) == ["label a: hi", "counter from 4 at 1 in s1"])
    }

    @Test func theLastRegistrationOfATypeWins() throws {
        var registry = WidgetRegistry<String>()
        LabelModule.register(on: &registry)
        registry.register(ShoutingLabelView.self) { $0.line }
        let page = try decode([Fixtures.label("a", "hi")], registry: registry)
        #expect(lines(page, registry: registry) == ["HI"])
    }

    @Test func unknownAndMalformedWidgetsFollowThePolicy() throws {
        var registry = WidgetRegistry<String>(unknownWidgetPolicy: .placeholder)
        LabelModule.register(on: &registry)
        let page = try decode([["type": "mystery", "id": "m"], ["type": "label", "id": "bad", "data": ["text": 5]]], registry: registry)
        #expect(lines(page, registry: registry) == [
            "[unknown widget type 'mystery']",
            "[malformed 'label': expected a string at page.sections.0.widgets.1.data.text, found a number]",
        ])

        registry.unknownWidgetPolicy = .skip
        #expect(lines(page, registry: registry) == ["(skipped)", "(skipped)"])

        registry.unknownWidgetPolicy = .custom { .view("custom for \($0.widget.id)") }
        #expect(lines(page, registry: registry) == ["custom for m", "custom for bad"])
    }

    @Test func theBuildDefaultIsAPlaceholderInDebugBuilds() throws {
        var registry = WidgetRegistry<String>()
        LabelModule.register(on: &registry)
        let page = try decode([["type": "mystery", "id": "m"]], registry: registry)
        #if DEBUG
        #expect(lines(page, registry: registry) == ["[unknown widget type 'mystery']"])
        #else
        #expect(lines(page, registry: registry) == ["(skipped)"])
        #endif
    }

    @Test func anUnknownWidgetWithAFallbackShowsTheFallback() throws {
        var registry = WidgetRegistry<String>(unknownWidgetPolicy: .placeholder)
        LabelModule.register(on: &registry)
        let page = try decode([["type": "mystery", "id": "m", "fallback": Fixtures.label("fb", "plain")]], registry: registry)
        #expect(lines(page, registry: registry) == ["label fb: plain"])
    }

    @Test func aTypeDecodedElsewhereButWithoutAViewIsUnrenderable() throws {
        var registry = WidgetRegistry<String>(unknownWidgetPolicy: .placeholder)
        LabelModule.register(on: &registry)
        let page = try PageDecoder(catalog: Fixtures.catalog)
            .decodePage(Fixtures.page(sections: [Fixtures.section("s1", [["type": "counter", "id": "c"]])])).page
        #expect(lines(page, registry: registry) == ["[no view registered for 'counter']"])
    }
}
