import FlowCore
import RetailContract

/// `category_tile`: a category in a grid, with an image or an icon.
public struct CategoryTileContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.categoryTile
    public var categoryID: String
    public var title: TextData
    public var image: ImageData?
    public var images: [ImageData] { image.map { [$0] } ?? [] }
    public var icon: IconData?

    public init(from data: JSONNode) throws(DecodingFailure) {
        categoryID = try data.require("category_id")
        title = try data.require("title")
        image = try data.optional("image")
        icon = try data.optional("icon")
    }
}
