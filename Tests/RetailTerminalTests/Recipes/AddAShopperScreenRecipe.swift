import FlowCore
import FlowPresentation
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import RetailTerminal
import Testing

// docs/ARCHITECTURE.md, "Recipe: add a shopper screen": the code the recipe shows, compiled
// and run (`RecipesInTheDocsTests` holds the recipe's blocks to this file). In the app the
// model, its presentation and its intent live in RetailPresentation, the view and the keys in
// each renderer; here they sit together so that the recipe stays one file.

/// What the shopper is about to buy: the cart's lines that can be bought, one chosen.
struct OrderReview: Sendable {
    private(set) var cart = CartSummary()
    private(set) var selection = 0

    /// The lines that can be bought: a product no longer sold, or being removed, is left out.
    var lines: [CartSummary.Line] {
        cart.lines.filter { $0.isAvailable && $0.pending != .removing }
    }

    mutating func update(_ cart: CartSummary) {
        self.cart = cart
        choose(0)
    }

    mutating func choose(_ step: Int) {
        selection = max(0, min(lines.count - 1, selection + step))
    }

    func openChosen() -> OrderReviewIntent? {
        guard lines.indices.contains(selection) else { return nil }
        return .openProduct(PageID("product:" + lines[selection].productID))
    }
}

/// What the review's controls ask.
enum OrderReviewIntent: Sendable, Hashable {
    case openProduct(PageID)
    case back
}

/// What the review shows, in the shopper's words.
struct OrderReviewPresentation: Sendable, Hashable {
    var title: String
    var rows: [String]
    var chosen: Int?
    var subtotal: String?
}

extension OrderReview {
    func presentation(words: Words) -> OrderReviewPresentation {
        let format = RetailFormat(words.locale)
        let count = lines.reduce(0) { $0 + $1.quantity }
        let rows = lines.map { line in
            let title = SafeText.cleaned(line.title ?? words[.kindProduct], keepingNewlines: false)
            return "\(format.number(line.quantity)) × \(title)"
        }
        return OrderReviewPresentation(
            title: lines.isEmpty ? words[.cartEmpty] : words.plural(.itemsOne, .itemsOther, count: count),
            rows: rows, chosen: lines.isEmpty ? nil : selection,
            subtotal: cart.subtotal.map { words[.subtotal] + " " + format.price($0) })
    }
}

extension ShopperScreenServices {
    func perform(_ intent: OrderReviewIntent) {
        switch intent {
        case .openProduct(let pageID): open(.page(pageID))
        case .back: back()
        }
    }
}

/// The review's keys: ↑↓ choose a line, Enter opens its product, Esc goes back.
func orderReviewInput(_ event: InputEvent, review: inout OrderReview) -> OrderReviewIntent? {
    switch ShellKeyMap.command(for: event) {
    case .browse(.down)?: review.choose(1)
    case .browse(.up)?: review.choose(-1)
    case .activate?: return review.openChosen()
    case .back?: return .back
    default: break
    }
    return nil
}

struct OrderReviewView {
    var review: OrderReviewPresentation

    func draw(in canvas: Canvas) {
        canvas.put(review.title, x: 0, y: 0, style: CellStyle(attributes: .bold))
        for (index, row) in review.rows.enumerated() {
            let chosen = index == review.chosen
            canvas.put((chosen ? "▌ " : "  ") + row, x: 0, y: 1 + index, style: chosen ? CellStyle(attributes: .bold) : .plain)
        }
        if let subtotal = review.subtotal {
            canvas.put(subtotal, x: 0, y: 1 + review.rows.count, style: CellStyle(attributes: .dim))
        }
    }
}

@MainActor
@Suite struct AddAShopperScreenRecipeTests {
    static let cart = CartSummary(
        lines: [
            .init(productID: "p-1", title: "Trail runner Brio", quantity: 2, unitPrice: Price(amount: 40, currency: "EUR")),
            .init(productID: "p-2", title: "Gone scarf", quantity: 1, isAvailable: false),
            .init(productID: "p-3", title: "Wool hat\u{1B}[2J", quantity: 1, unitPrice: Price(amount: 15, currency: "EUR")),
        ],
        badgeCount: 3, subtotal: Price(amount: 95, currency: "EUR"), isKnown: true)

    @Test func theReviewLeavesOutWhatCannotBeBoughtAndSaysItInTheShoppersWords() {
        var review = OrderReview()
        review.update(Self.cart)
        let german = review.presentation(words: Words(.deDE))
        #expect(german.title == "3 Artikel")
        #expect(german.rows == ["2 × Trail runner Brio", "1 × Wool hat[2J"])
        #expect(german.subtotal == "Zwischensumme 95,00\u{A0}€")
        #expect(review.presentation(words: Words(.enUS)).title == "3 items")
    }

    @Test func theChoiceStaysOnALineAndEnterOpensItsProduct() {
        var review = OrderReview()
        review.update(Self.cart)
        #expect(orderReviewInput(.key(.down), review: &review) == nil)
        #expect(orderReviewInput(.key(.down), review: &review) == nil)
        #expect(review.selection == 1)
        #expect(orderReviewInput(.key(.enter), review: &review) == .openProduct(PageID("product:p-3")))
        review.update(CartSummary(lines: [Self.cart.lines[0]], badgeCount: 2, isKnown: true))
        #expect(review.selection == 0)
        review.update(CartSummary(isKnown: true))
        #expect(review.openChosen() == nil)
        #expect(review.presentation(words: Words(.frFR)).title == Words(.frFR)[.cartEmpty])
    }

    @Test func theIntentsGoThroughTheServices() {
        let services = FakeShopperServices(pages: [:], clock: ContinuousClock())
        services.perform(OrderReviewIntent.openProduct(PageID("product:p-1")))
        #expect(services.destinations == [.page("home"), .page(PageID("product:p-1"))])
        services.perform(OrderReviewIntent.back)
        #expect(services.destinations == [.page("home")])
    }

    @Test func theTerminalDrawsWhatThePresentationSays() {
        var review = OrderReview()
        review.update(Self.cart)
        review.choose(1)
        let surface = DrawSurface(width: 30, height: 4)
        OrderReviewView(review: review.presentation(words: Words(.enUS))).draw(in: Canvas(surface: surface, rect: surface.buffer.bounds))
        #expect(surface.buffer.plainLines.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "3 items", "2 × Trail runner Brio", "▌ 1 × Wool hat[2J", "Subtotal €95.00",
        ])
    }
}
