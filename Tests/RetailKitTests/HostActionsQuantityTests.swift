import FlowCore
import FlowRuntime
import Foundation
@testable import RetailKit
import Testing

/// An add from a product page adds the quantity the page shows (`ProductDetailContent.offeredQuantity`,
/// which RetailPresentation's `ProductPage` shows): the call's own until the shopper picks one,
/// within the page's limit and the room the cart's line has left.
@MainActor
@Suite struct HostActionsQuantityTests {
    struct Fixed: PageLoader {
        let json: String
        func loadPage(_ request: PageRequest) async throws -> Data { Data(json.utf8) }
    }

    static func store(callQuantity: Int) async -> PageStore {
        let json = #"""
            {"page": {"sections": [{"widgets": [{"type": "product_detail", "id": "d", "data": {
              "product_id": "p-1", "title": "Wool coat", "price": {"amount": 91.99, "currency": "USD"}, "availability": "available", "max_quantity": 10,
              "cta": {"title": "Add", "action": {"type": "add_to_cart", "product_id": "p-1", "quantity": \#(callQuantity)}}}}]}]}}
            """#
        let store = PageStore(pageID: "product:p-1", loader: Fixed(json: json), decoder: PageDecoder(catalog: VitrineApp.makeWidgetCatalog()))
        await store.refreshAndWait()
        return store
    }

    @Test func theQuantityAddedIsTheOneThePageShows() async throws {
        let store = await Self.store(callQuantity: 2)
        let payload = try ActionData(type: AddToCartAction.type, ["product_id": "p-1", "quantity": 2]).decode(AddToCartAction.self)
        let origin = ActionOrigin(store: store, widgetID: "d")
        #expect(HostActions.chosenQuantity(for: payload, origin: origin, inCart: 0) == 2, "nothing picked: the call's own")
        store.widgetState["d"] = .number(8)
        #expect(HostActions.chosenQuantity(for: payload, origin: origin, inCart: 0) == 8)
        #expect(HostActions.chosenQuantity(for: payload, origin: origin, inCart: 96) == 3, "the room the line has left")
        #expect(HostActions.chosenQuantity(for: payload, origin: ActionOrigin(store: store, widgetID: "other"), inCart: 0) == nil, "not from the page")
    }
}
