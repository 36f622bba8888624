import Foundation
import RetailKit

/// A price as the shopper's locale writes it, in the payload's currency: the one formatting
/// function for prices that a description (and any renderer) uses. Locale-aware through
/// Foundation's currency format ("$91.99" in en-US, "91,99 €" in de-DE, "91,99 €" in fr-FR);
/// the currency is the payload's ISO 4217 code, already checked to be three ASCII capitals by
/// `Price`'s decoding, so it reaches Foundation as a plain code.
public enum PriceFormat {
    /// `price` in `locale`'s way of writing `price.currency`. A negative zero (which `Price`
    /// accepts) is written as zero: "$0.00", never "-$0.00".
    public static func string(_ price: Price, locale: Locale) -> String {
        guard price.amount.isFinite else { return price.currency }
        let amount = price.amount == 0 ? 0 : price.amount
        return amount.formatted(.currency(code: price.currency).locale(locale))
    }

    /// Whether `compareAt` is a higher price in the same currency as the currency writes it
    /// (in its minor units: 10.004 is no reduction of 9.999, both being $10.00): what every
    /// renderer shows as the price before (struck through in the terminal, "was …" to a screen
    /// reader), even when the saving rounds to 0 %.
    public static func isReduced(_ price: Price, from compareAt: Price) -> Bool {
        compareAt.currency.utf8.elementsEqual(price.currency.utf8) && compareAt.amount > price.amount && compareAt.amount.isFinite
            && !string(compareAt, locale: written).utf8.elementsEqual(string(price, locale: written).utf8)
    }

    /// The locale amounts are compared in: its digits and minor units are the currency's.
    private static let written = Locale(identifier: "en_US_POSIX")

    /// How much cheaper `price` is than `compareAt`, in whole percent rounded to the nearest
    /// (the terminal's "-20 %"); `nil` when it is not cheaper or `compareAt` is not positive.
    /// No arithmetic here can trap: both are finite and non-negative, the share is within 0…1.
    public static func percentOff(_ price: Price, comparedWith compareAt: Price) -> Int? {
        guard compareAt.currency.utf8.elementsEqual(price.currency.utf8), compareAt.amount > price.amount,
            compareAt.amount > 0, compareAt.amount.isFinite else { return nil }
        let share = (compareAt.amount - price.amount) / compareAt.amount
        let percent = Int((share * 100).rounded())
        return percent > 0 ? percent : nil
    }
}
