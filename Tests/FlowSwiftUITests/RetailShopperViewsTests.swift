import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline
import RetailKit
import RetailPresentation
@testable import RetailSwiftUI
import Testing

/// The SwiftUI shopper views draw what RetailPresentation's models say and send their intents:
/// what each view's body draws is the model's presentation over the services' summaries, and what
/// each control does is the model's rule, done by the services. The views' layout itself is
/// SwiftUI's and runs only on Apple platforms.
@MainActor
@Suite struct RetailShopperViewsTests {
    /// The services' side the views use, recorded.
    final class Services: ShopperScreenServices {
        var destinations: [Destination] = [.page("home"), .cart]
        var cartSummary = CartSummary()
        var searchSummary = SearchSummary()
        var asked: [String] = []

        func open(_ destination: Destination) -> Bool { asked.append("open \(destination)"); return true }
        func back() -> Bool { asked.append("back"); return true }
        func setQuantity(productID: String, quantity: Int) { asked.append("set \(productID) \(quantity)") }
        func removeFromCart(productID: String) { asked.append("remove \(productID)") }
        func refreshCart() { asked.append("refresh") }
        func restore(_ removal: CartRemoval) { asked.append("restore \(removal.productID)") }
        func updateSearch(query: String) { asked.append("search \(query)") }
    }

    static let lines = [
        CartSummary.Line(productID: "a", title: "Wool coat", quantity: 1, unitPrice: Price(amount: 20, currency: "USD")),
        CartSummary.Line(productID: "b", title: "Scarf", quantity: 99, unitPrice: Price(amount: 9, currency: "USD")),
    ]

    @Test func theCartSheetDrawsTheModelOverTheCartAsShownNow() {
        let words = Words(.deDE)
        let cart = CartSummary(lines: Self.lines, badgeCount: 100, isKnown: true)
        let drawn = CartSheetView.shown(CartSheet(), cart: cart, words: words)
        var model = CartSheet()
        model.update(cart)
        let expected = model.presentation(words: words)
        #expect(drawn.title == expected.title && drawn.lines == expected.lines && drawn.message == expected.message)
        #expect(drawn.lines.map(\.title) == ["Wool coat", "Scarf"])
        #expect(CartSheetView.shown(CartSheet(), cart: CartSummary(isUnavailable: true), words: words).message == words[.cartUnavailable])
    }

    @Test func theCartSheetsControlsAreTheModelsRules() {
        let services = Services()
        services.cartSummary = CartSummary(lines: Self.lines, isKnown: true)
        var sheet = CartSheet()
        CartSheetView.run(CartSheetView.step(0, 1), on: &sheet, services: services)
        CartSheetView.run(CartSheetView.step(1, 1), on: &sheet, services: services)
        CartSheetView.run(CartSheetView.remove(1), on: &sheet, services: services)
        #expect(services.asked == ["set a 2", "remove b"], "a line of 99 takes no more")
        services.cartSummary = CartSummary(lines: [Self.lines[0]], isKnown: true)
        #expect(CartSheetView.shown(sheet, cart: services.cartSummary, words: Words(.enUS)).removal?.text == "Scarf removed")
        CartSheetView.run({ $0.undo() }, on: &sheet, services: services)
        #expect(services.asked.last == "restore b")
    }

    /// Opening the sheet over a cart that could not be read asks for it again, whatever the
    /// sheet's own state held before the cart was laid in.
    @Test func openingTheSheetOverAnUnreadableCartAsksAgain() {
        let services = Services()
        services.cartSummary = CartSummary(isUnavailable: true)
        var sheet = CartSheet()
        CartSheetView.run({ $0.opened() }, on: &sheet, services: services)
        #expect(services.asked == ["refresh"])
    }

    @Test func theSearchScreenDrawsTheModelAndItsControlsAreTheModelsRules() {
        let services = Services()
        services.searchSummary = SearchSummary(suggestions: [.init(text: "Coats", kind: .category, target: "category:coats")], answeredQuery: "co", status: .loaded)
        var screen = SearchScreen()
        SearchResultsView.run({ $0.replace(with: "co\u{1B}") }, on: &screen, services: services)
        #expect(services.asked == ["search co"], "the field's query made safe, as the model keeps it")
        let drawn = SearchResultsView.shown(screen, summary: services.searchSummary, words: Words(.enUS))
        #expect(drawn.rows.map(\.text) == ["Coats"] && drawn.allResults == "All results for “co”")
        SearchResultsView.run({ $0.open(services.searchSummary.suggestions[0]) }, on: &screen, services: services)
        #expect(services.asked.last == "open page(category:coats)")
    }

    @Test func theProductPageReadsTheModelWithTheQuantityPicked() throws {
        let json = #"""
            {"page": {"sections": [{"widgets": [{"type": "product_detail", "id": "d", "data": {
              "product_id": "p-1", "title": "Wool coat", "price": {"amount": 91.99, "currency": "USD"}, "availability": "available", "max_quantity": 5,
              "cta": {"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p-1", "quantity": 1}}}}]}]}}
            """#
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog()).decodePage(Data(json.utf8)).page
        let content = try #require(page.sections.first?.widgets.first?.content(as: ProductDetailContent.self))
        let shown = ProductDetailView.page(content, marks: ShopperMarks(inCart: [ExactString("p-1"): 2]), state: .number(9)).presentation(words: Words(.enUS))
        #expect(shown.quantity == 5 && shown.increased == nil && shown.limitNote == "At most 5")
        #expect(shown.confirmation?.text == "✓ 2 in cart")
    }

    /// A page shown from its saved copy says so above it, as the terminal's nav bar does.
    @Test func aSavedCopysNoteIsTheModels() async {
        struct Saved: PageSource {
            let savedAt: Date
            func updates(for request: PageRequest) -> AsyncThrowingStream<PageUpdate, any Error> {
                let page = Data(#"{"page": {"sections": [{"widgets": [{"type": "title_block", "id": "t", "data": {"title": "Hi"}}]}]}}"#.utf8)
                return AsyncThrowingStream { continuation in
                    continuation.yield(PageUpdate(data: page, origin: .cached, savedAt: savedAt))
                    continuation.finish(throwing: URLError(.notConnectedToInternet))
                }
            }
        }
        let saved = Date(timeIntervalSince1970: 1_800_000_000)
        let store = PageStore(pageID: "home", source: Saved(savedAt: saved), decoder: PageDecoder(catalog: VitrineApp.makeWidgetCatalog()))
        await store.refreshAndWait()
        #expect(SavedCopyNote.note(of: store, now: saved.addingTimeInterval(120), words: Words(.enUS)) == "saved copy from 2 minutes ago")
        let minutes = Array(MinuteSchedule().entries(from: saved, mode: .normal).prefix(3))
        #expect(minutes == [saved, saved.addingTimeInterval(60), saved.addingTimeInterval(120)])
    }
}
