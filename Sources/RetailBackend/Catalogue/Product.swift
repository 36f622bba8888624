import FlowCore
import Foundation

/// Whether a product can be bought now: the feed's `availability`, in the words of the
/// product card's (CONTRACT §6).
enum Availability: String, Sendable, CaseIterable {
    case available
    case lowStock = "low_stock"
    case unavailable
}

/// One product of the feed (`products.json`): data the retailer keeps, identified by an id of
/// its own choosing (a SKU), never by its place in a list, so that carts, idempotency answers
/// and links keep naming the same product whatever the feed gains or loses.
struct Product: Sendable, Hashable {
    /// 1 to 64 bytes of `A-Z a-z 0-9 . _ -` (`CatalogueFileReader.isID`).
    var id: String
    var categoryID: String
    var title: Localized
    var subtitle: Localized
    /// The price in each currency the store sells in.
    var price: Prices
    /// The price it was before, where it is on sale (a currency may have none).
    var compareAt: Prices = Prices()
    var availability: Availability
    /// A served image name or an http(s) URL (`CatalogueImage`).
    var image: String
    /// 1.0–5.0 with one decimal, when it has reviews.
    var rating: Double?
    /// How many reviews give its rating.
    var ratingCount = 0
    /// The day it arrived (drives "new arrivals": later is newer), at UTC midnight.
    var arrived: Date
    /// The products it is a variant of (the same shoe in other models), when it has some.
    var variant: Variant?

    /// The group a product belongs to among its variants, and how its option is labelled.
    struct Variant: Sendable, Hashable {
        /// An id the variants of one product share.
        var group: String
        /// The option's label on the product page ("Alto", "Red").
        var label: Localized
    }

    var pageID: String { "product:\(id)" }

    /// The price in `locale`'s currency; the catalogue check requires one for each of the
    /// store's locales, so a product without one is never composed (zero stands in for a
    /// catalogue built in code without it).
    func price(in locale: StoreLocale) -> Money {
        Money(cents: price[locale.currency] ?? 0, currency: locale.currency)
    }

    /// The compare-at price in `locale`'s currency, when it is above the price there.
    func compareAtPrice(in locale: StoreLocale) -> Money? {
        guard let cents = compareAt[locale.currency], cents > price[locale.currency] ?? 0 else { return nil }
        return Money(cents: cents, currency: locale.currency)
    }

    /// Whole percent off the compare-at price in `locale`'s currency, when there is one: the
    /// percent a shopper sees is the one their own prices give.
    func discountPercent(in locale: StoreLocale) -> Int? {
        guard let compareAt = compareAtPrice(in: locale) else { return nil }
        let price = price(in: locale).cents
        return Int((Int64(compareAt.cents) - Int64(price)) * 100 / Int64(compareAt.cents))
    }
}

/// Amounts in minor units by ISO 4217 currency code (`{"USD": 8999, "EUR": 8299}`), compared
/// by the code's bytes.
struct Prices: Sendable, Hashable {
    /// In the order the feed lists them.
    private(set) var amounts: [(currency: String, cents: Int)] = []

    init(_ amounts: [(currency: String, cents: Int)] = []) {
        for (currency, cents) in amounts { self[currency] = cents }
    }

    subscript(currency: String) -> Int? {
        get { amounts.first { $0.currency.isByteEqual(to: currency) }?.cents }
        set {
            if let index = amounts.firstIndex(where: { $0.currency.isByteEqual(to: currency) }) {
                if let newValue { amounts[index].cents = newValue } else { amounts.remove(at: index) }
            } else if let newValue {
                amounts.append((currency, newValue))
            }
        }
    }

    var isEmpty: Bool { amounts.isEmpty }

    static func == (lhs: Prices, rhs: Prices) -> Bool {
        lhs.amounts.count == rhs.amounts.count
            && zip(lhs.amounts, rhs.amounts).allSatisfy { $0.currency.isByteEqual(to: $1.currency) && $0.cents == $1.cents }
    }

    func hash(into hasher: inout Hasher) {
        for (currency, cents) in amounts {
            hasher.combine(Array(currency.utf8))
            hasher.combine(cents)
        }
    }
}
