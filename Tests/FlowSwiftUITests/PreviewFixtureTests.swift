import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import RetailKit
import RetailSwiftUI
import TestSupport
import Testing
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif
@testable import FlowSwiftUI

/// The previews show every widget type the app registers, from fixtures that decode `ok`;
/// the SwiftUI registry, the widget catalogue and the accessibility catalogue name the same types.
/// Each check is a function of the registries, so that `WidgetRecipeTests` runs it over the
/// app's registries extended by the recipe's widget.
@MainActor
@Suite struct PreviewFixtureTests {
    static let fixtures = PreviewFixtures.starter + RetailPreviewFixtures.retail
    static let instant = Date(timeIntervalSince1970: 1_798_000_000)

    /// The widget catalogue, the SwiftUI registry, the accessibility catalogue and the preview
    /// fixtures name the same types, each once.
    static func expectEveryTypeInEveryRegistry(
        catalog: WidgetCatalog, views: WidgetRegistry<AnyView>, accessibility: AccessibilityCatalog, fixtures: [PreviewFixtures.Fixture],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let problems = RegistryCoverage.problems([
            ("the widget catalogue", catalog.registeredTypes), ("the SwiftUI registry", views.registeredTypes),
            ("the accessibility catalogue", accessibility.registeredTypes), ("the preview fixtures", fixtures.map(\.type)),
        ])
        #expect(problems == [], sourceLocation: sourceLocation)
    }

    /// Each fixture decodes, on `catalog`, to one widget of its type, `ok`, with no diagnostic.
    static func expectEveryFixtureDecodesOk(_ fixtures: [PreviewFixtures.Fixture], catalog: WidgetCatalog) throws {
        let decoder = PageDecoder(catalog: catalog, makeRequestID: { "preview" })
        for fixture in fixtures {
            let decoded = try decoder.decodePage(PreviewFixtures.page([fixture]))
            let resolved = decoded.page.resolve(in: EvaluationContext(client: VitrineApp.clientContext, now: instant))
            #expect(decoded.diagnostics.isEmpty, "\(fixture.type): \(decoded.diagnostics)")
            #expect(resolved.sections.first?.widgets.first?.status == .ok, "\(fixture.type)")
            #expect(decoded.page.sections.first?.widgets.first?.type == fixture.type)
        }
    }

    /// Each fixture but a separator's says something to VoiceOver through `accessibility`.
    static func expectEveryFixtureReadsToVoiceOver(_ fixtures: [PreviewFixtures.Fixture], catalog: WidgetCatalog, accessibility: AccessibilityCatalog) throws {
        let decoder = PageDecoder(catalog: catalog)
        let environment = AccessibilityEnvironment(evaluation: EvaluationContext(client: VitrineApp.clientContext, now: instant))
        for fixture in fixtures where fixture.type != "separator" {
            let page = try decoder.decodePage(PreviewFixtures.page([fixture])).page
            let lines = ReadingOrder(catalog: accessibility, environment: environment).elements(of: page)
            #expect(!lines.isEmpty, "\(fixture.type) says nothing")
        }
    }

    @Test func everyRegisteredTypeHasExactlyOnePreviewFixture() {
        Self.expectEveryTypeInEveryRegistry(
            catalog: VitrineApp.makeWidgetCatalog(), views: RetailViews.makeRegistry(), accessibility: VitrineApp.accessibility, fixtures: Self.fixtures)
        #expect(StarterViews.makeRegistry().registeredTypes == PreviewFixtures.starter.map(\.type).sorted())
    }

    @Test func everyFixtureDecodesOkWithNoDiagnostic() throws {
        try Self.expectEveryFixtureDecodesOk(Self.fixtures, catalog: RetailViews.makeRegistry().catalog)
    }

    @Test func everyFixtureReadsToVoiceOver() throws {
        try Self.expectEveryFixtureReadsToVoiceOver(Self.fixtures, catalog: VitrineApp.makeWidgetCatalog(), accessibility: VitrineApp.accessibility)
    }

    @Test func dynamicTypeSizesMapOneToOneInOrder() {
        let sizes = DynamicTypeSize.allCases.map(\.flowSize)
        #expect(sizes == DynamicTypeScale.Size.allCases)
    }
}
