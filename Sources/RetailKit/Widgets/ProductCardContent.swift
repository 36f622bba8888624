import FlowCore
import RetailContract

/// `product_card`: a product with its price and availability, in carousels and grids.
public struct ProductCardContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.productCard

    /// Whether the product can be bought. An unknown value fails the card: guessing could
    /// sell what cannot be sold.
    public enum Availability: String, Sendable, Hashable {
        case available
        case lowStock = "low_stock"
        case unavailable
    }

    public var productID: String
    public var title: TextData
    public var subtitle: TextData?
    public var image: ImageData?
    public var images: [ImageData] { image.map { [$0] } ?? [] }
    public var price: Price
    /// The price before a discount, shown struck through.
    public var compareAtPrice: Price?
    public var availability: Availability
    /// Lossy: a bad badge is dropped and reported.
    public var badges: [TagData]
    /// 0…5 stars.
    public var rating: Double?

    public init(from data: JSONNode) throws(DecodingFailure) {
        productID = try data.require("product_id")
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
        image = try data.optional("image")
        price = try data.require("price")
        compareAtPrice = try data.optional("compare_at_price")
        let availabilityName: String = try data.require("availability")
        guard let availability = Availability(rawValue: availabilityName) else {
            throw DecodingFailure(.invalidValue("unknown availability '\(availabilityName)'"), at: data.path.appending("availability"))
        }
        self.availability = availability
        badges = try data.lossyArray("badges")
        if let rating: Double = try data.optional("rating") {
            self.rating = min(max(rating, 0), 5)
            if self.rating != rating { data.reportAdjusted(at: "rating", "rating \(rating) is outside 0…5: clamped") }
        }
    }
}
