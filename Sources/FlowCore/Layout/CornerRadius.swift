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

    /// A radius outside [0, `CosmeticLimits.length`] is cosmetic: clamped and reported.
    /// A radius within range is decoded without a node; one outside it is clamped and
    /// reported by `init(from:)`.
    public static func decodedWithoutNode(_ value: JSONValue) -> CornerRadius? {
        if case .number(let radius) = value, radius >= 0, radius <= CosmeticLimits.length { return CornerRadius(radius) }
        return nil
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .number(let radius) = node.value {
            let clamped = min(max(0, radius), CosmeticLimits.length)
            if clamped != radius { node.reportAdjusted("corner_radius \(radius) is outside [0, \(CosmeticLimits.length)]: clamped to \(clamped)") }
            self.init(clamped)
            return
        }
        guard case .object = node.value else { throw node.mismatch(expected: "a number or an object of corners") }
        func corner(_ key: String) throws(DecodingFailure) -> Double {
            try node.optional(key, clampedTo: 0...CosmeticLimits.length) ?? 0
        }
        self.init(
            topLeft: try corner("top_left"), topRight: try corner("top_right"),
            bottomLeft: try corner("bottom_left"), bottomRight: try corner("bottom_right"))
    }
}
