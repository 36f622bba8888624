/// A catalogue category; its products are generated from `nouns` (see `ProductGenerator`).
struct Category: Sendable, Hashable {
    var id: String
    var name: Localized
    /// SF-Symbol-style icon name for tiles without an image.
    var icon: String
    /// Kinds of product in the category; each is crossed with the model names.
    var nouns: [Localized]
    /// Typical price in whole dollars; products vary around it.
    var basePrice: Int
    /// The tile's picture (a served image name or a URL); `nil` shows `icon`.
    var image: String?

    var pageID: String { "category:\(id)" }
}
