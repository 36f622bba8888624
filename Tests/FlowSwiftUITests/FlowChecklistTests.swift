#if canImport(SwiftUI)
import SwiftUI
#else
import SwiftUIDeclarations
#endif
import FlowCore
import FlowRuntime
import FlowWidgets
import Foundation
import Testing
@testable import FlowSwiftUI

/// Flow-UI's launch checklist, as its architecture writes it: a store made with its registry,
/// a page view from the store and a dispatcher, a hosting controller from the store alone.
/// The functions below are that code verbatim; the tests hold what it relies on.
@MainActor
@Suite struct FlowChecklistTests {
    struct Pages: PageLoader {
        func loadPage(_ request: PageRequest) async throws -> Data {
            Data(#"{"page": {"id": "home", "sections": [{"id": "s", "widgets": [{"type": "title_block", "id": "t", "data": {"title": "Hi"}}]}]}}"#.utf8)
        }
    }

    /// The checklist's page, for a SwiftUI app.
    static func page(loader: any PageLoader, dispatcher: ActionDispatcher) -> FlowPageView {
        let store = PageStore(pageID: "home", loader: loader, registry: StarterViews.makeRegistry())
        return FlowPageView(store: store, dispatcher: dispatcher)
    }

    #if canImport(UIKit) || !canImport(SwiftUI)
    /// The checklist's controller, for a UIKit app (type-checked here, run where UIKit is).
    static func controller(loader: any PageLoader) -> FlowHostingController {
        let store = PageStore(pageID: "home", loader: loader, registry: StarterViews.makeRegistry())
        return FlowHostingController(store: store)
    }
    #endif

    @Test func aStoreMadeWithARegistryDecodesWithItAndKeepsItForTheViews() async throws {
        let registry = StarterViews.makeRegistry()
        let store = PageStore(pageID: "home", loader: Pages(), registry: registry)
        #expect(store.decoder.catalog.registeredTypes == registry.catalog.registeredTypes)
        #expect(store.registry(of: AnyView.self)?.catalog.registeredTypes == registry.catalog.registeredTypes)
        #expect(store.registry(of: String.self) == nil, "another renderer's registry is not this one")
        await store.refreshAndWait()
        #expect(store.page?.sections.first?.widgets.first?.id == "t")
    }

    @Test func aPageViewFromAStoreDrawsWithTheStoresRegistry() {
        var registry = WidgetRegistry<AnyView>()
        registry.register(TitleBlockView.self)
        let store = PageStore(pageID: "home", loader: Pages(), registry: registry)
        #expect(FlowPageView.registry(of: store).catalog.registeredTypes == ["title_block"])
        // A store made from a decoder alone is drawn with the starter views.
        let plain = PageStore(pageID: "home", loader: Pages(), decoder: PageDecoder(catalog: WidgetCatalog()))
        #expect(FlowPageView.registry(of: plain).catalog.registeredTypes == StarterViews.makeRegistry().catalog.registeredTypes)
    }

    @Test func aStandaloneDispatcherRunsTheBuiltInActionsWithTheStoresDecoder() throws {
        let store = PageStore(pageID: "home", loader: Pages(), registry: StarterViews.makeRegistry())
        let dispatcher = ActionDispatcher.standalone(for: store)
        #expect(dispatcher.decoder.catalog.registeredTypes == store.decoder.catalog.registeredTypes)
        #expect(dispatcher.dispatch(ActionData(type: "toast", ["message": "Saved"]), from: ActionOrigin(store: store)))
        #expect(dispatcher.toasts.current?.message == "Saved")
        // No transport: an api action is refused, and says why.
        dispatcher.dispatch(ActionData(type: "api", ["endpoint": "/v1/actions/favourite"]), from: ActionOrigin(store: store))
        #expect(dispatcher.log.last?.outcome == .refused("no transport for api actions"))
    }
}
