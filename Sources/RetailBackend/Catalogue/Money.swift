import FlowCore
/// An amount in minor units (cents), so that prices add up exactly.
struct Money: Sendable, Hashable {
    var cents: Int
    var currency: String

    /// `{"amount": 89.99, "currency": "USD"}` as §6 shows prices.
    var json: JSONValue {
        ["amount": .number(Double(cents) / 100), "currency": .string(currency)]
    }
}
