import FlowCore
import RetailContract

/// `promo_banner`: a promotion, optionally with a code to copy.
public struct PromoBannerContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.promoBanner
    public var title: TextData
    public var subtitle: TextData?
    public var code: String?
    public var image: ImageData?
    public var images: [ImageData] { image.map { [$0] } ?? [] }

    public init(from data: JSONNode) throws(DecodingFailure) {
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
        code = try data.optional("code")
        image = try data.optional("image")
    }
}
