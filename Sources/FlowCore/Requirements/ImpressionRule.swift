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

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            minVisiblePercent: try node.optional("min_visible_percent") ?? 50,
            minDurationMilliseconds: try node.optional("min_duration_ms") ?? 500,
            limit: try node.optional("limit") ?? 1
        )
        // Out-of-range values are clamped (and reported), so one bad number keeps the rest.
        if !(0...100).contains(minVisiblePercent) {
            node.reportAdjusted(at: "min_visible_percent", "min_visible_percent \(minVisiblePercent) is outside [0, 100]: clamped")
            minVisiblePercent = min(max(minVisiblePercent, 0), 100)
        }
        if minDurationMilliseconds < 0 {
            node.reportAdjusted(at: "min_duration_ms", "min_duration_ms \(minDurationMilliseconds) is negative: clamped to 0")
            minDurationMilliseconds = 0
        }
        if limit < 0 {
            node.reportAdjusted(at: "limit", "limit \(limit) is negative: clamped to 0")
            limit = 0
        }
    }
}
