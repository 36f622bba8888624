import FlowCore
import FlowPresentation
import FlowRuntime
import FlowSwiftUI
import FlowTerminal
import FlowWidgets
import Foundation
import RetailContract
import RetailKit
import RetailPresentation
import RetailSwiftUI
import RetailTerminal
import TestSupport
import Testing
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif

// docs/ARCHITECTURE.md, "Recipe: add a widget type", followed step by step with a retail
// widget, `rating_badge`. In the app each step is a line or a file of the module the step
// names; here the steps sit together, each extending the app's own registry the way that
// module builds it, and `WidgetRecipeTests` holds the extended registries to the checks the
// app's registries pass (`PreviewFixtureTests`, `RetailViewTests`, `RetailAccessibilityTests`,
// `RetailContractClientTests`).

// Step 1 (RetailContract): the type's name, a constant of `RetailWidgetType` and in its `all`.
extension RetailWidgetType {
    static let ratingBadge = "rating_badge"
}

// Step 2 (RetailKit, `Widgets/`): the content. Its decoder throws for what it cannot show,
// which makes the widget `malformed`; it clamps what it can.
struct RatingBadgeContent: WidgetContent, Hashable {
    static let widgetType = RetailWidgetType.ratingBadge
    var rating: Double

    init(from data: JSONNode) throws(DecodingFailure) {
        rating = min(max(try data.require("rating"), 0), 5)
    }
}

/// The app's registries with the badge added, each built as the app builds its own.
@MainActor
enum RecipeWidgets {
    /// Step 1: `RetailWidgetType.all` with the badge's name.
    static let contractTypes = RetailWidgetType.all + [RetailWidgetType.ratingBadge]

    /// Step 2: `RetailWidgets.contentTypes` with the badge's content.
    static let contentTypes: [any WidgetContent.Type] = RetailWidgets.contentTypes + [RatingBadgeContent.self]

    /// Step 2: `VitrineApp.makeWidgetCatalog()` over that list (what decoding and `vitrine lint` know).
    static func makeWidgetCatalog() -> WidgetCatalog {
        var catalog = WidgetCatalog()
        StarterWidgets.register(on: &catalog)
        catalog.register(contentTypes)
        return catalog
    }

    /// Step 3 (RetailPresentation, `RetailAccessibility.register(on:)`): how the badge reads,
    /// in the shopper's words.
    static var accessibility: AccessibilityCatalog {
        var catalog = VitrineApp.accessibility
        catalog.register(RatingBadgeContent.self) { content, request in
            let locale = AppLocale(identifier: request.environment.locale.identifier)
            let rated = Words(locale)(.spokenRated, ["rating": RetailFormat(locale).rating(content.rating)])
            return [request.element([rated])].compactMap { $0 }
        }
        return catalog
    }

    /// Step 4 (RetailTerminal, `RetailViews.register(on:)`): the terminal view.
    static func makeTerminalRegistry() -> TerminalWidgetRegistry {
        var registry = RetailTerminal.RetailViews.makeRegistry()
        registry.registerTerminalView(RatingBadgeTerminalView.self)
        return registry
    }

    /// Step 5 (RetailSwiftUI, `RetailViews.register(on:)`): the SwiftUI view.
    static func makeSwiftUIRegistry() -> WidgetRegistry<AnyView> {
        var registry = RetailSwiftUI.RetailViews.makeRegistry()
        registry.register(RatingBadgeSwiftUIView.self)
        return registry
    }

    /// Step 6 (RetailSwiftUI, `RetailPreviewFixtures.retail`): the preview fixture, a payload
    /// that decodes `ok`.
    static let fixture = PreviewFixtures.Fixture(
        type: RetailWidgetType.ratingBadge, json: #"{"type": "rating_badge", "id": "rating", "data": {"rating": 4.3}}"#)

    /// Every fixture the previews show, the badge's included.
    static let fixtures = PreviewFixtureTests.fixtures + [fixture]
}

// Step 4: the terminal view measures its height for a width and draws its content only;
// chrome, focus, hit targets and visibility come from `WidgetBox`. (In RetailTerminal it is
// `RatingBadgeView`; `FlowTerminal.Canvas` is spelled whole where SwiftUI has a `Canvas`.)
struct RatingBadgeTerminalView: WidgetView, TerminalWidget {
    let content: RatingBadgeContent

    init(content: RatingBadgeContent, context: WidgetContext) {
        self.content = content
    }

    func height(width: Int, environment: RenderEnvironment) -> Int {
        width > 0 ? 1 : 0
    }

