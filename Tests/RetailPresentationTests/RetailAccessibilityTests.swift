import FlowCore
import FlowPresentation
import Foundation
import RetailKit
@testable import RetailPresentation
import TestSupport
import Testing

/// How the retail widgets read: prices in the shopper's locale, the saving, the rating as
/// words, availability, countdowns; the retail actions' hints.
@Suite struct RetailAccessibilityTests {
    static let now = Date(timeIntervalSince1970: 1_798_000_000)

    func environment(_ locale: String = "en-US", now: Date = now, marks: ShopperMarks? = nil) -> AccessibilityEnvironment {
        AccessibilityEnvironment(
            locale: Locale(identifier: locale), words: Words(AppLocale(identifier: locale)).engine,
            evaluation: EvaluationContext(client: VitrineApp.clientContext, now: now), hostContext: marks)
    }

    func lines(_ widget: String, locale: String = "en-US", now: Date = now, marks: ShopperMarks? = nil) throws -> [String] {
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
            .decodePage(Data(#"{"page": {"sections": [{"id": "s", "widgets": [\#(widget)]}]}}"#.utf8)).page
        return ReadingOrder(catalog: VitrineApp.accessibility, environment: environment(locale, now: now, marks: marks)).elements(of: page).map(\.line)
    }

    /// What VoiceOver says of stock is what the screen shows: a product the server said is
    /// sold out since the page came reads as sold out (the app's marks), its price as the
    /// shopper's words write it whatever the device's region.
    @Test func aCardReadsAsTheAppDrawsIt() throws {
        let marks = ShopperMarks(soldOut: [ExactString("p")])
        #expect(try lines(coat, marks: marks).first?.contains("sold out") == true)
        #expect(try lines(coat).first?.contains("low stock") == true)
        #expect(try lines(coat, locale: "de-CH").first?.contains("91,99") == true, "de-CH reads as the German words write it")
    }

    let coat = #"{"type": "product_card", "id": "p", "data": {"product_id": "p", "title": "Wool coat Cora","#
        + #" "price": {"amount": 91.99, "currency": "USD"}, "compare_at_price": {"amount": 114.99, "currency": "USD"},"#
        + #" "availability": "low_stock", "rating": 4.3}, "actions": {"tap": {"type": "open_page", "page_id": "product:p"}}}"#

    /// An icon-only button is named in the shopper's language by its symbol, never by the
    /// symbol's English name.
    @Test func anIconButtonIsNamedInTheShoppersLanguage() throws {
        let row = #"{"type": "button_row", "id": "b", "data": {"buttons": [{"icon": "heart.fill", "action": {"type": "open_page", "page_id": "category:x"}},"#
            + #" {"icon": "arrow.right", "action": {"type": "open_page", "page_id": "category:y"}}, {"icon": "square.and.arrow.up", "action": {"type": "dismiss"}}]}}"#
        let german = try lines(row, locale: "de-DE")
        #expect(german.count == 3 && german[0].hasPrefix("button: merken") && german[1].hasPrefix("button: weiter") && german[2].hasPrefix("button: teilen"), "\(german)")
        #expect(try lines(row, locale: "fr-FR")[0].hasPrefix("button: favori"))
    }

    @Test func aProductCardSaysPriceSavingRatingAndStock() throws {
        #expect(try lines(coat) == ["button: Wool coat Cora, $91.99, was $114.99, 20 % off, rated 4.3 out of 5, low stock — Opens the page"])
    }

    @Test func addingToTheCartIsANamedActionOfTheCard() throws {
        let card = coat.replacingOccurrences(of: #""actions": {"tap""#, with: #""actions": {"add_to_cart": {"type": "add_to_cart", "product_id": "p"}, "tap""#)
        #expect(try lines(card) == ["button: Wool coat Cora, $91.99, was $114.99, 20 % off, rated 4.3 out of 5, low stock — Opens the page {actions: Add to cart}"])
        #expect(try lines(card, locale: "de-DE").first?.hasSuffix("{actions: In den Warenkorb}") == true)
    }

    @Test func aProductCardInGermanAndFrench() throws {
        let german = try #require(try lines(coat, locale: "de-DE").first)
        #expect(german.hasPrefix("button: Wool coat Cora, 91,99 $, vorher 114,99 $, 20 % reduziert, bewertet mit 4,3 von 5, nur noch wenige"))
        #expect(german.hasSuffix("— Öffnet die Seite"))
        let french = try #require(try lines(coat, locale: "fr-FR").first)
        #expect(french.contains("noté 4,3 sur 5") && french.contains("stock limité") && french.contains("20 % de remise"))
    }

    @Test func aSoldOutCardWithoutSavingOrRating() throws {
        let card = #"{"type": "product_card", "id": "p", "data": {"product_id": "p", "title": "Scarf", "price": {"amount": 35, "currency": "EUR"},"#
            + #" "compare_at_price": {"amount": 20, "currency": "EUR"}, "availability": "unavailable", "badges": [{"text": "Organic"}]}}"#
        #expect(try lines(card, locale: "de-DE") == ["text: Scarf, 35,00 €, ausverkauft, Organic"], "a compare-at price below the price is no saving")
    }

    @Test func priceFormatFollowsTheLocaleAndTheCurrency() {
        #expect(PriceFormat.string(Price(amount: 91.99, currency: "USD"), locale: Locale(identifier: "en-US")) == "$91.99")
        let euro = PriceFormat.string(Price(amount: 1234.5, currency: "EUR"), locale: Locale(identifier: "de-DE"))
        #expect(euro.hasPrefix("1.234,50") && euro.hasSuffix("€"))
        #expect(PriceFormat.string(Price(amount: 500, currency: "JPY"), locale: Locale(identifier: "en-US")).contains("500"))
        #expect(!PriceFormat.string(Price(amount: 1e300, currency: "USD"), locale: Locale(identifier: "en-US")).isEmpty, "an edge amount formats, never traps")
    }

    @Test func percentOffNeverTraps() {
        func off(_ price: Double, _ compare: Double, _ currency: String = "USD") -> Int? {
            PriceFormat.percentOff(Price(amount: price, currency: "USD"), comparedWith: Price(amount: compare, currency: currency))
        }
        #expect(off(91.99, 114.99) == 20)
        #expect(off(0, .greatestFiniteMagnitude) == 100)
        #expect(off(10, 10) == nil && off(10, 5) == nil && off(0, 0) == nil)
        #expect(off(10, 20, "EUR") == nil, "prices in two currencies are not compared")
        #expect(off(99.999, 100) == nil, "under half a percent is no saving")
    }

    @Test func aHeroSaysWhenItEnds() throws {
        let hero = #"{"type": "hero_campaign", "id": "h", "data": {"campaign_id": "c", "image": "https://x/h.jpg", "title": "Winter Sale","#
            + #" "ends_at": "END", "cta": {"title": "Shop now", "action": {"type": "deeplink", "url": "vitrine://campaign/c"}}}}"#
        func reading(ending seconds: Double, _ locale: String = "en-US") throws -> [String] {
            try lines(hero.replacingOccurrences(of: "END", with: RFC3339.string(from: Self.now.addingTimeInterval(seconds))), locale: locale)
        }
        #expect(try reading(ending: 3 * 86_400 + 60) == ["text: Winter Sale, ends in 3 days", "button: Shop now — Opens the link"])
        #expect(try reading(ending: 2 * 3_600 + 5 * 60 - 1).first == "text: Winter Sale, ends in 2 hours 5 minutes")
        #expect(try reading(ending: 30).first == "text: Winter Sale, ends in 1 minute")
        #expect(try reading(ending: 86_400 * 40).first?.hasPrefix("text: Winter Sale, ends on ") == true)
        #expect(try reading(ending: 86_400 * 2, "fr-FR").first == "text: Winter Sale, se termine dans 2 jours")
        #expect(try reading(ending: 0).first == "text: Winter Sale, ended", "at the very instant it is shown and has ended")
    }

    @Test func everyOtherRetailWidgetReads() throws {
        #expect(try lines(#"{"type": "campaign_card", "id": "c", "data": {"campaign_id": "c", "title": "Boots week", "subtitle": "New arrivals"}}"#)
            == ["text: Boots week, New arrivals"])
        #expect(try lines(#"{"type": "category_tile", "id": "c", "data": {"category_id": "c", "title": "Shoes", "icon": "shoe"}, "actions": {"tap": {"type": "open_page", "page_id": "category:c"}}}"#)
            == ["button: Shoes — Opens the page"])
        #expect(try lines(#"{"type": "editorial_card", "id": "e", "data": {"kicker": "Style", "title": "Layers", "body": {"text": "**Three** pieces", "is_markdown": true}, "cta": {"title": "Read", "action": {"type": "add_to_cart", "product_id": "p"}}}}"#)
            == ["text: Style, Layers, Three pieces", "button: Read — Adds to the cart"])
        #expect(try lines(#"{"type": "promo_banner", "id": "b", "data": {"title": "Free shipping", "code": "SHIP"}}"#) == ["text: Free shipping, code SHIP"])
        #expect(try lines(#"{"type": "search_bar", "id": "s", "data": {}, "actions": {"tap": {"type": "open_search"}}}"#) == ["search_field: Search — Opens search"])
        #expect(try lines(#"{"type": "search_bar", "id": "s", "data": {"placeholder": "Find"}}"#, locale: "de-DE") == ["search_field: Find"])
    }

