/// When an impression counts (CONTRACT §3, §9): at least `minVisiblePercent` of the widget's
/// area on screen continuously for `minDurationMilliseconds`, at most `limit` times per
/// `request_id`.
public struct ImpressionRule: Sendable, Hashable, JSONDecodable {
    public var minVisiblePercent: Double
    public var minDurationMilliseconds: Int
    public var limit: Int

    /// 50 %, 500 ms, once.
    public static let standard = ImpressionRule()

    public init(minVisiblePercent: Double = 50, minDurationMilliseconds: Int = 500, limit: Int = 1) {
        self.minVisiblePercent = minVisiblePercent
        self.minDurationMilliseconds = minDurationMilliseconds
        self.limit = limit
    }

    /// Out-of-range values are clamped (and reported), so one bad number keeps the rest.
    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            minVisiblePercent: try node.optional("min_visible_percent", clampedTo: 0...100) ?? 50,
            minDurationMilliseconds: try node.optionalCount("min_duration_ms", clampedTo: CosmeticLimits.impressionMilliseconds) ?? 500,
            limit: try node.optionalCount("limit", clampedTo: CosmeticLimits.impressionLimit) ?? 1
        )
    }
}
