import FlowCore
/// An amount in minor units (cents), so that prices add up exactly.
struct Money: Sendable, Hashable {
    var cents: Int
    var currency: String

    /// `{"amount": 89.99, "currency": "USD"}` as §6 shows prices.
    var json: JSONValue {
        ["amount": .number(Double(cents) / 100), "currency": .string(currency)]
    }

    /// A price in a locale: dollar prices are the catalogue's; euro prices are converted at
    /// a fixed rate and end in .99 or .00 like the dollar ones, so every locale looks priced
    /// by hand and the same product always costs the same.
    static func price(usdCents: Int, in locale: StoreLocale) -> Money {
        guard locale.currency == "EUR" else { return Money(cents: usdCents, currency: "USD") }
        let euros = max(1, usdCents * 92 / 10_000)
        let cents = usdCents % 100 == 0 ? euros * 100 : euros * 100 - 1
        return Money(cents: cents, currency: "EUR")
    }
}
