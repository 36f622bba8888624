/// Corner radii: one number for all corners, or one per corner, with the same meaning wherever
/// `corner_radius` appears (layout, buttons, tags, images, sheets: CONTRACT §5).
public struct CornerRadius: Sendable, Hashable, JSONDecodable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public var topLeft: Double
    public var topRight: Double
    public var bottomLeft: Double
    public var bottomRight: Double

    /// The same radius at every corner.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomLeft: radius, bottomRight: radius)
    }

    public init(integerLiteral radius: Int) {
        self.init(Double(radius))
    }

    public init(floatLiteral radius: Double) {
        self.init(radius)
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

    /// A negative radius is cosmetic: clamped to 0 and reported.
    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .number(let radius) = node.value {
            if radius < 0 { node.reportAdjusted("corner_radius \(radius) is negative: clamped to 0") }
            self.init(max(0, radius))
            return
        }
        guard case .object = node.value else { throw node.mismatch(expected: "a number or an object of corners") }
        func corner(_ key: String) throws(DecodingFailure) -> Double {
            guard let radius: Double = try node.optional(key) else { return 0 }
            if radius < 0 { node.reportAdjusted(at: key, "\(key) \(radius) is negative: clamped to 0") }
            return max(0, radius)
        }
        self.init(
            topLeft: try corner("top_left"), topRight: try corner("top_right"),
            bottomLeft: try corner("bottom_left"), bottomRight: try corner("bottom_right"))
    }
}
