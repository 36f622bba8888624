import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation
import Testing
@testable import RetailTerminal

/// A variant's options on a product page: every option is drawn and is a control, so that the
/// keys and a click reach every variant of the product at every width; long labels are cut
/// keeping their last word, and options that do not fit one row go on further rows.
@MainActor
@Suite struct VariantRowTests {
    static func drawn(_ row: VariantRow, _ line: Range<Int>) -> Int {
        row.labels[line].reduce(-1) { $0 + DisplayWidth.of($1) + 3 }
    }

    /// Every option once, in order, row after row.
    static func isEveryOptionInOrder(_ row: VariantRow, count: Int) -> Bool {
        row.rows.flatMap { Array($0) } == Array(0..<count) && row.rows.allSatisfy { !$0.isEmpty }
    }

    @Test func shortLabelsShowWholeOnOneRow() {
        let row = VariantRow(labels: ["Alto", "Brio", "Cora"], columns: 60)
        #expect(row.rows == [0..<3] && row.labels == ["Alto", "Brio", "Cora"])
    }

    @Test func longLabelsAreCutKeepingTheirLastWordSoThatAllShowOnOneRow() {
        let labels = ["Modell Trailschuh Alto", "Modell Trailschuh Brio", "Modell Trailschuh Cora"]
        let row = VariantRow(labels: labels, columns: 60)
        #expect(row.rows == [0..<3], "\(row)")
        #expect(row.labels.map { $0.hasSuffix("Alto") } == [true, false, false])
        #expect(row.labels[1].hasSuffix("Brio") && row.labels[2].hasSuffix("Cora"))
        #expect(Self.drawn(row, 0..<3) <= 60)
    }

