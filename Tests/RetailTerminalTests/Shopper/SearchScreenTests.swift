import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// The search screen at the sizes a shopper meets it: product suggestions of one family stay
/// distinguishable on a narrow screen, and the cart's count is there as it is on pages.
@MainActor
@Suite struct SearchScreenTests {
    static func draw(_ suggestions: [SearchSummary.Suggestion], width: Int, locale: AppLocale = .frFR, cart: String? = nil) -> [String] {
        var search = SearchSummary()
        search.suggestions = suggestions
        search.status = .loaded
        let view = SearchScreenView.of(query: "manteau", suggestions: search, selection: nil, locale: locale, cart: cart)
        let surface = DrawSurface(width: width, height: 14)
        let environment = RenderEnvironment(isPlain: true, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: Date()), registry: RetailViews.makeRegistry())
        _ = view.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        return surface.buffer.plainLines
    }

    @Test(arguments: [40, 50, 80])
    func productsOfOneFamilyStayDistinguishableOnANarrowScreen(width: Int) {
        let models = ["Alto", "Brio", "Cora", "Dune"]
        let suggestions = models.map {
            SearchSummary.Suggestion(text: "Manteau en laine \($0)", kind: .product, target: "product:\($0)", price: Price(amount: 83.99, currency: "EUR"))
        }
        let lines = Self.draw(suggestions, width: width)
        for model in models {
            let row = lines.first { $0.contains(model) }
            #expect(row?.contains("83,99") == true, "\(model) with its price at \(width):\n\(lines.joined(separator: "\n"))")
        }
    }

    @Test func theCartsCountIsOnTheTitleRow() {
        let lines = Self.draw([], width: 80, cart: "Panier 3")
        #expect(lines[0].contains("Recherche") && lines[0].hasSuffix("Panier 3"), "\(lines[0])")
        #expect(DisplayWidth.of(lines[0]) <= 80)
        let forty = Self.draw([], width: 40, locale: .deDE, cart: "Warenkorb 2")[0]
        #expect(forty.hasSuffix("Warenkorb 2") && !forty.contains("…"), "the keys' hints whole or not at all: \(forty)")
        let narrow = Self.draw([], width: 20, cart: "Panier 3")
        #expect(!narrow[0].contains("Panier 3 "), "no room: the title and keys keep theirs")
    }
}
