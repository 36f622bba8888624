import FlowCore
import Foundation
import RetailContract

/// `hero_campaign`: the campaign at the top of the home page.
public struct HeroCampaignContent: WidgetContent, Hashable {
    public static let widgetType = RetailWidgetType.heroCampaign
    public var campaignID: String
    public var image: ImageData
    public var images: [ImageData] { [image] }
    public var title: TextData
    public var subtitle: TextData?
    public var cta: ButtonData?
    /// When the campaign ends (a countdown when it is near).
    public var endsAt: Date?

    public init(from data: JSONNode) throws(DecodingFailure) {
        campaignID = try data.require("campaign_id")
        image = try data.require("image")
        title = try data.require("title")
        subtitle = try data.optional("subtitle")
        cta = try data.optional("cta")
        endsAt = try data.optional("ends_at")
    }
}
