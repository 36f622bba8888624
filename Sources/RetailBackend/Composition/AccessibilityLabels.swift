import FlowCore
import Foundation

/// The `accessibility` labels the backend sends where a widget's text alone reads badly
/// (CONTRACT §5): a product card's prices side by side and its bare rating, a hero's end date.
///
/// A client derives a description from the content when none is sent; these say what the
/// merchandiser means in the shopper's words. A countdown is sent as the end's date, never as
/// "ends in 3 days": a page is cached and shown later, and a relative label would go stale.
enum AccessibilityLabels {
    /// "Trail runner, $89.00, was $119.00, 25% off, rated 4.6 out of 5, only a few left".
    static func product(_ product: Product, locale: StoreLocale) -> JSONValue {
        var parts = [product.title[locale], price(product.price(in: locale), locale: locale)]
        if let compareAt = product.compareAtPrice(in: locale), let percent = product.discountPercent(in: locale) {
            parts.append(SectionTitles.format(was, price(compareAt, locale: locale), locale))
            parts.append(SectionTitles.format(percentOff, locale.percent(Double(percent) / 100), locale))
        }
        if let rating = product.rating {
            let number = rating.formatted(.number.precision(.fractionLength(0...1)).locale(Locale(identifier: locale.rawValue)))
            parts.append(SectionTitles.format(rated, number, locale))
        }
        switch product.availability {
        case .available: break
        case .lowStock: parts.append(lowStock[locale])
        case .unavailable: parts.append(soldOut[locale])
        }
        return ["label": .string(parts.joined(separator: ", "))]
    }

    /// "Winter Sale, Up to 50% off coats and boots, until December 24": the date in the
    /// campaign's own zone (a sale ending at midnight in Berlin ends on the 24th, not the 23rd).
    static func hero(title: String, subtitle: String, end: Date, timeZone: TimeZone, locale: StoreLocale) -> JSONValue {
        var style = Date.FormatStyle(date: .long, time: .omitted).locale(Locale(identifier: locale.rawValue))
        style.timeZone = timeZone
        let until = SectionTitles.format(Self.until, end.formatted(style), locale)
        return ["label": .string([title, subtitle, until].joined(separator: ", "))]
    }

    static func price(_ money: Money, locale: StoreLocale) -> String {
        (Double(money.cents) / 100).formatted(.currency(code: money.currency).locale(Locale(identifier: locale.rawValue)))
    }

    static let was = Localized("was %@", "vorher %@", "avant %@")
    static let percentOff = Localized("%@ off", "%@ reduziert", "%@ de remise")
    static let rated = Localized("rated %@ out of 5", "bewertet mit %@ von 5", "noté %@ sur 5")
    static let lowStock = Localized("only a few left", "nur noch wenige", "plus que quelques pièces")
    static let soldOut = Localized("sold out", "ausverkauft", "épuisé")
    static let until = Localized("until %@", "bis %@", "jusqu’au %@")
}
