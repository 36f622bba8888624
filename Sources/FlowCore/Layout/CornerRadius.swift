/// Corner radii: one number for all corners, or one per corner.
public struct CornerRadius: Sendable, Hashable, JSONDecodable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomLeft: Double
    public var bottomRight: Double

    /// The same radius at every corner.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomLeft: radius, bottomRight: radius)
    }

    public init(topLeft: Double = 0, topRight: Double = 0, bottomLeft: Double = 0, bottomRight: Double = 0) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// Whether every corner has the same radius.
    public var isUniform: Bool {
        topLeft == topRight && topLeft == bottomLeft && topLeft == bottomRight
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .number(let radius) = node.value {
            self.init(radius)
            return
        }
        guard case .object = node.value else { throw node.mismatch(expected: "a number or an object of corners") }
        self.init(
            topLeft: try node.optional("top_left") ?? 0,
            topRight: try node.optional("top_right") ?? 0,
            bottomLeft: try node.optional("bottom_left") ?? 0,
            bottomRight: try node.optional("bottom_right") ?? 0
        )
    }
}
