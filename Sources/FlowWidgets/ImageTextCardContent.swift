import FlowCore

/// `image_text_card {image, title, subtitle, tags, trailing_icon}`: a row or card with an image.
public struct ImageTextCardContent: WidgetContent, Hashable {
    public static let widgetType = "image_text_card"
    public var image: ImageData?
    public var images: [ImageData] { image.map { [$0] } ?? [] }
    public var title: TextData
    public var subtitle: TextData?
    /// Lossy: a bad tag is dropped and reported.
    public var tags: [TagData]
    public var trailingIcon: IconData?

    public init(from data: JSONNode) throws(DecodingFailure) {
        image = try data.optional("image")
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
        tags = try data.lossyArray("tags")
        trailingIcon = try data.optional("trailing_icon")
    }
}