    func draw(in canvas: FlowTerminal.Canvas, environment: RenderEnvironment) {
        let format = RetailFormat(AppLocale(identifier: environment.localeIdentifier))
        canvas.put("★ " + format.rating(content.rating), x: 0, y: 0, style: environment.secondaryStyle)
    }
}

// Step 5: the SwiftUI view draws its content; `WidgetHost` adds chrome, VoiceOver (from the
// accessibility catalogue), taps and impressions. (In RetailSwiftUI it is `RatingBadgeView`.)
struct RatingBadgeSwiftUIView: FlowWidgetView {
    let content: RatingBadgeContent
    var elements: [AccessibilityElement] = []
    @Environment(\.locale) private var locale

    init(content: RatingBadgeContent, context: WidgetContext) {
        self.content = content
    }

    var body: some View {
        Text(verbatim: "★ " + RetailFormat(AppLocale(identifier: locale.identifier)).rating(content.rating))
    }
}

/// The recipe's registries pass every check the app's registries pass, and the badge decodes,
/// draws and reads.
@MainActor
@Suite struct WidgetRecipeTests {
    static let instant = Date(timeIntervalSince1970: 1_798_000_000)

    @Test func theContractAndTheClientNameTheSameRetailTypes() {
        let problems = RegistryCoverage.problems([
            ("RetailWidgetType.all", RecipeWidgets.contractTypes), ("RetailWidgets.contentTypes", RecipeWidgets.contentTypes.map { $0.widgetType }),
        ])
        #expect(problems == [])
    }

    @Test func theCatalogueIsTheAppsWithTheBadge() {
        let app = VitrineApp.makeWidgetCatalog().registeredTypes
        #expect(!app.contains(RetailWidgetType.ratingBadge))
        #expect(RecipeWidgets.makeWidgetCatalog().registeredTypes == (app + [RetailWidgetType.ratingBadge]).sorted())
    }

    @Test func everyRegistryHoldsTheBadge() {
        let catalog = RecipeWidgets.makeWidgetCatalog()
        PreviewFixtureTests.expectEveryTypeInEveryRegistry(
            catalog: catalog, views: RecipeWidgets.makeSwiftUIRegistry(), accessibility: RecipeWidgets.accessibility, fixtures: RecipeWidgets.fixtures)
        let problems = RegistryCoverage.problems([
            ("the widget catalogue", catalog.registeredTypes), ("the terminal registry", RecipeWidgets.makeTerminalRegistry().registeredTypes),
            ("the accessibility catalogue", RecipeWidgets.accessibility.registeredTypes),
        ])
        #expect(problems == [])
    }

    @Test func everyFixtureDecodesOkAndReadsToVoiceOver() throws {
        try PreviewFixtureTests.expectEveryFixtureDecodesOk(RecipeWidgets.fixtures, catalog: RecipeWidgets.makeSwiftUIRegistry().catalog)
        try PreviewFixtureTests.expectEveryFixtureReadsToVoiceOver(
            RecipeWidgets.fixtures, catalog: RecipeWidgets.makeWidgetCatalog(), accessibility: RecipeWidgets.accessibility)
    }

    static func widget(_ json: String) throws -> WidgetModel {
        let page = try PageDecoder(catalog: RecipeWidgets.makeWidgetCatalog())
            .decodePage(Data(#"{"page": {"sections": [{"widgets": [\#(json)]}]}}"#.utf8)).page
        return try #require(page.sections.first?.widgets.first)
    }

    @Test func theTerminalDrawsTheBadgeClamped() throws {
        let registry = RecipeWidgets.makeTerminalRegistry()
        let environment = RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Self.instant), registry: registry)
            .speaking(.deDE)
        let widget = try Self.widget(#"{"type": "rating_badge", "id": "r", "data": {"rating": 7}}"#)
        let box = try #require(WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment))
        let surface = DrawSurface(width: 12, height: box.height(outerWidth: 12, environment: environment))
        box.draw(in: FlowTerminal.Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        #expect(surface.buffer.plainLines.first?.hasPrefix("★ 5") == true)
    }

    @Test func aBadgeWithoutARatingIsMalformed() throws {
        let widget = try Self.widget(#"{"type": "rating_badge", "id": "r", "data": {}}"#)
        #expect(widget.resolve(in: EvaluationContext(client: VitrineApp.clientContext, now: Self.instant)).status == .malformed)
    }

    @Test func theBadgeReadsInTheShoppersWords() throws {
        let page = try PageDecoder(catalog: RecipeWidgets.makeWidgetCatalog()).decodePage(PreviewFixtures.page([RecipeWidgets.fixture])).page
        func lines(_ locale: AppLocale) -> [String] {
            let environment = AccessibilityEnvironment(
                locale: locale.locale, words: Words(locale).engine,
                evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Self.instant))
            return ReadingOrder(catalog: RecipeWidgets.accessibility, environment: environment).elements(of: page).map(\.line)
        }
        #expect(lines(.enUS) == ["text: rated 4.3 out of 5"])
        #expect(lines(.deDE) == ["text: bewertet mit 4,3 von 5"])
    }
}
