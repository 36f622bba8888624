/// Space around content; a missing side is 0.
public struct Insets: Sendable, Hashable, JSONDecodable {
    public var top: Double
    public var left: Double
    public var right: Double
    public var bottom: Double

    public static let zero = Insets()

    public init(top: Double = 0, left: Double = 0, right: Double = 0, bottom: Double = 0) {
        self.top = top
        self.left = left
        self.right = right
        self.bottom = bottom
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        let bound = -CosmeticLimits.length...CosmeticLimits.length
        self.init(
            top: try node.optional("top", clampedTo: bound) ?? 0,
            left: try node.optional("left", clampedTo: bound) ?? 0,
            right: try node.optional("right", clampedTo: bound) ?? 0,
            bottom: try node.optional("bottom", clampedTo: bound) ?? 0
        )
    }
}
