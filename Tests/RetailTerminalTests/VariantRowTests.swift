import FlowTerminal
import Testing
@testable import RetailTerminal
import RetailPresentation

/// A variant's options on its one row: with long labels, more than one option still shows,
/// and the selected one, the product on screen, is never hidden without a sign.
@Suite struct VariantRowTests {
    static func drawn(_ row: VariantRow) -> Int {
        row.labels.reduce(-1) { $0 + DisplayWidth.of($1) + 3 } + (row.hasMoreBefore ? 2 : 0) + (row.hasMoreAfter ? 2 : 0)
    }

    @Test func shortLabelsShowWhole() {
        let row = VariantRow(labels: ["Alto", "Brio", "Cora"], selected: 1, columns: 60)
        #expect(row.shown == 0..<3 && row.labels == ["Alto", "Brio", "Cora"])
        #expect(!row.hasMoreBefore && !row.hasMoreAfter)
    }

    @Test func longLabelsAreCutKeepingTheirLastWordSoThatAllShow() {
        let labels = ["Modell Trailschuh Alto", "Modell Trailschuh Brio", "Modell Trailschuh Cora"]
        let row = VariantRow(labels: labels, selected: 1, columns: 60)
        #expect(row.shown == 0..<3, "\(row)")
        #expect(row.labels.map { $0.hasSuffix("Alto") } == [true, false, false])
        #expect(row.labels[1].hasSuffix("Brio") && row.labels[2].hasSuffix("Cora"))
        #expect(Self.drawn(row) <= 60)
    }

    @Test(arguments: [0, 4, 9])
    func tooManyForTheRowShowTheSelectedOneAndSayThereIsMore(selected: Int) {
        let labels = (0..<10).map { "Colour number \($0)" }
        let row = VariantRow(labels: labels, selected: selected, columns: 40)
        #expect(row.shown.contains(selected), "the product on screen is shown: \(row)")
        #expect(row.hasMoreBefore == (row.shown.lowerBound > 0) && row.hasMoreAfter == (row.shown.upperBound < 10))
        #expect(row.hasMoreBefore || row.hasMoreAfter)
        #expect(Self.drawn(row) <= 40, "\(Self.drawn(row))")
        #expect(row.shown.count >= 2, "as many as fit around it")
    }

    @Test func hostileLabelsAreCleanedAndNoRowIsEmpty() {
        let row = VariantRow(labels: ["\u{1B}[2JAlto", "\u{202E}Brio"], selected: nil, columns: 30)
        #expect(!row.labels.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(VariantRow(labels: [], selected: nil, columns: 30).shown.isEmpty)
        #expect(VariantRow(labels: ["A very long label indeed"], selected: 0, columns: 3).shown == 0..<1, "one option at least, cut by the canvas")
    }
}
