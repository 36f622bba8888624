import FlowCore
import RetailKit

/// What the shopper app knows of products beyond the page, for every renderer's retail views:
/// how many of each are in the cart, which are being added, and which the server has refused
/// as sold out since the page was composed.
public struct ShopperMarks: Sendable, Hashable {
    public var inCart: [ExactString: Int]
    public var pending: Set<ExactString>
    public var soldOut: Set<ExactString>

    public init(inCart: [ExactString: Int] = [:], pending: Set<ExactString> = [], soldOut: Set<ExactString> = []) {
        self.inCart = inCart
        self.pending = pending
        self.soldOut = soldOut
    }

    /// Whether `productID` sold out since its page came.
    public func isSoldOut(_ productID: String) -> Bool { soldOut.contains(ExactString(productID)) }

    /// How many of `productID` the cart holds (0 when none, or while being removed).
    public func quantity(of productID: String) -> Int { inCart[ExactString(productID)] ?? 0 }

    /// Whether a change of `productID` waits for the server.
    public func isPending(_ productID: String) -> Bool { pending.contains(ExactString(productID)) }

    /// A product's availability as the shopper should see it: sold out when the server said
    /// so since the page came, else the page's.
    public func availability(of productID: String, page: ProductCardContent.Availability) -> ProductCardContent.Availability {
        isSoldOut(productID) ? .unavailable : page
    }

    /// What a product card marks, in the shopper's words: "◌ adding…" while an add waits for
    /// the server, else "✓ 2 in cart" when the cart holds it, else nothing.
    public func badge(for productID: String, words: Words) -> ProductBadge? {
        if isPending(productID) { return ProductBadge(kind: .adding, text: "◌ \(words[.adding])", short: "◌") }
        let count = quantity(of: productID)
        guard count > 0 else { return nil }
        let number = RetailFormat(words.locale).number(count)
        return ProductBadge(kind: .inCart, text: "✓ \(words(.inCart, ["count": number]))", short: "✓ \(number)")
    }
}

/// A product's stock as a line says it, with the availability that colours it: in stock
/// green; low stock amber and bold; sold out red and bold, never weaker than low stock (it
/// is the stronger news).
public struct StockLine: Sendable, Hashable {
    public var availability: ProductCardContent.Availability
    public var text: String

    /// How strongly a renderer marks the line.
    public enum Emphasis: Sendable, Hashable {
        /// Green.
        case good
        /// Amber, bold.
        case warning
        /// Red, bold.
        case critical
    }

    public var emphasis: Emphasis {
        switch availability {
        case .available: .good
        case .lowStock: .warning
        case .unavailable: .critical
        }
    }

    /// The line for `availability` in `words`; nil for a product simply available, which a
    /// card does not say.
    public static func of(_ availability: ProductCardContent.Availability, words: Words) -> StockLine? {
        switch availability {
        case .available: nil
        case .lowStock: StockLine(availability: .lowStock, text: words[.lowStock])
        case .unavailable: StockLine(availability: .unavailable, text: words[.soldOut])
        }
    }
}

extension ShopperMarks {
    /// What a product card says of its stock, `page` the payload's availability: sold out when
    /// the server said so since the page came; nothing when it is simply available.
    public func cardStock(of productID: String, page: ProductCardContent.Availability, words: Words) -> StockLine? {
        StockLine.of(availability(of: productID, page: page), words: words)
    }
}

/// A mark on a product card: what it says, and which of the two it is (each has its colours).
public struct ProductBadge: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case adding, inCart
    }

    public var kind: Kind
    public var text: String
    /// What it says where its text does not fit: "✓ 2", "◌".
    public var short: String
}
