import FlowCore
import FlowPresentation
import FlowRuntime
import Foundation
import RetailKit
import RetailSwiftUI
import Testing
#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif
@testable import FlowSwiftUI

/// The previews show every widget type the app registers, from fixtures that decode `ok`;
/// the SwiftUI registry, the widget catalogue and the accessibility catalogue name the same types.
@MainActor
@Suite struct PreviewFixtureTests {
    static let fixtures = PreviewFixtures.starter + RetailPreviewFixtures.retail

    @Test func everyRegisteredTypeHasExactlyOnePreviewFixture() {
        let registry = RetailViews.makeRegistry()
        #expect(Self.fixtures.map(\.type).sorted() == registry.registeredTypes)
        #expect(registry.registeredTypes == VitrineApp.makeWidgetCatalog().registeredTypes)
        #expect(registry.registeredTypes == VitrineApp.accessibility.registeredTypes)
        #expect(StarterViews.makeRegistry().registeredTypes == PreviewFixtures.starter.map(\.type).sorted())
    }

    @Test func everyFixtureDecodesOkWithNoDiagnostic() throws {
        let decoder = PageDecoder(catalog: RetailViews.makeRegistry().catalog, makeRequestID: { "preview" })
        for fixture in Self.fixtures {
            let decoded = try decoder.decodePage(PreviewFixtures.page([fixture]))
            let resolved = decoded.page.resolve(in: EvaluationContext(client: VitrineApp.clientContext, now: Date(timeIntervalSince1970: 1_798_000_000)))
            #expect(decoded.diagnostics.isEmpty, "\(fixture.type): \(decoded.diagnostics)")
            #expect(resolved.sections.first?.widgets.first?.status == .ok, "\(fixture.type)")
            #expect(decoded.page.sections.first?.widgets.first?.type == fixture.type)
        }
    }

    @Test func everyFixtureReadsToVoiceOver() throws {
        let decoder = PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
        let environment = AccessibilityEnvironment(evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date(timeIntervalSince1970: 1_798_000_000)))
        for fixture in Self.fixtures where fixture.type != "separator" {
            let page = try decoder.decodePage(PreviewFixtures.page([fixture])).page
            let lines = ReadingOrder(catalog: VitrineApp.accessibility, environment: environment).elements(of: page)
            #expect(!lines.isEmpty, "\(fixture.type) says nothing")
        }
    }

    @Test func dynamicTypeSizesMapOneToOneInOrder() {
        let sizes = DynamicTypeSize.allCases.map(\.flowSize)
        #expect(sizes == DynamicTypeScale.Size.allCases)
    }
}
