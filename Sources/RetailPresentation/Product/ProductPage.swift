import FlowCore
import FlowPresentation
import RetailContract
import RetailKit

/// A product page's product (`product_detail`) as the shopper sees it in either renderer: the
/// quantity to add within what it may be, the call to buy it and what it confirms, its stock,
/// and its variants with why one cannot be chosen.
///
/// The rules, once for both apps:
/// - the quantity steps within 1 and the limit: the payload's `max_quantity`, and no more than
///   the cart's line still takes (99 less what the cart holds);
/// - a product the server refused as sold out since the page came is sold out here too: no
///   quantity to pick, and the call says so instead of buying;
/// - once the cart holds it, the page says how many ("✓ 2 in cart"), and while an add waits
///   for the server, that;
/// - a variant that cannot be bought says so ("Sold out") beside its label.
public struct ProductPage: Sendable {
    public let content: ProductDetailContent
    public let marks: ShopperMarks
    /// The quantity the shopper picked (the widget's state), before it is kept in bounds; nil
    /// when none was.
    public let picked: Int?

    public init(content: ProductDetailContent, marks: ShopperMarks = ShopperMarks(), picked: Int? = nil) {
        self.content = content
        self.marks = marks
        self.picked = picked
    }

    /// The availability the shopper should see now.
    public var availability: ProductCardContent.Availability {
        marks.availability(of: content.productID, page: content.availability)
    }

    public var isSoldOut: Bool { availability == .unavailable }

    /// The most the picker offers now; 0 when the cart's line is full.
    public var limit: Int {
        content.pickLimit(inCart: marks.quantity(of: content.productID))
    }

    /// The quantity shown, the one the call adds (`ProductDetailContent.offeredQuantity`).
    public var quantity: Int {
        content.offeredQuantity(picked: picked, inCart: marks.quantity(of: content.productID))
    }

    /// The quantity one step up or down, nil when it cannot move (sold out, or at a bound).
    public func quantity(steppedBy delta: Int) -> Int? {
        guard !isSoldOut, limit > 0 else { return nil }
        let next = quantity + delta
        return (1...limit).contains(next) && next != quantity ? next : nil
    }

    /// Whether the call buys now: not sold out, a cart line with room, an add to call that the
    /// payload did not disable ("Coming soon").
    public var canAdd: Bool {
        !isSoldOut && limit > 0 && content.cta?.isDisabled != true && content.callQuantity != nil
    }

    /// Whether the call says "Sold out" in place of its title: an add of a product sold out.
    public var callSaysSoldOut: Bool {
        isSoldOut && content.callQuantity != nil
    }

    /// Whether the call can be pressed: an add that can add now, or any other call (a "Notify
    /// me" link) that the payload did not disable.
    public var callIsEnabled: Bool {
        guard let cta = content.cta, !cta.isDisabled else { return false }
        return content.callQuantity == nil || canAdd
    }
}

/// What a product page's product shows of the rules, in the shopper's words.
public struct ProductPagePresentation: Sendable, Hashable {
    /// "Quantity".
    public var quantityLabel: String
    /// Nil when there is no quantity to pick (sold out).
    public var quantity: Int?
    public var increased: Int?
    public var decreased: Int?
    /// Why `+` does nothing at the limit ("At most 10").
    public var limitNote: String?
    /// The call's title: the payload's, or "Sold out" when it cannot buy.
    public var callTitle: String?
    public var callIsEnabled: Bool
    /// "✓ 2 in cart", or "◌ adding…" while an add waits.
    public var confirmation: ProductBadge?
    /// "Low stock", "In stock", "Sold out" (nil when the call says it).
    public var stock: StockLine?
    public var variants: [Variant]

    public struct Variant: Sendable, Hashable {
        public var name: String
        public var options: [Option]
        /// Why some options cannot be chosen, said once for them ("Brio, Cora: Sold out"); nil
        /// when every option can be.
        public var unavailable: String?
    }

    public struct Option: Sendable, Hashable {
        public var label: String
        public var isSelected: Bool
        public var isAvailable: Bool
        /// Why it cannot be chosen, said beside it: "Sold out".
        public var reason: String?
        public var action: ActionData?
    }
}

extension ProductPage {
    /// Why the quantity stops: the cart line's limit, in the words the cart sheet says it
    /// ("At most 99 of one product fit in the cart"), when that is what stops it; else the
    /// payload's own most ("At most 10").
    func limitNote(words: Words, format: RetailFormat) -> String {
        let lineRoom = RetailLimits.lineQuantity.upperBound - min(max(marks.quantity(of: content.productID), 0), RetailLimits.lineQuantity.upperBound)
        return limit >= lineRoom
            ? words(.quantityLimit, ["count": format.number(RetailLimits.lineQuantity.upperBound)])
            : words(.quantityAtMost, ["count": format.number(limit)])
    }

    public func presentation(words: Words) -> ProductPagePresentation {
        let format = RetailFormat(words.locale)
        // Sold out, the call says so: the word is not said twice. A page says "In stock" too.
        let stock = callSaysSoldOut ? nil : StockLine.of(availability, words: words) ?? StockLine(availability: .available, text: words[.inStock])
        let atLimit = !isSoldOut && limit > 0 && quantity >= limit
        let callTitle = content.cta.map { cta in
            callSaysSoldOut ? words[.soldOut] : SafeText.cleaned(cta.title?.text ?? words[.addToCart], keepingNewlines: false)
        }
        return ProductPagePresentation(
            quantityLabel: words[.quantity], quantity: isSoldOut ? nil : quantity,
            increased: quantity(steppedBy: 1), decreased: quantity(steppedBy: -1),
            limitNote: atLimit ? limitNote(words: words, format: format) : nil,
            callTitle: callTitle, callIsEnabled: callIsEnabled, confirmation: marks.badge(for: content.productID, words: words), stock: stock,
            variants: content.variants.map { variant in
                let options = variant.options.map { option in
                    ProductPagePresentation.Option(
                        label: SafeText.cleaned(option.label, keepingNewlines: false), isSelected: option.isSelected,
                        isAvailable: option.isAvailable, reason: option.isAvailable ? nil : words[.soldOut], action: option.action)
                }
                let gone = options.filter { !$0.isAvailable }.map(\.label)
                return ProductPagePresentation.Variant(
                    name: SafeText.cleaned(variant.name, keepingNewlines: false), options: options,
                    unavailable: gone.isEmpty ? nil : words(.variantsWhy, ["labels": gone.joined(separator: ", "), "reason": words[.soldOut]]))
            })
    }
}
