/// A feed of any size for load tests (`vitrine catalogue export --products N`), made from a
/// smaller one deterministically: the first products are the feed's own; after them it comes
/// round again, each round's products with ids that continue the numbering (`p-1217`, …), the
/// round in their titles ("Trail runner Alto 2") and variant groups of their own, so the
/// pages, the variants and the search index grow as a real assortment would.
enum ProductGenerator {
    static func products(_ count: Int, from feed: [Product]) -> [Product] {
        guard !feed.isEmpty else { return [] }
        return (0..<max(0, count)).map { index in
            let round = index / feed.count
            var product = feed[index % feed.count]
            guard round > 0 else { return product }
            let suffix = " \(round + 1)"
            product.id = "p-\(1001 + index)"
            product.title = Localized(product.title.en + suffix, product.title.de + suffix, product.title.fr + suffix)
            product.variant?.group += "-\(round + 1)"
            return product
        }
    }
}
