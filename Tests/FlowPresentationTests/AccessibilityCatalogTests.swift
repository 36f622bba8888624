import FlowCore
import FlowWidgets
import Foundation
import Testing
@testable import FlowPresentation

/// What a catalogue says of a widget it does not describe: nothing, so the renderer reads the
/// view as drawn instead of hiding it (a host that registers retail views with the starter
/// catalogue loses no widget to VoiceOver).
@Suite struct AccessibilityCatalogTests {
    struct Badge: WidgetContent {
        static let widgetType = "badge_strip"
        init(from data: JSONNode) throws(DecodingFailure) {}
    }

    func widget(_ json: String) throws -> WidgetModel {
        var catalog = A11y.catalog
        catalog.register(Badge.self)
        let page = try PageDecoder(catalog: catalog, makeRequestID: { "r" })
            .decodePage(Data(#"{"page": {"sections": [{"id": "s", "widgets": [\#(json)]}]}}"#.utf8)).page
        return try #require(page.sections.first?.widgets.first)
    }

    @Test func aTypeTheCatalogueDoesNotDescribeIsLeftToThePlatform() throws {
        let catalog = StarterAccessibility.catalog
        let badge = try widget(#"{"type": "badge_strip", "id": "b", "data": {}}"#)
        #expect(catalog.describedElements(for: badge, in: A11y.environment()) == nil)
        #expect(catalog.elements(for: badge, in: A11y.environment()).isEmpty, "the reading order still reads nothing it cannot describe")
    }

    @Test func thePayloadStillSpeaksForAnUndescribedType() throws {
        let catalog = StarterAccessibility.catalog
        let hidden = try widget(#"{"type": "badge_strip", "id": "b", "data": {}, "accessibility": {"hidden": true}}"#)
        #expect(catalog.describedElements(for: hidden, in: A11y.environment()) == [], "hidden: hidden")
        let labelled = try widget(#"{"type": "badge_strip", "id": "b", "data": {}, "accessibility": {"label": "New in"}}"#)
        #expect(catalog.describedElements(for: labelled, in: A11y.environment())?.map(\.line) == ["text: New in"])
    }

    @Test func aDescribedTypeReadsAsDescribed() throws {
        let title = try widget(#"{"type": "title_block", "id": "t", "data": {"title": "Deals"}}"#)
        #expect(StarterAccessibility.catalog.describedElements(for: title, in: A11y.environment())?.map(\.line) == ["header: Deals"])
        let separator = try widget(#"{"type": "separator", "id": "s", "data": {}}"#)
        #expect(StarterAccessibility.catalog.describedElements(for: separator, in: A11y.environment()) == [], "decoration reads as nothing")
    }
}
