/// A symbol from the app's icon set. Short form: the symbol name.
public struct IconData: Sendable, Hashable, JSONDecodable {
    public var symbol: String
    public var size: Double?
    public var color: ColorData?
    public var action: ActionData?

    public init(symbol: String, size: Double? = nil, color: ColorData? = nil, action: ActionData? = nil) {
        self.symbol = symbol
        self.size = size
        self.color = color
        self.action = action
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        if case .string(let symbol) = node.value {
            self.init(symbol: symbol)
            return
        }
        self.init(
            symbol: try node.require("symbol"),
            // Points, like a font size: a size that is not positive or above 1,000 is ignored.
            size: try node.optional("size", within: 0...CosmeticLimits.stroke, excludingLowerBound: true),
            color: try node.optional("color"),
            action: try node.optional("action")
        )
    }
}
