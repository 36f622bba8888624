import FlowCore
import Testing
@testable import FlowPresentation

/// How each starter widget reads, and the payload's `accessibility` laid over it.
@Suite struct StarterAccessibilityTests {
    @Test func aTitleBlockIsAHeaderOfTitleAndSubtitle() throws {
        #expect(try A11y.lines(#"{"type": "title_block", "id": "t", "data": {"title": "Deals", "subtitle": "Today only"}}"#)
            == ["header: Deals, Today only"])
    }

    @Test func aTappableCardIsAButtonWithItsActionsHint() throws {
        let card = #"{"type": "image_text_card", "id": "c", "data": {"title": "Boots", "subtitle": "New", "tags": [{"text": "Hot"}],"#
            + #" "image": {"url": "https://x/b.jpg", "alt": "Brown leather boots"}}, "actions": {"tap": {"type": "open_bottom_sheet", "sheet": {}}}}"#
        #expect(try A11y.lines(card) == ["button: Boots, New, Hot, Brown leather boots — Opens a panel"])
        let plain = #"{"type": "image_text_card", "id": "c", "data": {"title": "Boots", "image": {"url": "https://x/b.jpg", "alt": "boots"}}}"#
        #expect(try A11y.lines(plain) == ["text: Boots"], "an alt that repeats the title is not read twice")
    }

    @Test func aBannerWithoutTextIsItsImage() throws {
        #expect(try A11y.lines(#"{"type": "banner", "id": "b", "data": {"image": {"url": "https://x/b.jpg", "alt": "Sale"}}}"#) == ["image: Sale"])
        #expect(try A11y.lines(#"{"type": "banner", "id": "b", "data": {"image": "https://x/b.jpg"}}"#) == [], "no alt, no text: nothing to read")
    }

    @Test func aButtonRowIsOneElementAButtonDimmedWhenDisabled() throws {
        let row = #"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "Refresh", "action": {"type": "refresh_page"}},"#
            + #" {"icon": "heart.fill"}, {"title": "Off", "disabled": true}, {"title": "Hidden", "accessibility": {"hidden": true}}]}}"#
        #expect(try A11y.lines(row) == ["button: Refresh — Refreshes the page", "button: favourite", "button: Off [dimmed]"])
    }

    @Test func eachControlKnowsWhichPartItIsEvenWhenOneBeforeItReadsAsNothing() throws {
        let page = try A11y.page(#"{"page": {"sections": [{"id": "s", "widgets": [{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "\u001b"}, {"title": "A"}, {"title": "B"}]}}]}]}}"#)
        let elements = ReadingOrder(catalog: StarterAccessibility.catalog, environment: A11y.environment()).elements(of: page)
        #expect(elements.map(\.label) == ["A", "B"])
        #expect(elements.map(\.part) == [1, 2], "the view draws button 1 with A, not button 0")
    }

    @Test func tagsWithActionsAreButtons() throws {
        let rail = #"{"type": "tag_rail", "id": "r", "data": {"tags": [{"text": "New"}, {"text": "Sale", "action": {"type": "dismiss"}}]}}"#
        #expect(try A11y.lines(rail) == ["text: New", "button: Sale — Closes"])
    }

    @Test func aStepperIsAdjustableAndReadsItsLiveCount() throws {
        let stepper = #"{"type": "stepper_row", "id": "s", "data": {"title": "Guests", "min": 1, "max": 4, "initial": 2}}"#
        #expect(try A11y.lines(stepper) == ["adjustable: Guests (2) — Swipe up or down to adjust"])
        #expect(try A11y.lines(stepper, environment: A11y.environment(state: ["s": .number(9)])) == ["adjustable: Guests (4) — Swipe up or down to adjust"],
                "the live count, clamped as the widget clamps it")
    }

    @Test func anAccordionReadsItsItemsOnlyWhenExpanded() throws {
        let accordion = #"{"type": "accordion", "id": "a", "data": {"header": "Details", "items": [{"type": "title_block", "id": "i", "data": {"title": "Wool"}}]}}"#
        #expect(try A11y.lines(accordion) == ["button: Details (collapsed) — Shows or hides its content"])
        #expect(try A11y.lines(accordion, environment: A11y.environment(state: ["a": .bool(true)]))
            == ["button: Details (expanded) — Shows or hides its content", "header: Wool"])
        #expect(try A11y.lines(accordion, environment: A11y.environment(locale: "de-DE"))
            == ["button: Details (eingeklappt) — Zeigt oder verbirgt den Inhalt"])
    }

    @Test func aSeparatorReadsAsNothing() throws {
        #expect(try A11y.lines(#"{"type": "separator", "id": "s", "data": {"style": "line"}}"#) == [])
    }

    @Test func markdownIsReadWithoutItsMarkers() throws {
        #expect(try A11y.lines(#"{"type": "title_block", "id": "t", "data": {"title": {"text": "**Big** *sale* [now](https://x)", "is_markdown": true}}}"#)
            == ["header: Big sale now"])
    }

    @Test func thePayloadsLabelHintAndRoleWin() throws {
        let widget = #"{"type": "title_block", "id": "t", "data": {"title": "4.3"}, "accessibility": {"label": "Rated 4.3 out of 5", "hint": "From 120 reviews", "role": "text"}}"#
        #expect(try A11y.lines(widget) == ["text: Rated 4.3 out of 5 — From 120 reviews"])
        let unknownRole = #"{"type": "title_block", "id": "t", "data": {"title": "Deals"}, "accessibility": {"role": "slider"}}"#
        #expect(try A11y.lines(unknownRole) == ["header: Deals"], "an unknown role reads as none")
        let blank = #"{"type": "title_block", "id": "t", "data": {"title": "Deals"}, "accessibility": {"label": " \n "}}"#
        #expect(try A11y.lines(blank) == ["header: Deals"], "a blank label is no label")
    }

    @Test func hiddenRemovesTheWidgetAndItsFallback() throws {
        let widget = #"{"type": "title_block", "id": "t", "data": {"title": "Decoration"}, "accessibility": {"hidden": true}}"#
        #expect(try A11y.lines(widget) == [])
        let unknown = #"{"type": "hologram", "id": "h", "accessibility": {"hidden": true}, "fallback": {"type": "title_block", "data": {"title": "Instead"}}}, {"type": "title_block", "id": "k", "data": {"title": "Kept"}}"#
        #expect(try A11y.lines(unknown) == ["header: Kept"], "a hidden widget hides what stands in for it")
        #expect(try A11y.lines(unknown, environment: A11y.environment(placeholders: true)) == ["header: Kept"])
    }

    @Test func aLabelOnAWidgetOfSeveralElementsMakesItOne() throws {
        let row = #"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "A"}, {"title": "B"}]}, "accessibility": {"label": "Choose A or B"}}"#
        #expect(try A11y.lines(row) == ["button: Choose A or B"])
        let hinted = #"{"type": "button_row", "id": "r", "data": {"buttons": [{"title": "A"}, {"title": "B"}]}, "accessibility": {"hint": "Pick one"}}"#
        #expect(try A11y.lines(hinted) == ["button: A, B — Pick one"])
    }

    @Test func unknownAndMalformedWidgetsFollowThePolicy() throws {
        let widgets = #"{"type": "hologram", "id": "h"}, {"type": "title_block", "id": "m", "data": {"title": 42}}, {"type": "title_block", "id": "ok", "data": {"title": "Fine"}}"#
        #expect(try A11y.lines(widgets) == ["header: Fine"], "skipped, as a release build shows them")
        let debug = try A11y.lines(widgets, environment: A11y.environment(placeholders: true))
        #expect(debug.count == 3)
        #expect(debug.first == "text: unknown widget type 'hologram'")
        #expect(debug[1].hasPrefix("text: malformed 'title_block'"))
        let german = try A11y.lines(widgets, environment: A11y.environment(locale: "de-DE", placeholders: true))
        #expect(german.first == "text: unbekannter Widget-Typ „hologram“", "a placeholder speaks the reader's language")
        let withFallback = #"{"type": "hologram", "id": "h", "fallback": {"type": "title_block", "data": {"title": "Instead"}}}"#
        #expect(try A11y.lines(withFallback) == ["header: Instead"])
    }

    @Test func everyStarterTypeIsDescribed() {
        #expect(StarterAccessibility.catalog.registeredTypes
            == ["accordion", "banner", "button_row", "image_text_card", "separator", "stepper_row", "tag_rail", "title_block"])
    }

    @Test func aLabelNamesAButtonThatReadsAsNothingAndItStaysAButton() throws {
        let row = #"{"type": "button_row", "id": "r", "data": {"buttons": [{"icon": "circle.fill", "action": {"type": "dismiss"}, "accessibility": {"label": "Close"}},"#
            + #" {"title": "   ", "icon": "fill", "disabled": true, "action": {"type": "dismiss"}, "accessibility": {"label": "Later"}}, {"icon": "circle", "accessibility": {"hint": "Nothing"}}]}}"#
        #expect(try A11y.lines(row) == ["button: Close — Closes", "button: Later [dimmed] — Closes"], "a hint alone names nothing")
    }

    @Test func aLabelOnAWidgetThatReadsAsNothingKeepsItsTap() throws {
        let banner = #"{"type": "banner", "id": "b", "data": {"image": "https://x/b.jpg"}, "accessibility": {"label": "Winter"}, "actions": {"tap": {"type": "dismiss"}}}"#
        #expect(try A11y.lines(banner) == ["button: Winter — Closes"])
    }

    @Test func aLabelOfInvisibleCharactersCountsAsAbsent() throws {
        let title = #"{"type": "title_block", "id": "t", "data": {"title": "Deals"}, "accessibility": {"label": "\u200B\u2060\uFEFF"}}"#
        #expect(try A11y.lines(title) == ["header: Deals"])
    }

    @Test func countsReadExactlyAtAnyInt() {
        #expect(A11y.environment().integer(Int.max) == "9,223,372,036,854,775,807", "not rounded up through Double")
        #expect(A11y.environment(locale: "de-DE").integer(Int.min) == "-9.223.372.036.854.775.808")
    }

    @Test func aStepperNearTheEdgeOfIntReadsItsExactCount() throws {
        let stepper = #"{"type": "stepper_row", "id": "s", "data": {"title": "N", "min": 0, "max": 9223372036854774784, "initial": 9223372036854774784}}"#
        #expect(try A11y.lines(stepper) == ["adjustable: N (9,223,372,036,854,774,784) — Swipe up or down to adjust"], "not 9,223,372,036,854,775,000")
    }
}
