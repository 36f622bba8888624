import FlowCore

/// Which products a carousel or a campaign page shows: every condition given must hold
/// (products of these categories, on sale or not, in stock, among these ids), in the order of
/// `sort` (each key descending, ties by id), else in the order of `ids`, else the feed's; at
/// most `limit`. Prices and discounts are the shopper's: those of the locale composed for.
struct ProductQuery: Sendable, Hashable {
    /// What products are ordered by, largest first.
    enum Sort: String, Sendable, Hashable, CaseIterable {
        /// Percent off the compare-at price (none counts as 0).
        case discount
        case rating
        case price
        /// Newest first.
        case arrival
    }

    var categories: [String] = []
    /// `true`: only products with a compare-at price; `false`: only those without.
    var onSale: Bool?
    /// `true`: only products that can be bought (available or low on stock).
    var inStock: Bool?
    var ids: [String] = []
    var sort: [Sort] = []
    var limit: Int?

    var isEmpty: Bool {
        categories.isEmpty && onSale == nil && inStock == nil && ids.isEmpty
    }

    func matches(_ product: Product, in locale: StoreLocale) -> Bool {
        if !categories.isEmpty, !categories.contains(where: { $0.isByteEqual(to: product.categoryID) }) { return false }
        if let onSale, (product.discountPercent(in: locale) != nil) != onSale { return false }
        if inStock == true, product.availability == .unavailable { return false }
        if inStock == false, product.availability != .unavailable { return false }
        if !ids.isEmpty, !ids.contains(where: { $0.isByteEqual(to: product.id) }) { return false }
        return true
    }

    /// The matching products of `catalogue` for a shopper in `locale`, ordered and limited
    /// (`limit` here, and at most `cap` more narrowly when the place showing them has room
    /// for fewer).
    func products(in catalogue: Catalogue, locale: StoreLocale, cap: Int? = nil) -> [Product] {
        var found: [Product]
        if ids.isEmpty {
            found = catalogue.products.filter { matches($0, in: locale) }
        } else {
            var seen = Set<ExactString>()
            found = ids.filter { seen.insert(ExactString($0)).inserted }.compactMap { catalogue.product($0) }.filter { matches($0, in: locale) }
        }
        if !sort.isEmpty {
            // Each product's keys are worked out once, not at every comparison.
            let keyed = found.map { product in (keys: sort.map { Self.value(product, $0, locale) }, product: product) }
            found = keyed.sorted { lhs, rhs in
                for (left, right) in zip(lhs.keys, rhs.keys) where left != right { return left > right }
                return lhs.product.id.utf8.lexicographicallyPrecedes(rhs.product.id.utf8)
            }.map(\.product)
        }
        let bound = [limit, cap].compactMap { $0 }.min()
        return bound.map { Array(found.prefix(max(0, $0))) } ?? found
    }

    private static func value(_ product: Product, _ key: Sort, _ locale: StoreLocale) -> Double {
        switch key {
        case .discount: Double(product.discountPercent(in: locale) ?? 0)
        case .rating: product.rating ?? 0
        case .price: Double(product.price(in: locale).cents)
        case .arrival: product.arrived.timeIntervalSince1970
        }
    }
}
