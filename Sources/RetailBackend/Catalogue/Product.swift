/// Whether a product can be bought now.
enum Availability: String, Sendable {
    case available
    case lowStock = "low_stock"
    case unavailable
}

/// One product; prices are kept in dollar cents and converted per locale by `Money`.
struct Product: Sendable {
    var id: String
    var categoryID: String
    var title: Localized
    var subtitle: Localized
    var priceUSDCents: Int
    var compareAtUSDCents: Int?
    var availability: Availability
    /// 1.0–5.0 with one decimal.
    var rating: Double
    /// Newer products have a higher rank (drives "new arrivals").
    var arrivalRank: Int
    /// The kind of product it is (its noun, "Silk dress") and its model ("Alto"): products of
    /// one category and kind are the variants of each other.
    var kind: Localized = Localized("", "", "")
    var model = ""
    /// How many reviews give its rating.
    var ratingCount = 0

    var pageID: String { "product:\(id)" }
    var imageName: String { "\(id).jpg" }

    func price(in locale: StoreLocale) -> Money {
        Money.price(usdCents: priceUSDCents, in: locale)
    }

    func compareAtPrice(in locale: StoreLocale) -> Money? {
        compareAtUSDCents.map { Money.price(usdCents: $0, in: locale) }
    }

    /// Whole percent off the compare-at price, when there is one.
    var discountPercent: Int? {
        guard let compareAt = compareAtUSDCents, compareAt > priceUSDCents else { return nil }
        return (compareAt - priceUSDCents) * 100 / compareAt
    }
}
