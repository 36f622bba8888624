import FlowCore

/// An amount of money in an ISO 4217 currency.
public struct Price: Sendable, Hashable, JSONDecodable {
    public var amount: Double
    /// ISO 4217 code (`USD`, `EUR`).
    public var currency: String

    public init(amount: Double, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    public init(from node: JSONNode) throws(DecodingFailure) {
        amount = try node.require("amount")
        currency = try node.require("currency")
        guard amount >= 0, amount.isFinite else { throw node.invalid("amount must be a non-negative number") }
        // Business values fail their widget. Checked on bytes: three ASCII capitals.
        guard currency.utf8.count == 3, currency.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw node.invalid("currency '\(currency)' is not an ISO 4217 code")
        }
    }
}
