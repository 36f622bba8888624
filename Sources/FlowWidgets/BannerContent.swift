import FlowCore

/// `banner {image, title, subtitle}`: a wide image with optional text over it.
public struct BannerContent: WidgetContent, Hashable {
    public static let widgetType = "banner"
    public var image: ImageData
    public var images: [ImageData] { [image] }
    public var title: TextData?
    public var subtitle: TextData?

    public init(from data: JSONNode) throws(DecodingFailure) {
        image = try data.require("image")
        title = try data.optional("title")
        subtitle = try data.optional("subtitle")
    }
}
