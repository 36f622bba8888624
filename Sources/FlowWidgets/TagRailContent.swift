import FlowCore

/// `tag_rail {tags}`: a horizontally scrolling row of tags.
public struct TagRailContent: WidgetContent, Hashable {
    public static let widgetType = "tag_rail"
    /// Lossy: a bad tag is dropped and reported.
    public var tags: [TagData]

    public init(from data: JSONNode) throws(DecodingFailure) {
        tags = try data.lossyArray("tags")
    }
}
