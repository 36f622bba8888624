import FlowCore

/// `product_detail`: the product a product page is about, whole: its large image, title, price
/// with the price before it, rating, stock, description, variants, delivery note, a quantity
/// and the call to buy it (`cta`, an `add_to_cart`).
///
/// The quantity the shopper picks is the widget's local state (`WidgetStateStore`, as a
/// stepper's count): an `add_to_cart` fired from the widget adds that many (`HostActions`).
public struct ProductDetailContent: WidgetContent, Hashable {
    public static let widgetType = "product_detail"

    /// One choice of a variant ("Style: Alto"), which may lead to its own product.
    public struct Option: Sendable, Hashable, JSONDecodable {
        public var label: String
        /// The option this product is.
        public var isSelected: Bool
        public var isAvailable: Bool
        /// What choosing it does (an `open_page` of that product).
        public var action: ActionData?

        public init(from node: JSONNode) throws(DecodingFailure) {
            label = try node.require("label")
            isSelected = try node.optional("selected") ?? false
            isAvailable = try node.optional("available") ?? true
            action = try node.optional("action")
        }
    }

    /// A dimension the product comes in (a style, a size), and its options.
    public struct Variant: Sendable, Hashable, JSONDecodable {
        public var name: String
        /// Lossy: a bad option is dropped and reported.
        public var options: [Option]

        public init(from node: JSONNode) throws(DecodingFailure) {
            name = try node.require("name")
            options = try node.lossyArray("options")
        }
    }

    public var productID: String
    public var title: TextData
    public var subtitle: TextData?
    public var image: ImageData?
    public var price: Price
    /// The price before a discount, shown struck through.
    public var compareAtPrice: Price?
    public var availability: ProductCardContent.Availability
    /// 0…5 stars, and how many reviews give it.
    public var rating: Double?
    public var ratingCount: Int?
    public var description: TextData?
    /// Lossy: a bad variant is dropped and reported.
    public var variants: [Variant]
    /// When and how it arrives ("Free delivery in 2–4 days").
    public var delivery: TextData?
    /// The most the quantity picker offers, 1…99 (`RetailLimits.lineQuantity`). Default 10.
    public var maxQuantity: Int
    /// The button that buys it: an `add_to_cart` of this product.
    public var cta: ButtonData?
    /// Lossy: a bad badge is dropped and reported.
    public var badges: [TagData]

    public init(from data: JSONNode) throws(DecodingFailure) {
        productID = try data.require("product_id")
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
        image = try data.optional("image")
        price = try data.require("price")
        compareAtPrice = try data.optional("compare_at_price")
        let availabilityName: String = try data.require("availability")
        guard let availability = ProductCardContent.Availability(rawValue: availabilityName) else {
            throw DecodingFailure(.invalidValue("unknown availability '\(availabilityName)'"), at: data.path.appending("availability"))
        }
        self.availability = availability
        if let rating: Double = try data.optional("rating") {
            self.rating = min(max(rating, 0), 5)
            if self.rating != rating { data.reportAdjusted(at: "rating", "rating \(rating) is outside 0…5: clamped") }
        }
        let limits = RetailLimits.lineQuantity
        ratingCount = try data.optionalCount("rating_count", clampedTo: 0...1_000_000_000)
        description = try data.optional("description")
        variants = try data.lossyArray("variants")
        delivery = try data.optional("delivery")
        maxQuantity = try data.optionalCount("max_quantity", clampedTo: limits) ?? 10
        cta = try data.optional("cta")
        badges = try data.lossyArray("badges")
    }

    /// `quantity` kept within what the picker offers.
    public func clampedQuantity(_ quantity: Int) -> Int {
        min(max(quantity, RetailLimits.lineQuantity.lowerBound), maxQuantity)
    }

    /// Whether it can be bought now.
    public var isBuyable: Bool { availability != .unavailable }
}
