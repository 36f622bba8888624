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
        self.init(
            top: try node.optional("top") ?? 0,
            left: try node.optional("left") ?? 0,
            right: try node.optional("right") ?? 0,
            bottom: try node.optional("bottom") ?? 0
        )
    }
}
