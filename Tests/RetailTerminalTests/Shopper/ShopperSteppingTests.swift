import FlowCore
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// A count stepped by a key stays within what the widget allows, and a step past the edge of
/// `Int` (a payload's `min` of −2^63) stays at the edge instead of trapping.
@MainActor
@Suite struct ShopperSteppingTests {
    func widget(_ data: String) throws -> WidgetModel {
        let json = #"{"page": {"sections": [{"widgets": [{"type": "stepper_row", "id": "s", "data": \#(data)}]}]}}"#
        let page = try PageDecoder(catalog: RetailViews.makeRegistry().catalog).decodePage(Data(json.utf8)).page
        return try #require(page.sections.first?.widgets.first)
    }

    @Test func aStepBelowIntMinStaysThere() throws {
        let stepper = try widget(#"{"title": "Count", "min": -9223372036854775808, "max": 0, "initial": -9223372036854775808}"#)
        #expect(ShopperApp.stepped(stepper, state: nil, by: -1, marks: ShopperMarks()) == Int.min)
        #expect(ShopperApp.stepped(stepper, state: nil, by: 1, marks: ShopperMarks()) == Int.min + 1)
    }

    @Test func aStepAboveTheLargestCountStaysThere() throws {
        let stepper = try widget(#"{"title": "Count", "min": 0, "max": 9223372036854774784, "initial": 9223372036854774784}"#)
        #expect(ShopperApp.stepped(stepper, state: .number(9.223372036854774784e18), by: 1, marks: ShopperMarks()) == 9_223_372_036_854_774_784)
    }

    @Test func stepsStayWithinMinAndMax() throws {
        let stepper = try widget(#"{"title": "Count", "min": 1, "max": 3, "initial": 3}"#)
        #expect(ShopperApp.stepped(stepper, state: nil, by: 1, marks: ShopperMarks()) == 3)
        #expect(ShopperApp.stepped(stepper, state: .number(1), by: -1, marks: ShopperMarks()) == 1)
        #expect(ShopperApp.stepped(stepper, state: .number(2), by: 1, marks: ShopperMarks()) == 3)
    }
}
