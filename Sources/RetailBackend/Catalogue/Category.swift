/// A catalogue category; products name theirs (`Product.categoryID`).
struct Category: Sendable, Hashable {
    var id: String
    var name: Localized
    /// SF-Symbol-style icon name for tiles without an image.
    var icon: String
    /// The tile's picture (a served image name or a URL); `nil` shows `icon`.
    var image: String?

    var pageID: String { "category:\(id)" }
}
