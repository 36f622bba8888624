import FlowCore
import FlowPresentation
import Foundation
import RetailKit

/// How the retail widgets read (CONTRACT §6) and the hints of the retail host actions:
/// a renderer-independent description, registered beside the retail widget contents so that
/// the terminal's `vitrine render --accessibility` and the SwiftUI views read the same words.
///
/// A product card reads "Wool coat Cora, $91.99, was $114.99, 20 % off, rated 4.3 out of 5,
/// low stock": the title, the price in the shopper's locale, the old price and the saving,
/// the rating as words, the availability, then its badges. A hero adds its countdown; a card
/// with a call to action has the call as a second element, a button.
public enum RetailAccessibility {
    public static func register(on catalog: inout AccessibilityCatalog) {
        catalog.registerHint(forAction: OpenPageAction.type) { _, environment in environment.shopperWords[.opensPage] }
        catalog.registerHint(forAction: DeeplinkAction.type) { _, environment in environment.shopperWords[.opensLink] }
        catalog.registerHint(forAction: OpenSearchAction.type) { _, environment in environment.shopperWords[.opensSearch] }
        catalog.registerHint(forAction: AddToCartAction.type) { _, environment in environment.shopperWords[.addsToCart] }
        catalog.registerActionName(forAction: AddToCartAction.type) { _, environment in environment.shopperWords[.addToCart] }

        catalog.register(HeroCampaignContent.self) { content, request in
            let ending: String? = content.endsAt.map { Self.countdown(until: $0, in: request.environment) }
            let card = request.element([AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), ending, request.alt(content.image, besides: AccessibilityText.spoken(content.title))])
            return [card, content.cta.flatMap { request.button($0, part: 0) }].compactMap { $0 }
        }
        catalog.registerReadingChanges(HeroCampaignContent.self) { content, now in
            content.endsAt.flatMap { countdownChange(until: $0, after: now) }
        }
        catalog.register(CampaignCardContent.self) { content, request in
            [request.element([AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), request.alt(content.image, besides: AccessibilityText.spoken(content.title))])].compactMap { $0 }
        }
        catalog.register(CategoryTileContent.self) { content, request in
            [request.element([AccessibilityText.spoken(content.title), request.alt(content.image, besides: AccessibilityText.spoken(content.title))])].compactMap { $0 }
        }
        catalog.register(ProductCardContent.self) { content, request in
            guard var card = request.element(Self.productParts(content, in: request.environment)) else { return [] }
            card.actions += request.tagActions(content.badges)
            return [card]
        }
        catalog.register(ProductDetailContent.self) { content, request in
            let words = request.environment.shopperWords
            var parts: [String?] = [AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle),
                                    request.environment.shopperFormat.price(content.price)]
            parts += Self.reduction(content.price, from: content.compareAtPrice, in: request.environment)
            if let rating = content.rating { parts.append(words(.spokenRated, ["rating": request.environment.shopperFormat.rating(rating)])) }
            parts.append(Self.stock(request.environment.availability(of: content.productID, page: content.availability), words: words))
            parts += [AccessibilityText.spoken(content.delivery), AccessibilityText.spoken(content.description)]
            let card = request.element(parts + [request.alt(content.image, besides: AccessibilityText.spoken(content.title))])
            return [card, content.cta.flatMap { request.button($0, part: 0) }].compactMap { $0 }
        }
        catalog.register(EditorialCardContent.self) { content, request in
            let card = request.element([AccessibilityText.spoken(content.kicker), AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.body), request.alt(content.image, besides: AccessibilityText.spoken(content.title))])
            return [card, content.cta.flatMap { request.button($0, part: 0) }].compactMap { $0 }
        }
        catalog.register(PromoBannerContent.self) { content, request in
            let words = request.environment.shopperWords
            let code = AccessibilityText.clean(content.code).map { words(.spokenCode, ["code": $0]) }
            return [request.element([AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), code, request.alt(content.image, besides: AccessibilityText.spoken(content.title))])]
                .compactMap { $0 }
        }
        catalog.register(SearchBarContent.self) { content, request in
            // A search field, never a button: activating it is what a field does.
            // A placeholder with nothing readable in it reads as no placeholder: "Search".
            guard var field = request.element([AccessibilityText.clean(content.placeholder) ?? request.words[.search]]) else { return [] }
            field.role = .searchField
            return [field]
        }
    }

    /// A catalogue of every widget the app registers (starter and retail) and every action's hint.
    public static var catalog: AccessibilityCatalog {
        var catalog = StarterAccessibility.catalog
        register(on: &catalog)
        return catalog
    }

    /// What a product card says, in order.
    static func productParts(_ content: ProductCardContent, in environment: AccessibilityEnvironment) -> [String?] {
        let words = environment.shopperWords
        var parts: [String?] = [AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), environment.shopperFormat.price(content.price)]
        parts += reduction(content.price, from: content.compareAtPrice, in: environment)
        if let rating = content.rating { parts.append(words(.spokenRated, ["rating": environment.shopperFormat.rating(rating)])) }
        parts.append(stock(environment.availability(of: content.productID, page: content.availability), words: words))
        return parts + content.badges.map { AccessibilityText.spoken($0.text) }
    }

    /// "was $114.99, 20 % off" when `compareAt` is the higher price before (as the terminal
    /// strikes it through), the percentage only when it rounds to more than 0.
    static func reduction(_ price: Price, from compareAt: Price?, in environment: AccessibilityEnvironment) -> [String?] {
        guard let compareAt, PriceFormat.isReduced(price, from: compareAt) else { return [] }
        let words = environment.shopperWords
        return [words(.spokenWas, ["price": environment.shopperFormat.price(compareAt)]),
                PriceFormat.percentOff(price, comparedWith: compareAt).map { words(.spokenPercentOff, ["percent": String($0)]) }]
    }

    /// What a product's availability adds: nothing when it is available.
    static func stock(_ availability: ProductCardContent.Availability, words: Words) -> String? {
        switch availability {
        case .available: nil
        case .lowStock: words[.spokenLowStock]
        case .unavailable: words[.spokenSoldOut]
        }
    }

    /// The first instant after `now` at which `countdown` says something else (the next
    /// minute, day or the change from the date to days), nil once it says "ended".
    public static func countdownChange(until end: Date, after now: Date) -> Date? {
        let seconds = end.timeIntervalSince(now)
        guard seconds > 0, seconds.isFinite else { return nil }
        if seconds < 24 * 3600 {
            // "ends in N minutes" with N the minutes left rounded up: N - 1 once exactly N - 1 are left.
            return end.addingTimeInterval(-((seconds / 60).rounded(.up) - 1) * 60)
        }
        // Whole days left, then the date: a second after the count drops below its bound.
        let bound = seconds < 14 * 24 * 3600 ? (seconds / 86_400).rounded(.down) * 86_400 : 14 * 24 * 3600
        return end.addingTimeInterval(-bound + 1)
    }

    /// How long until `end`, as words: minutes and hours within a day, days within two weeks,
    /// else the date in the shopper's locale (UTC, as the backend writes it).
    public static func countdown(until end: Date, in environment: AccessibilityEnvironment) -> String {
        let words = environment.shopperWords
        let seconds = end.timeIntervalSince(environment.now)
        guard seconds > 0, seconds.isFinite else { return words[.spokenEnded] }
        if seconds < 24 * 3600 {
            let minutes = Int((seconds / 60).rounded(.up))
            let (hours, rest) = (minutes / 60, minutes % 60)
            // "2 hours 5 minutes", "2 hours" (no "0 minutes"), "0 minutes".
            let parts = [hours > 0 ? words.plural(.spokenHoursOne, .spokenHoursOther, count: hours) : nil,
                         rest > 0 || hours == 0 ? words.plural(.spokenMinutesOne, .spokenMinutesOther, count: rest) : nil]
            return words(.spokenEndsIn, ["time": parts.compactMap { $0 }.joined(separator: " ")])
        }
        if seconds < 14 * 24 * 3600 { return words.plural(.spokenEndsInDaysOne, .spokenEndsInDaysOther, count: Int(seconds / (24 * 3600))) }
        var style = Date.FormatStyle(date: .long, time: .omitted).locale(words.locale.locale)
        style.timeZone = TimeZone(identifier: "UTC") ?? style.timeZone
        return words(.spokenEndsOn, ["date": end.formatted(style)])
    }
}

extension AccessibilityEnvironment {
    /// The shopper app's words in the environment's language.
    var shopperWords: Words { Words(AppLocale(identifier: locale.identifier)) }

    /// Prices, numbers and ratings as those words write them: what the screen shows.
    var shopperFormat: RetailFormat { RetailFormat(AppLocale(identifier: locale.identifier)) }

    /// A product's availability as the shopper app draws it: sold out since the page came
    /// when the app's marks say so (`hostContext`), else the page's.
    func availability(of productID: String, page: ProductCardContent.Availability) -> ProductCardContent.Availability {
        (hostContext as? ShopperMarks)?.availability(of: productID, page: page) ?? page
    }
}

extension VitrineApp {
    /// How every widget the app registers reads to a screen reader, and the hints of every
    /// action it runs: what `vitrine render --accessibility` prints and the SwiftUI views hand
    /// VoiceOver.
    public static var accessibility: AccessibilityCatalog { RetailAccessibility.catalog }
}
