import FlowCore
import FlowPresentation
import RetailContract
import RetailKit

/// What the shopper is told for a moment (a toast), for both renderers: its kind, its words and
/// how long it stays. A product is named by its title, never its id, and no status code or
/// server message reaches the shopper ("Face cream Brio just sold out").
public struct Notice: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Something that happened as asked, or news (a code copied).
        case info
        /// Something that did not work, rolled back or kept as it was: it stays longer.
        case problem
    }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    /// How long it stays: long enough to read, a problem longer (the shopper has to know what
    /// did not happen). Seconds, as `ToastQueue.show` takes them.
    public var seconds: Double {
        kind == .problem ? 4 : 2.5
    }

    /// What the shopper is told of `notice`, in `words`.
    public static func of(_ notice: ShopperNotice, words: Words) -> Notice {
        switch notice {
        case .cart(let notice): Notice(kind: .problem, text: text(for: notice, words: words))
        case .cartExpired: Notice(kind: .info, text: words[.cartExpired])
        case .refreshFailed: Notice(kind: .problem, text: words[.refreshFailed])
        case .nextPageFailed: Notice(kind: .problem, text: words[.moreFailed])
        }
    }

    /// A refresh the shopper asked for brought the page up to date.
    public static func refreshed(words: Words) -> Notice {
        Notice(kind: .info, text: words[.refreshed])
    }

    /// A link the app has no screen for was followed: said, and the app stays where it was.
    public static func linkNoScreen(words: Words) -> Notice {
        Notice(kind: .problem, text: words[.linkNoScreen])
    }

    /// A control asked to add what cannot be added (no `add_to_cart` action on it): a product
    /// sold out (as the page says, or as the cart found since) says so by its name; anything
    /// else (a banner, a story) that it cannot be added.
    public static func cantAdd(_ widget: WidgetModel?, marks: ShopperMarks = ShopperMarks(), words: Words) -> Notice {
        let product: (id: String, title: TextData, availability: ProductCardContent.Availability)? =
            if let card = widget?.content(as: ProductCardContent.self) { (card.productID, card.title, card.availability) }
            else if let detail = widget?.content(as: ProductDetailContent.self) { (detail.productID, detail.title, detail.availability) }
            else { nil }
        guard let product, marks.availability(of: product.id, page: product.availability) == .unavailable else {
            return Notice(kind: .problem, text: words[.cantAdd])
        }
        let title = SafeText.cleaned(product.title.text, keepingNewlines: false)
        return Notice(kind: .problem, text: words(.cantAddSoldOut, ["title": title.isEmpty ? words[.kindProduct] : title]))
    }

    /// What a shopper is told of a cart notice.
    static func text(for notice: CartStore.Notice, words: Words) -> String {
        let title = notice.title.flatMap { $0.isEmpty ? nil : SafeText.cleaned($0, keepingNewlines: false) }
        let product = title ?? words[.kindProduct]
        switch notice.reason {
        case .soldOut: return words(.justSoldOut, ["title": product])
        case .unknownProduct: return words(.noLongerAvailable, ["title": product])
        case .quantityLimit: return words(.quantityLimit, ["count": RetailFormat(words.locale).number(RetailLimits.lineQuantity.upperBound)])
        case .invalidProduct: return words[.cantAdd]
        case .refused: return words[.cartRefused]
        case .unconfirmed:
            switch notice.change {
            case .add?: return words(.couldntAdd, ["title": product])
            case .remove?: return words(.couldntRemove, ["title": product])
            case .setQuantity?, nil: return words[.couldntUpdate]
            }
        }
    }
}
