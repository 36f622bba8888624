/// What a shopper is told of a cart notice, in their words: the product by its title, never its
/// id, and no status code or server message ("Face cream Brio just sold out").
public enum CartNoticeWords {
    public static func text(for notice: CartStore.Notice, words: Copy<ShopperWord>) -> String {
        let title = notice.title.map { $0.isEmpty ? nil : $0 } ?? nil
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
