import FlowCore
import RetailContract

/// `campaign_card`: a campaign in a carousel.
public struct CampaignCardContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.campaignCard
    public var campaignID: String
    public var image: ImageData?
    public var images: [ImageData] { image.map { [$0] } ?? [] }
    public var title: TextData
    public var subtitle: TextData?

    public init(from data: JSONNode) throws(DecodingFailure) {
        campaignID = try data.require("campaign_id")
        image = try data.optional("image")
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
    }
}
