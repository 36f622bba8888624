import FlowCore
import Foundation
import RetailKit

/// Prices, numbers, ratings and dates as a shopper in `locale` reads them, as Foundation's
/// formatters write them: `83,99 €` and `4,3` in de-DE, `$83.99` and `4.3` in en-US. Small
/// counts and day-and-month dates, which the first frame shows, are written without them. The currency is always
/// the payload's; the locale only decides how it is written. One place for every renderer (the
/// terminal's views, a SwiftUI app, an accessibility description).
public struct RetailFormat: Sendable {
    public let locale: AppLocale
    private let foundation: Locale

    public init(_ locale: AppLocale) {
        self.locale = locale
        foundation = locale.locale
    }

    /// `price` in its own currency (`$91.99`, `91,99 $`, `1.234 ¥`): the currency's own
    /// fraction digits, grouping, and symbol placement of the locale (`PriceFormat`, which
    /// accessibility descriptions use too).
    public func price(_ price: Price) -> String {
        PriceFormat.string(price, locale: foundation)
    }

    /// `price` written in at most `columns` (as `width` counts them), never cut mid-number: in
    /// full, else shortened by the locale's words (`12.3M`, `12,3 Mio. €`), else in scientific
    /// form (`€9.2E15`), else `nil` (nothing that fits says the amount).
    public func price(_ price: Price, within columns: Int, width: (String) -> Int) -> String? {
        let full = self.price(price)
        if width(full) <= columns { return full }
        guard price.amount.isFinite else { return nil }
        let currency = FloatingPointFormatStyle<Double>.Currency(code: price.currency).locale(foundation)
        let compact = price.amount.formatted(currency.notation(.compactName).precision(.significantDigits(1...3)))
        if width(compact) <= columns { return compact }
        let scientific = price.amount.formatted(currency.notation(.scientific).precision(.significantDigits(1...2)))
        return width(scientific) <= columns ? scientific : nil
    }

    /// A whole number with the locale's grouping (`1,234`, `1.234`, `1 234`). One under 1,000
    /// and not negative is written in ASCII digits without Foundation, as all three languages
    /// write it (a test holds them equal): badges and counts are on every frame, the first
    /// one too, and the formatter's first use costs millions of instructions.
    public func number(_ value: Int) -> String {
        value >= 0 && value < 1_000 ? String(value) : grouped(value)
    }

    @inline(never)
    private func grouped(_ value: Int) -> String {
        value.formatted(.number.locale(foundation))
    }

    /// A rating with one decimal (`4.3`, `4,3`).
    public func rating(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        return value.formatted(.number.precision(.fractionLength(1)).locale(foundation))
    }

    /// A day and month (`Dec 22`, `22. Dez.`, `22 déc.`) in UTC, where campaign ends are set:
    /// each language's abbreviated month in its order, as Foundation's `Date.FormatStyle` (day,
    /// abbreviated month) writes them (a test holds them equal for every month), from a table
    /// and the proleptic Gregorian calendar's arithmetic instead of that formatter, whose first
    /// use would cost the first frame a hero's end date. Before 1900 (where Foundation's
    /// calendar turns Julian, in 1582) and past 9999, Foundation writes it.
    public func dayAndMonth(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds >= -2_208_988_800, seconds < 253_402_300_800 else { return foundationDayAndMonth(date) }
        let (_, month, day) = RFC3339.civil(fromDays: Int((seconds / 86_400).rounded(.down)))
        switch locale {
        case .enUS: return "\(Self.englishMonths[month - 1]) \(day)"
        case .deDE: return "\(day). \(Self.germanMonths[month - 1])"
        case .frFR: return "\(day) \(Self.frenchMonths[month - 1])"
        }
    }

    @inline(never)
    private func foundationDayAndMonth(_ date: Date) -> String {
        var style = Date.FormatStyle(date: .omitted, time: .omitted, locale: foundation, calendar: Calendar(identifier: .gregorian),
                                     timeZone: TimeZone(identifier: "UTC") ?? .current)
        style = style.day().month(.abbreviated)
        return date.formatted(style)
    }

    private static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let germanMonths = ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]
    private static let frenchMonths = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]

    /// How long ago `date` was at `now`, in the locale's words ("3 hours ago", "vor 3 Stunden",
    /// "il y a 3 heures"); a date after `now` (a clock set back) reads as now.
    public func age(since date: Date, now: Date) -> String {
        var style = Date.AnchoredRelativeFormatStyle(anchor: min(date, now), presentation: .named, unitsStyle: .wide)
        style.locale = foundation
        return now.formatted(style)
    }

    /// A clock time to the second on a 24-hour clock (`14:05:09`, written so in all three
    /// languages), in the machine's time zone: for logs and the preview's status line.
    public func time(_ date: Date) -> String {
        let style = Date.VerbatimFormatStyle(
            format: "\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
            timeZone: .current, calendar: Calendar(identifier: .gregorian))
        return date.formatted(style)
    }
}
