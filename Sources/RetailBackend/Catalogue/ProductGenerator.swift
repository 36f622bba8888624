/// Turns the compact category data into the product list, deterministically: the same data
/// always gives the same ids, prices, availabilities and ratings, so pages and tests are
/// stable. Every 11th product is unavailable, every 7th low on stock, every 4th on sale.
enum ProductGenerator {
    static func products(for categories: [Category], models: [String], descriptors: [Localized]) -> [Product] {
        var products: [Product] = []
        var index = 0
        for category in categories {
            for noun in category.nouns {
                for (modelIndex, model) in models.enumerated() {
                    products.append(product(index: index, category: category, noun: noun, model: model,
                                            modelIndex: modelIndex, descriptors: descriptors))
                    index += 1
                }
            }
        }
        return products
    }

    private static func product(
        index: Int, category: Category, noun: Localized, model: String, modelIndex: Int, descriptors: [Localized]
    ) -> Product {
        let mix = (index * 37 + 11) % 97
        // ±40 % around the category's base price, ending in .99 (or .00 for one in five).
        let dollars = max(5, category.basePrice * (60 + mix * 80 / 96) / 100)
        let cents = index % 5 == 0 ? dollars * 100 : dollars * 100 - 1
        let compareAt = index % 4 == 1 ? (dollars * 125 / 100 + 1) * 100 - 1 : nil
        let availability: Availability =
            index % 11 == 3 ? .unavailable : (index % 7 == 2 ? .lowStock : .available)
        return Product(
            id: "p-\(1001 + index)",
            categoryID: category.id,
            title: Localized("\(noun.en) \(model)", "\(noun.de) \(model)", "\(noun.fr) \(model)"),
            subtitle: descriptors[(index + modelIndex) % descriptors.count],
            priceUSDCents: cents,
            compareAtUSDCents: compareAt,
            availability: availability,
            rating: Double(35 + (index * 13) % 15) / 10,
            arrivalRank: (index * 53) % 216,
            kind: noun,
            model: model,
            ratingCount: 12 + (index * 29) % 400
        )
    }
}
