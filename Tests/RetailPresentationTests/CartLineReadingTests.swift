import FlowCore
import Foundation
import RetailKit
@testable import RetailPresentation
import Testing

/// How a cart line reads: the row's activation is never its trash button, so a VoiceOver
/// double-tap on the line cannot remove it.
@Suite struct CartLineReadingTests {
    let coat = CartSnapshot.Line(productID: "p-1", title: "Wool coat", quantity: 2, unitPrice: Price(amount: 91.99, currency: "USD"))

    @Test func aLineReadsTitleQuantityAndPriceAndRemovingIsANamedAction() {
        let reading = CartLineReading(line: coat, isPending: false, locale: Locale(identifier: "en-US"))
        #expect(reading.label == "Wool coat, quantity 2, $91.99")
        #expect(reading.removeAction == "Remove")
        #expect(CartLineReading(line: coat, isPending: false, locale: Locale(identifier: "de-DE")).label == "Wool coat, Menge 2, 91,99 $")
    }

    @Test func aPendingLineOffersNoRemoval() {
        #expect(CartLineReading(line: coat, isPending: true, locale: Locale(identifier: "en-US")).removeAction == nil)
    }

    @Test func hostileTitlesAreMadeSafeAndAnUnreadableOneFallsBackToTheProduct() {
        let hostile = CartSnapshot.Line(productID: "p-9", title: "\u{1B}[2J\u{202E}Coat", quantity: Int.max)
        let reading = CartLineReading(line: hostile, isPending: false, locale: Locale(identifier: "en-US"))
        #expect(!reading.label.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
        #expect(reading.label.hasSuffix("quantity 9,223,372,036,854,775,807"))
        let blank = CartSnapshot.Line(productID: "p-9", title: "\u{200B}", quantity: 1)
        #expect(CartLineReading(line: blank, isPending: false, locale: Locale(identifier: "en-US")).label == "p-9, quantity 1")
    }

    @Test func aPendingLineSaysWhatItWaitsFor() {
        typealias Pending = CartStore.ShownLine.Pending
        #expect(Pending.word(for: nil, isRetrying: false) == nil)
        #expect(Pending.word(for: nil, isRetrying: true) == nil, "a line with nothing pending says nothing")
        #expect(Pending.word(for: .adding, isRetrying: false) == .adding)
        #expect(Pending.word(for: .updating, isRetrying: false) == .updatingLine)
        #expect(Pending.word(for: .removing, isRetrying: false) == .removing)
        #expect(Pending.word(for: .updating, isRetrying: true) == .retryingLine)
    }

    @Test func aLineReadsWhatIsPendingAndItsQuantityIsAdjustableWithinBounds() {
        let coat = CartSnapshot.Line(productID: "p-1", title: "Wool coat", quantity: 1, unitPrice: Price(amount: 91.99, currency: "USD"))
        let en = Locale(identifier: "en-US")
        let updating = CartLineReading(shown: .init(line: coat, pending: .updating), isPending: true, isRetrying: false, locale: en)
        #expect(updating.label == "Wool coat, quantity 1, $91.99, updating…")
        #expect(updating.increased == 2 && updating.decreased == nil)
        let retrying = CartLineReading(shown: .init(line: coat, pending: .updating), isPending: true, isRetrying: true, locale: Locale(identifier: "de-DE"))
        #expect(retrying.label.hasSuffix(Words(.deDE)[.retryingLine]))
        let removing = CartLineReading(shown: .init(line: coat, pending: .removing), isPending: true, isRetrying: false, locale: en)
        #expect(removing.increased == nil && removing.decreased == nil && removing.removeAction == nil, "a line being removed changes no more")
        var many = coat
        many.quantity = 99
        let full = CartLineReading(shown: .init(line: many, pending: nil), isPending: false, isRetrying: false, locale: en)
        #expect(full.increased == nil && full.decreased == 98 && full.removeAction == "Remove")
    }
}
