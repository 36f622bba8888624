import FlowCore
import FlowPresentation
import Foundation

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
        catalog.registerHint(forAction: OpenPageAction.type) { _, phrases in RetailPhrases(phrases).opensPage }
        catalog.registerHint(forAction: DeeplinkAction.type) { _, phrases in RetailPhrases(phrases).opensLink }
        catalog.registerHint(forAction: OpenSearchAction.type) { _, phrases in RetailPhrases(phrases).opensSearch }
        catalog.registerHint(forAction: AddToCartAction.type) { _, phrases in RetailPhrases(phrases).addsToCart }
        catalog.registerActionName(forAction: AddToCartAction.type) { _, phrases in RetailPhrases(phrases).addToCart }

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
            let phrases = RetailPhrases(request.phrases)
            var parts: [String?] = [AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle),
                                    PriceFormat.string(content.price, locale: request.environment.locale)]
            parts += Self.reduction(content.price, from: content.compareAtPrice, in: request.environment)
            if let rating = content.rating { parts.append(phrases.rated(request.environment.number(rating))) }
            switch content.availability {
            case .available: break
            case .lowStock: parts.append(phrases.lowStock)
            case .unavailable: parts.append(phrases.soldOut)
            }
            parts += [AccessibilityText.spoken(content.delivery), AccessibilityText.spoken(content.description)]
            let card = request.element(parts + [request.alt(content.image, besides: AccessibilityText.spoken(content.title))])
            return [card, content.cta.flatMap { request.button($0, part: 0) }].compactMap { $0 }
        }
        catalog.register(EditorialCardContent.self) { content, request in
            let card = request.element([AccessibilityText.spoken(content.kicker), AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.body), request.alt(content.image, besides: AccessibilityText.spoken(content.title))])
            return [card, content.cta.flatMap { request.button($0, part: 0) }].compactMap { $0 }
        }
        catalog.register(PromoBannerContent.self) { content, request in
            let phrases = RetailPhrases(request.phrases)
            let code = AccessibilityText.clean(content.code).map(phrases.code)
            return [request.element([AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), code, request.alt(content.image, besides: AccessibilityText.spoken(content.title))])]
                .compactMap { $0 }
        }
        catalog.register(SearchBarContent.self) { content, request in
            // A search field, never a button: activating it is what a field does.
            // A placeholder with nothing readable in it reads as no placeholder: "Search".
            guard var field = request.element([AccessibilityText.clean(content.placeholder) ?? request.phrases.search]) else { return [] }
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
        let phrases = RetailPhrases(environment.phrases)
        var parts: [String?] = [AccessibilityText.spoken(content.title), AccessibilityText.spoken(content.subtitle), PriceFormat.string(content.price, locale: environment.locale)]
        parts += reduction(content.price, from: content.compareAtPrice, in: environment)
        if let rating = content.rating { parts.append(phrases.rated(environment.number(rating))) }
        switch content.availability {
        case .available: break
        case .lowStock: parts.append(phrases.lowStock)
        case .unavailable: parts.append(phrases.soldOut)
        }
        return parts + content.badges.map { AccessibilityText.spoken($0.text) }
    }

    /// "was $114.99, 20 % off" when `compareAt` is the higher price before (as the terminal
    /// strikes it through), the percentage only when it rounds to more than 0.
    static func reduction(_ price: Price, from compareAt: Price?, in environment: AccessibilityEnvironment) -> [String?] {
        guard let compareAt, PriceFormat.isReduced(price, from: compareAt) else { return [] }
        let phrases = RetailPhrases(environment.phrases)
        return [phrases.was(PriceFormat.string(compareAt, locale: environment.locale)),
                PriceFormat.percentOff(price, comparedWith: compareAt).map(phrases.percentOff)]
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
        let phrases = RetailPhrases(environment.phrases)
        let seconds = end.timeIntervalSince(environment.now)
        guard seconds > 0, seconds.isFinite else { return phrases.ended }
        if seconds < 24 * 3600 {
            let minutes = Int((seconds / 60).rounded(.up))
            return phrases.endsIn(hours: minutes / 60, minutes: minutes % 60)
        }
        if seconds < 14 * 24 * 3600 { return phrases.endsIn(days: Int(seconds / (24 * 3600))) }
        var style = Date.FormatStyle(date: .long, time: .omitted).locale(environment.locale)
        style.timeZone = TimeZone(identifier: "UTC") ?? style.timeZone
        return phrases.endsOn(end.formatted(style))
    }
}
