/// A catalogue category; its products are generated from `nouns` (see `ProductGenerator`).
struct Category: Sendable {
    var id: String
    var name: Localized
    /// SF-Symbol-style icon name for tiles without an image.
    var icon: String
    /// Kinds of product in the category; each is crossed with the model names.
    var nouns: [Localized]
    /// Typical price in whole dollars; products vary around it.
    var basePrice: Int
    /// Whether its tile shows a generated PNG image (others show `icon`).
    var hasTileImage: Bool

    var pageID: String { "category:\(id)" }
    var imageName: String { "cat-\(id).png" }
}
