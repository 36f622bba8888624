import FlowCore
import RetailContract

/// `product_detail`: the product a product page is about, whole: its large image, title, price
/// with the price before it, rating, stock, description, variants, delivery note, a quantity
/// and the call to buy it (`cta`, an `add_to_cart`).
///
/// The quantity the shopper picks is the widget's local state (`WidgetStateStore`, as a
/// stepper's count): an `add_to_cart` fired from the widget adds that many (`HostActions`).
public struct ProductDetailContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.productDetail

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
    public var images: [ImageData] { image.map { [$0] } ?? [] }
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

    /// The most its picker offers with `inCart` of the product in the cart already: its
    /// `max_quantity` and the room the cart's line has left (99 a line); 0 when the line is full.
    public func pickLimit(inCart: Int) -> Int {
        let held = min(max(inCart, 0), RetailLimits.lineQuantity.upperBound)
        return max(0, min(maxQuantity, RetailLimits.lineQuantity.upperBound - held))
    }

    /// The quantity its call adds, what the page shows between `−` and `+`: the one the shopper
    /// picked, else the call's own `quantity`, else 1; within 1 and `pickLimit(inCart:)`. The
    /// product page and the add handler both take it from here, so the number shown is the
    /// number added.
    public func offeredQuantity(picked: Int?, inCart: Int) -> Int {
        let wanted = picked ?? callQuantity ?? RetailLimits.lineQuantity.lowerBound
        return min(max(wanted, RetailLimits.lineQuantity.lowerBound), max(RetailLimits.lineQuantity.lowerBound, pickLimit(inCart: inCart)))
    }

    /// The quantity its call's `add_to_cart` names, when the call adds to the cart.
    public var callQuantity: Int? {
        guard let action = cta?.action, action.type.isByteEqual(to: AddToCartAction.type) else { return nil }
        return (try? action.decode(AddToCartAction.self))?.quantity
    }

    /// Whether it can be bought now.
    public var isBuyable: Bool { availability != .unavailable }
}
