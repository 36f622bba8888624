import FlowCore
import FlowPresentation
import FlowRuntime
import FlowWidgets
import Foundation
import Testing
@testable import FlowSwiftUI

/// What the SwiftUI views do with a screen reader's request (`FlowActions.perform`): the
/// element's activation, its named actions and its steps go where the element says.
@MainActor
@Suite struct FlowActionsTests {
    struct NoPages: PageLoader {
        func loadPage(_ request: PageRequest) async throws -> Data { throw CancellationError() }
    }

    let toasts = ToastQueue()
    let decoder: PageDecoder
    let store: PageStore
    let actions: FlowActions

    init() {
        var catalog = WidgetCatalog()
        StarterWidgets.register(on: &catalog)
        decoder = PageDecoder(catalog: catalog, makeRequestID: { "r" })
        store = PageStore(pageID: "p", loader: NoPages(), decoder: decoder)
        actions = FlowActions(
            dispatcher: ActionDispatcher(sheets: SheetStack(), toasts: toasts, decoder: decoder, transport: nil), store: store)
    }

    func widget(_ json: String) throws -> WidgetModel {
        let page = try decoder.decodePage(Data(#"{"page": {"sections": [{"id": "s", "widgets": [\#(json)]}]}}"#.utf8)).page
        return try #require(page.sections.first?.widgets.first)
    }

    func elements(of widget: WidgetModel) -> [AccessibilityElement] {
        let state = store.widgetState[widget.id]
        let environment = AccessibilityEnvironment(
            evaluation: EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 9)), now: Date()), widgetState: { _ in state })
        return StarterAccessibility.catalog.elements(for: widget, in: environment)
    }

    @Test func activatingARowsOneButtonFiresTheButtonsAction() throws {
        let row = try widget(#"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Only", "action": {"type": "toast", "message": "button"}}]}, "actions": {"tap": {"type": "toast", "message": "widget"}}}"#)
        let element = try #require(elements(of: row).first)
        actions.perform(try #require(element.activation), widgetID: row.id, widget: row, sectionID: "s")
        #expect(toasts.current?.message == "button")
    }

    @Test func activatingACollapsedAccordionsHeaderOpensIt() throws {
        let accordion = try widget(#"{"type": "accordion", "id": "a", "data": {"header": "More", "items": [{"type": "title_block", "id": "i", "data": {"title": "Item"}}]}}"#)
        let header = try #require(elements(of: accordion).first)
        actions.perform(try #require(header.activation), widgetID: accordion.id, widget: accordion, sectionID: "s")
        #expect(store.widgetState["a"] == .bool(true))
        #expect(elements(of: accordion).map(\.label) == ["More", "Item"], "open, it reads its items")
    }

    @Test func swipingUpOnAStepperStepsItAndFiresChange() throws {
        let stepper = try widget(#"{"type": "stepper_row", "id": "q", "data": {"title": "Qty", "min": 1, "max": 3, "initial": 2}, "actions": {"change": {"type": "toast", "message": "changed"}}}"#)
        let element = try #require(elements(of: stepper).first)
        actions.perform(try #require(element.increment), widgetID: stepper.id, widget: stepper, sectionID: "s")
        #expect(store.widgetState["q"] == .number(3))
        #expect(toasts.current?.message == "changed")
        #expect(elements(of: stepper).first?.increment == nil, "at its maximum it goes no higher")
    }

    @Test func aNamedActionFiresItsWidgetEvent() throws {
        let card = try widget(#"{"type": "image_text_card", "id": "c", "data": {"title": "Boots", "tags": [{"text": "Sale", "action": {"type": "toast", "message": "tag"}}]}}"#)
        let action = try #require(elements(of: card).first?.actions.first)
        actions.perform(action.activation, widgetID: card.id, widget: card, sectionID: "s")
        #expect(toasts.current?.message == "tag")
    }
}
