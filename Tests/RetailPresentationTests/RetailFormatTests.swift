import FlowCore
import Foundation
import Testing
import RetailKit
@testable import RetailPresentation

/// Prices, numbers, ratings, dates and countdowns as each locale writes them, by Foundation's
/// formatters, in the payload's currency.
@Suite struct RetailFormatTests {
    static let nbsp = "\u{A0}"

    @Test func pricesAreTheLocalesFormInThePayloadsCurrency() {
        let price = Price(amount: 83.99, currency: "EUR")
        #expect(RetailFormat(.deDE).price(price) == "83,99\(Self.nbsp)€")
        #expect(RetailFormat(.frFR).price(price) == "83,99\(Self.nbsp)€")
        #expect(RetailFormat(.enUS).price(price) == "€83.99")
        #expect(RetailFormat(.deDE).price(Price(amount: 91.99, currency: "USD")) == "91,99\(Self.nbsp)$", "the currency is the payload's")
        #expect(RetailFormat(.enUS).price(Price(amount: 1234, currency: "JPY")) == "¥1,234", "the currency's own decimals")
        #expect(RetailFormat(.enUS).price(Price(amount: .infinity, currency: "USD")) == "USD", "no number to write: never a trap")
    }

    /// A price before is a reduction only when it reads higher as the currency writes it: a
    /// fraction of a cent is none (it read "was $10.00" beside "$10.00", "you save $0.00").
    @Test func aReductionIsOneAsTheCurrencyWritesIt() {
        #expect(!PriceFormat.isReduced(Price(amount: 9.999, currency: "USD"), from: Price(amount: 10.004, currency: "USD")))
        #expect(PriceFormat.isReduced(Price(amount: 9.99, currency: "USD"), from: Price(amount: 10, currency: "USD")))
        #expect(!PriceFormat.isReduced(Price(amount: 100.2, currency: "JPY"), from: Price(amount: 100.4, currency: "JPY")), "yen has no minor unit")
        #expect(!PriceFormat.isReduced(Price(amount: 5, currency: "USD"), from: Price(amount: 10, currency: "EUR")))
    }

    @Test func numbersAndRatingsAreTheLocalesForm() {
        #expect(RetailFormat(.deDE).rating(4.3) == "4,3")
        #expect(RetailFormat(.enUS).rating(4.25) == "4.3" || RetailFormat(.enUS).rating(4.25) == "4.2")
        #expect(RetailFormat(.deDE).number(1234) == "1.234")
        #expect(RetailFormat(.enUS).number(1234) == "1,234")
        #expect(RetailFormat(.frFR).number(1234).filter(\.isNumber) == "1234")
        #expect(RetailFormat(.deDE).rating(.nan) == "")
    }

    /// Counts under 1,000 and days and months are written without Foundation's formatters,
    /// whose first use would cost the first frame: exactly as those formatters write them, in
    /// every language, for every month and day (the day is UTC's, also just before midnight).
    @Test func whatIsWrittenWithoutFoundationsFormattersIsWhatTheyWrite() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        for locale in AppLocale.allCases {
            let format = RetailFormat(locale)
            for value in Array(0..<1_000) + [1_000, 1_234, -1, -999, Int.max] {
                #expect(format.number(value) == value.formatted(.number.locale(locale.locale)), "\(locale) \(value)")
            }
            let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: locale.locale, calendar: Calendar(identifier: .gregorian),
                                         timeZone: utc.timeZone).day().month(.abbreviated)
            for month in 1...12 {
                for day in [1, 9, 10, 28] {
                    for (hour, minute) in [(0, 0), (23, 59)] {
                        let date = try #require(utc.date(from: DateComponents(year: 2027, month: month, day: day, hour: hour, minute: minute)))
                        #expect(format.dayAndMonth(date) == date.formatted(style), "\(locale) \(month)-\(day)")
                    }
                }
            }
            for date in [Date.distantFuture, .distantPast, Date(timeIntervalSince1970: -2_208_988_801), Date(timeIntervalSince1970: -2_208_988_800),
                         Date(timeIntervalSince1970: 253_402_300_799), Date(timeIntervalSince1970: 253_402_300_800)] {
                #expect(format.dayAndMonth(date) == date.formatted(style), "\(locale) \(date)")
            }
            #expect(AppLocale(identifier: locale.rawValue) == locale)
            #expect(locale.locale.identifier == locale.rawValue.replacingOccurrences(of: "-", with: "_"))
        }
    }

    /// The calendar arithmetic behind `dayAndMonth` is Foundation's Gregorian calendar in UTC,
    /// day by day from 1900 to 2300.
    @Test func theDayArithmeticIsTheGregorianCalendars() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = -25_567  // 1900-01-01
        var mismatches: [Int] = []
        for days in first..<(first + 146_097) {
            let parts = utc.dateComponents([.month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let computed = RFC3339.civil(fromDays: days)
            if computed.month != parts.month || computed.day != parts.day { mismatches.append(days) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func countdownsAreInTheShoppersWords() {
        let now = Date(timeIntervalSince1970: 1_798_000_000)
        #expect(Countdown.text(until: now.addingTimeInterval(6 * 86_400 + 60), now: now, in: .deDE) == "Endet in 6 Tagen")
        #expect(Countdown.text(until: now.addingTimeInterval(86_400 + 60), now: now, in: .enUS) == "Ends in 1 day")
        #expect(Countdown.text(until: now.addingTimeInterval(2 * 86_400), now: now, in: .frFR) == "Se termine dans 2 jours")
        #expect(Countdown.text(until: now.addingTimeInterval(3_661), now: now, in: .deDE) == "Endet in 1:01:01")
        #expect(Countdown.text(until: now, now: now, in: .frFR) == "Terminé")
        let far = Countdown.text(until: now.addingTimeInterval(30 * 86_400), now: now, in: .deDE)
        #expect(far.hasPrefix("Bis "), "\(far)")
        #expect(Countdown.text(until: Date.distantFuture, now: now, in: .enUS).hasPrefix("Until "))
    }
}
