/// One image the backend can serve: how to draw it and in which format.
struct ImageSpec: Sendable, Hashable {
    enum Format: Sendable {
        case jpeg, png

        var contentType: String {
            self == .jpeg ? "image/jpeg" : "image/png"
        }
    }

    var name: String
    var format: Format
    var width: Int
    var height: Int
    /// Drives colours and shapes, from the name.
    var seed: UInt64

    /// Bumped when the generator draws differently, so ETags change with the pixels.
    static let generatorVersion = 1

    var etag: String {
        "\"img\(Self.generatorVersion)-\(StableHash.hex(seed))\""
    }

    /// Every image name a page of `catalogue` can reference: product, campaign and story
    /// photos as large JPEG originals (1600×1200), PNGs (category tiles) with transparent
    /// corners (800×800). URLs the catalogue gives are not served. Requests are matched
    /// against this set exactly, so no name reaches the file system unless it is one of these.
    static func all(in catalogue: Catalogue) -> [String: ImageSpec] {
        var names = catalogue.products.map(\.image)
        names += catalogue.campaigns.flatMap { [$0.heroImage, $0.cardImage] }
        names += catalogue.stories.map(\.image)
        names += catalogue.categories.compactMap(\.image)
        var specs: [String: ImageSpec] = [:]
        for name in names where CatalogueImage.isServedName(name) {
            let format = CatalogueImage.format(of: name) ?? .jpeg
            let size = format == .jpeg ? (1600, 1200) : (800, 800)
            specs[name] = ImageSpec(name: name, format: format, width: size.0, height: size.1,
                                    seed: StableHash.fnv1a64("image:\(name)"))
        }
        return specs
    }
}
