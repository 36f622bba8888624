import FlowCore
/// An amount in minor units (cents), so that prices add up exactly.
struct Money: Sendable, Hashable {
    var cents: Int
    var currency: String

    /// `{"amount": 89.99, "currency": "USD"}` as §6 shows prices.
    var json: JSONValue {
        ["amount": .number(Double(cents) / 100), "currency": .string(currency)]
    }

    /// The bytes of `json`, written as a value where `writer` stands.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("amount")
        writer.value(hundredths: cents)
        writer.key("currency")
        writer.value(string: currency)
        writer.endObject()
    }
}