    /// Options that do not fit one row, even cut, go on as few further rows as they can, each
    /// within the columns; the rows share them out evenly rather than leave one alone.
    @Test(arguments: [20, 29, 33, 40])
    func optionsThatDoNotFitOneRowGoOnFurtherRows(columns: Int) {
        let labels = (0..<10).map { "Colour number \($0)" }
        let row = VariantRow(labels: labels, columns: columns)
        #expect(Self.isEveryOptionInOrder(row, count: 10), "\(row)")
        #expect(row.rows.count > 1)
        for line in row.rows { #expect(Self.drawn(row, line) <= columns, "\(row)") }
        #expect(row.labels.allSatisfy { DisplayWidth.of($0) >= VariantRow.minimumLabel }, "never cut below the minimum")
        #expect(row.labels.allSatisfy { $0.hasSuffix(" " + String($0.last!)) }, "each keeps its number: \(row.labels)")
        let fewest = VariantRow.wrap(labels.map { _ in VariantRow.minimumLabel }, limit: columns).count
        #expect(row.rows.count == fewest, "as few rows as labels cut to the minimum take")

        let styles = VariantRow(labels: ["Alto", "Brio", "Cora", "Dune", "Elm", "Fjord"], columns: columns)
        #expect(Self.isEveryOptionInOrder(styles, count: 6), "\(styles)")
        #expect(styles.labels == ["Alto", "Brio", "Cora", "Dune", "Elm", "Fjord"], "short labels are never cut")
        if columns == 29 || columns == 33 { #expect(styles.rows == [0..<3, 3..<6], "three over three, not five over one") }
    }

    @Test func hostileLabelsAreCleanedAndNoOptionIsLeftOut() {
        let row = VariantRow(labels: ["\u{1B}[2JAlto", "\u{202E}Brio"], columns: 30)
        #expect(!row.labels.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        #expect(VariantRow(labels: [], columns: 30).rows.isEmpty)
        let narrow = VariantRow(labels: ["A very long label indeed", "Brio"], columns: 3)
        #expect(narrow.rows == [0..<1, 1..<2], "one option a row at least")
        #expect(narrow.labels.allSatisfy { DisplayWidth.of($0) <= 1 }, "cut to the row: \(narrow.labels)")
    }

    // MARK: - On the product page

    static let styles = ["Alto", "Brio", "Cora", "Dune", "Elm", "Fjord"]

    /// A product page whose product is Brio of six styles, each other style opening its page.
    static func productJSON() -> String {
        let options = styles.enumerated().map { index, label in
            index == 1 ? #"{"label": "\#(label)", "selected": true}"#
                : #"{"label": "\#(label)", "action": {"type": "open_page", "page_id": "product:p-\#(index)", "replace": true}}"#
        }.joined(separator: ", ")
        return #"{"type": "product_detail", "id": "w", "data": {"product_id": "p", "title": "Trail runner Brio", "image": {"url": "https://x/p.jpg", "aspect_ratio": 1}, "price": {"amount": 88.99, "currency": "USD"}, "availability": "available", "variants": [{"name": "Style", "options": [\#(options)]}], "cta": {"title": "Add to cart", "action": {"type": "add_to_cart", "product_id": "p"}}}}"#
    }

    /// The pages the other five styles open.
    static let otherStyles: Set<String> = ["product:p-0", "product:p-2", "product:p-3", "product:p-4", "product:p-5"]

    static func environment() -> RenderEnvironment {
        RenderEnvironment(isPlain: false, evaluation: EvaluationContext(client: VitrineApp.clientContext, now: RetailViewTests.instant), registry: RetailViews.makeRegistry())
    }

    static func opened(_ region: HitRegion) -> String? {
        guard region.action?.type == "open_page" else { return nil }
        return region.action?.object["page_id"]?.stringValue
    }

    /// Every other style has a control, whole on the canvas, and a click on it opens its page.
    @Test(arguments: [36, 40, 60, 80, 120])
    func everyVariantOfAProductHasAControl(width: Int) throws {
        let environment = Self.environment()
        let box = try RetailViewTests.box(Self.productJSON(), environment: environment)
        let surface = DrawSurface(width: width, height: box.height(outerWidth: width, environment: environment))
        box.draw(in: Canvas(surface: surface, rect: surface.buffer.bounds), environment: environment)
        let options = surface.hitMap.regions.filter { Self.opened($0) != nil }
        let lines = surface.buffer.plainLines.joined(separator: "\n")
        #expect(Set(options.compactMap(Self.opened)) == Self.otherStyles, "width \(width):\n\(lines)")
        #expect(!lines.contains("…"), "no option is hidden behind a mark:\n\(lines)")
        for region in options {
            let label = try #require(Self.opened(region).flatMap { Int($0.dropFirst("product:p-".count)) }.map { Self.styles[$0] })
            #expect(region.rect.maxX <= width && region.rect.width == DisplayWidth.of(label) + 2, "\(label) whole: \(region.rect)")
            let hit = surface.hitMap.hitTest(x: region.rect.x + 1, y: region.rect.y)
            #expect(hit.flatMap(Self.opened) == Self.opened(region), "a click there opens it")
        }
    }

    /// The product page drawn through a page screen `width` columns wide, tall enough to show it
    /// whole, with the product focused.
    static func screen(width: Int) throws -> (PageScreen, PageModel, PageRenderer) {
        let environment = environment()
        let page = try PageDecoder(catalog: environment.registry.catalog).decodePage(
            Data(#"{"page": {"id": "product:p", "sections": [{"id": "s", "widgets": [\#(productJSON())]}]}}"#.utf8)).page
        let renderer = PageRenderer(environment: environment)
        var screen = PageScreen()
        _ = screen.draw(.showing(page), with: renderer, environment: environment, width: width, height: 80)
        _ = screen.draw(.showing(page), with: renderer, environment: environment, width: width, height: 80)
        return (screen, page, renderer)
    }

    /// The page the control with the keys opens.
    static func openedByKeys(_ screen: PageScreen) -> String? {
        guard let target = screen.focusedTarget, let control = screen.viewport.control else { return nil }
        return target.controls.first { $0.target == control }.flatMap(opened)
    }

    /// Tab goes through every option, the ones on a further row too, before it leaves the product.
    @Test(arguments: [40, 80, 120])
    func tabReachesEveryVariantOfAProduct(width: Int) throws {
        var (screen, page, renderer) = try Self.screen(width: width)
        #expect(screen.viewport.focus == .widget("w"))
        var reached: [String] = []
        for _ in 0..<12 {
            screen.viewport.apply(.next)
            _ = screen.draw(.showing(page), with: renderer, environment: Self.environment(), width: width, height: 80)
            if let opened = Self.openedByKeys(screen), !reached.contains(opened) { reached.append(opened) }
        }
        #expect(reached == ["product:p-0", "product:p-2", "product:p-3", "product:p-4", "product:p-5"], "width \(width): in reading order")
    }

    /// The arrows, from the call to action, reach every option: along a row with h and l, to
    /// the next row with j.
    @Test(arguments: [40, 80, 120])
    func theArrowsReachEveryVariantOfAProduct(width: Int) throws {
        let (screen, _, _) = try Self.screen(width: width)
        var seen: Set<HitTarget?> = [nil]
        var frontier: [HitTarget?] = [nil]
        var reached: Set<String> = []
        while let control = frontier.popLast() {
            for key in [BrowseCommand.up, .down, .left, .right] {
                var moved = screen
                moved.viewport.control = control
                moved.viewport.apply(key)
                guard moved.viewport.focus == .widget("w"), !seen.contains(moved.viewport.control) else { continue }
                seen.insert(moved.viewport.control)
                frontier.append(moved.viewport.control)
                if let opened = Self.openedByKeys(moved) { reached.insert(opened) }
            }
        }
        #expect(reached == Self.otherStyles, "width \(width)")
    }

    static let families: [[String]] = [
        ["Midnight Blue", "Midnight Green", "Midnight Black", "Midnight Silver", "Midnight Purple", "Midnight Orange"],
        ["Modell Alto", "Modell Brio", "Modell Cora", "Modell Dune", "Modell Elmo", "Modell Fjord", "Modell Gala", "Modell Hugo"],
    ]

    /// Options of one family ("Midnight Blue", "Midnight Green") read apart: each keeps its last
    /// word, no two labels are alike, and every row fits.
    @Test(arguments: Array(RowsWideEnoughForAFamily))
    func optionsOfOneFamilyStayDistinctAndKeepTheirLastWord(columns: Int) {
        var failures: [String] = []
        for raw in Self.families {
            let row = VariantRow(labels: raw, columns: columns)
            if Set(row.labels).count != raw.count { failures.append("identical labels: \(row.labels)") }
            for (label, original) in zip(row.labels, raw) where label != original {
                let last = String(original.split(separator: " ").last!)
                if !label.hasSuffix(last) { failures.append("'\(original)' → '\(label)' lost its last word") }
            }
            for range in row.rows {
                let used = range.map { DisplayWidth.of(row.labels[$0]) + 2 }.reduce(0, +) + range.count - 1
                if used > columns { failures.append("row \(range) takes \(used) > \(columns)") }
            }
        }
        #expect(failures.isEmpty, "columns \(columns): \(failures.prefix(4).joined(separator: "; "))")
    }
}

/// Rows of at least a label kept with its last word ("Modell… Silver" needs 2 × 6 + 2).
private let RowsWideEnoughForAFamily = 14...190
