/// Font size, weight or a theme token.
public struct FontData: Sendable, Hashable, JSONDecodable {
    /// Font weights; an unknown value reads as `regular`.
    public enum Weight: String, Sendable, Hashable, CaseIterable {
        case light, regular, medium, semibold, bold, heavy
    }

    /// Point size.
    public var size: Double?
    public var weight: Weight?
    /// A theme token (`title`, `body`); the theme resolves it.
    public var token: String?

    public init(size: Double? = nil, weight: Weight? = nil, token: String? = nil) {
        self.size = size
        self.weight = weight
        self.token = token
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        _ = try node.object()
        self.init(
            size: try node.optional("size", within: 0...CosmeticLimits.stroke, excludingLowerBound: true),
            weight: try node.optional("weight", as: String.self).map { Weight(rawValue: $0) ?? .regular },
            token: try node.optional("token")
        )
    }
}
