import FlowCore
import RetailContract

/// `editorial_card`: a story with a kicker, body text and a call to action.
public struct EditorialCardContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.editorialCard
    public var kicker: TextData?
    public var title: TextData
    public var body: TextData?
    public var image: ImageData?
    public var images: [ImageData] { image.map { [$0] } ?? [] }
    public var cta: ButtonData?

    public init(from data: JSONNode) throws(DecodingFailure) {
        kicker = try data.optional("kicker")
        title = try data.require("title")
        body = try data.optional("body")
        image = try data.optional("image")
        cta = try data.optional("cta")
    }
}