    @Test func theCartBadgeCountsInEachLanguage() {
        func items(_ locale: AppLocale, _ count: Int) -> String { Words(locale).plural(.itemsInCartOne, .itemsInCartOther, count: count) }
        #expect(items(.enUS, 1) == "1 item in the cart")
        #expect(items(.enUS, 3) == "3 items in the cart")
        #expect(items(.deDE, 2) == "2 Artikel im Warenkorb")
        #expect(items(.frFR, 0) == "0 article dans le panier")
        #expect(items(.enUS, 1_000) == "1,000 items in the cart", "the count in the locale's form")
        #expect(AppLocale(identifier: "ja-JP") == .enUS, "other languages read English")
    }

    @Test func theAppDescribesEveryWidgetItRegisters() {
        let problems = RegistryCoverage.problems([
            ("the widget catalogue", VitrineApp.makeWidgetCatalog().registeredTypes), ("the accessibility catalogue", VitrineApp.accessibility.registeredTypes),
        ])
        #expect(problems == [])
    }

    @Test func aBackendLabelWins() throws {
        let labelled = coat.replacingOccurrences(of: #""rating": 4.3}"#, with: #""rating": 4.3}, "accessibility": {"label": "Cora, on sale", "hidden": false}"#)
        #expect(try lines(labelled) == ["button: Cora, on sale — Opens the page"])
    }

    func elements(_ widget: String) throws -> [AccessibilityElement] {
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
            .decodePage(Data(#"{"page": {"sections": [{"id": "s", "widgets": [\#(widget)]}]}}"#.utf8)).page
        return ReadingOrder(catalog: VitrineApp.accessibility, environment: environment()).elements(of: page)
    }

    @Test func aLabelledCardStillDoesWhatItsCallToActionDoes() throws {
        let hero = #"{"type": "hero_campaign", "id": "h", "accessibility": {"label": "Big sale"}, "data": {"campaign_id": "c", "image": "https://x/a.jpg","#
            + #" "title": "Sale", "cta": {"title": "Shop", "action": {"type": "open_page", "page_id": "x"}}}}"#
        let shop = try #require(try elements(hero).first)
        #expect(shop.line == "button: Big sale — Opens the page")
        #expect(shop.activation == .action(ActionData(type: "open_page", ["page_id": "x"])), "double-tap fires the call to action")
        let tappable = hero.replacingOccurrences(of: #""id": "h","#, with: #""id": "h", "actions": {"tap": {"type": "open_page", "page_id": "t"}},"#)
        let both = try #require(try elements(tappable).first)
        #expect(both.activation == .event("tap"))
        #expect(both.actions == [AccessibilityElement.CustomAction(name: "Shop", activation: .action(ActionData(type: "open_page", ["page_id": "x"])))])
        #expect(both.line == "button: Big sale — Opens the page {actions: Shop}")
    }

    @Test func aSearchBarWithAnUnreadablePlaceholderReadsSearch() throws {
        for placeholder in [#"" ""#, #""\u001b\u0007""#, #""\u200b""#] {
            #expect(try lines(#"{"type": "search_bar", "id": "s", "data": {"placeholder": \#(placeholder)}}"#) == ["search_field: Search"], "\(placeholder)")
        }
    }

    @Test func edgePricesReadAsTheTerminalShowsThem() throws {
        func card(_ price: String, _ compare: String? = nil) -> String {
            #"{"type": "product_card", "id": "p", "data": {"product_id": "p", "title": "T", "availability": "available", "price": \#(price)"#
                + (compare.map { #", "compare_at_price": \#($0)"# } ?? "") + "}}"
        }
        #expect(try lines(card(#"{"amount": -0.0, "currency": "USD"}"#)) == ["text: T, $0.00"], "a negative zero is zero")
        #expect(PriceFormat.string(Price(amount: -0.0, currency: "EUR"), locale: Locale(identifier: "de-DE")) == "0,00\u{a0}€")
        #expect(try lines(card(#"{"amount": 99.999, "currency": "USD"}"#, #"{"amount": 100, "currency": "USD"}"#)) == ["text: T, $100.00"],
                "a price before that reads as the price is no reduction: never \"$100.00, was $100.00\"")
        #expect(try lines(card(#"{"amount": 99.99, "currency": "USD"}"#, #"{"amount": 100, "currency": "USD"}"#)) == ["text: T, $99.99, was $100.00"],
                "a saving that rounds to 0 % still says the price before, as the terminal strikes it through")
    }

    @Test func aCountdownOnTheHourSaysNoZeroMinutes() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        func said(_ seconds: TimeInterval, _ locale: String = "en-US") -> String {
            RetailAccessibility.countdown(until: start.addingTimeInterval(seconds), in: environment(locale, now: start))
        }
        #expect(said(2 * 3600) == "ends in 2 hours")
        #expect(said(2 * 3600 + 60) == "ends in 2 hours 1 minute")
        #expect(said(1) == "ends in 1 minute", "a second left reads as the minute it is in")
        #expect(said(1 * 3600, "de-DE") == "endet in 1 Stunde")
    }

    @Test func aProductCardsBadgesWithActionsAreItsNamedActions() throws {
        let card = #"{"type": "product_card", "id": "p", "data": {"product_id": "p", "title": "T", "availability": "available","#
            + #" "price": {"amount": 5, "currency": "USD"}, "badges": [{"text": "New"}, {"text": "Eco", "action": {"type": "open_page", "page_id": "eco"}}]}}"#
        let element = try #require(try elements(card).first)
        #expect(element.line == "text: T, $5.00, New, Eco {actions: Eco}")
        #expect(element.actions.first?.activation == .action(ActionData(type: "open_page", ["page_id": "eco"])))
    }

    /// A product page reads as its sentence then its call: the view puts the content's
    /// sentence on its details and the call's element on its call (`PartReading`).
    @Test func aProductPageIsItsSentenceThenItsCall() throws {
        let detail = #"{"type": "product_detail", "id": "pd", "data": {"product_id": "p", "title": "Wool coat Cora","#
            + #" "price": {"amount": 91.99, "currency": "USD"}, "compare_at_price": {"amount": 114.99, "currency": "USD"},"#
            + #" "availability": "low_stock", "rating": 4.3, "delivery": "Delivered in 2 days", "image": {"url": "https://x/c.jpg", "alt": "Grey wool coat"},"#
            + #" "cta": {"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p"}}}}"#
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
            .decodePage(Data(#"{"page": {"sections": [{"id": "s", "widgets": [\#(detail)]}]}}"#.utf8)).page
        let elements = ReadingOrder(catalog: VitrineApp.accessibility, environment: environment()).elements(of: page)
        #expect(PartReading.content(of: "pd", in: elements)?.line
            == "text: Wool coat Cora, $91.99, was $114.99, 20 % off, rated 4.3 out of 5, low stock, Delivered in 2 days, Grey wool coat")
        #expect(PartReading(part: 0, of: "pd", in: elements).element?.line == "button: Add to cart — Adds to the cart")
        let soldOut = try lines(detail.replacingOccurrences(of: "low_stock", with: "unavailable")
            .replacingOccurrences(of: #""title": "Add to cart", "#, with: #""title": "Add to cart", "disabled": true, "#))
        #expect(soldOut.first?.contains("sold out") == true)
        #expect(soldOut.last == "button: Add to cart [dimmed] — Adds to the cart")
    }

    /// A hero's countdown is read as it is now, not as it was at the page's instant: its
    /// reading changes at instants the catalogue names, which a renderer reads it again at;
    /// each one says something new, and the last says "ended".
    @Test func aHerosReadingIsReadAgainAtEachChangeOfItsCountdown() throws {
        let end = Self.now.addingTimeInterval(3 * 3_600)
        let hero = #"{"type": "hero_campaign", "id": "h", "data": {"campaign_id": "c", "image": "https://x/h.jpg", "title": "Sale","#
            + #" "ends_at": "\#(RFC3339.string(from: end))"}}"#
        let page = try PageDecoder(catalog: VitrineApp.makeWidgetCatalog())
            .decodePage(Data(#"{"page": {"sections": [{"id": "s", "widgets": [\#(hero)]}]}}"#.utf8)).page
        let widget = try #require(page.sections.first?.widgets.first)
        let catalog = VitrineApp.accessibility
        func reading(at instant: Date) -> String? { catalog.elements(for: widget, in: environment(now: instant)).first?.label }
        #expect(catalog.nextReadingChange(of: widget, after: Self.now) == end.addingTimeInterval(-179 * 60))
        let changes = Array(try #require(catalog.readingChanges(of: widget, from: Self.now)))
        #expect(changes.count == 181, "now, then every minute down to the end")
        for (before, after) in zip(changes, changes.dropFirst()) {
            #expect(reading(at: after) != reading(at: before))
            #expect(reading(at: after.addingTimeInterval(-0.5)) == reading(at: before), "nothing changes between two changes")
        }
        #expect(reading(at: try #require(changes.last)) == "Sale, ended")
        #expect(catalog.nextReadingChange(of: widget, after: end) == nil, "an ended countdown is not read again")
        let farOff = end.addingTimeInterval(20 * 86_400)
        let fromDate = try #require(RetailAccessibility.countdownChange(until: farOff, after: Self.now))
        #expect(RetailAccessibility.countdown(until: farOff, in: environment(now: fromDate)) == "ends in 13 days", "the date gives way to days")
        let dayChange = try #require(RetailAccessibility.countdownChange(until: farOff, after: fromDate))
        #expect(RetailAccessibility.countdown(until: farOff, in: environment(now: dayChange)) == "ends in 12 days")
        #expect(RetailAccessibility.countdownChange(until: .distantFuture, after: Self.now).map { $0 > Self.now } == true)
    }
}
