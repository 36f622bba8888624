import FlowCore
import FlowTerminal
import Foundation
import RetailKit

/// Prices as the cards show them: the currency's symbol where it has a common one, two
/// decimals (none for currencies without minor units).
enum PriceText {
    static let symbols: [String: String] = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CHF": "CHF ", "SEK": "kr "]
    static let wholeCurrencies: Set<String> = ["JPY", "KRW"]

    static func string(_ price: Price) -> String {
        let code = price.currency.uppercased()
        let digits = wholeCurrencies.contains(code) ? 0 : 2
        let amount = String(format: "%.\(digits)f", price.amount)
        if let symbol = symbols[code] { return symbol + amount }
        return "\(amount) \(SafeText.cleaned(code, keepingNewlines: false))"
    }
}
