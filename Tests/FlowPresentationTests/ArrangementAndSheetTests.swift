import FlowCore
import Foundation
import Testing
@testable import FlowPresentation
import FlowRuntime

/// Carousel and grid widths in points at several container widths, gradient endpoints, and
/// the detents a sheet offers.
@Suite struct ArrangementAndSheetTests {
    @Test(arguments: [320.0, 390, 768, 1024])
    func carouselCardsAreTheirShareOfTheInnerWidth(container: Double) {
        let geometry = ArrangementGeometry(
            layout: SectionLayout(arrangement: .carousel, itemSpacing: 8, insets: Insets(top: 0, left: 16, right: 16, bottom: 0)),
            containerWidth: container)
        #expect(geometry.innerWidth == container - 32)
        let cap = ArrangementGeometry.maximumCardWidth
        #expect(geometry.carouselItemWidth(.fraction(0.8)) == min((container - 32) * 0.8, cap), "a share, at most a card's widest")
        #expect(geometry.carouselItemWidth(nil) == container - 32, "a card without a width takes the inner width")
        #expect(geometry.carouselItemWidth(.fraction(4)) == min(container - 32, cap), "a share is at most the whole")
        // The same widths from the inner width alone (what SwiftUI's containerRelativeFrame gives).
        for width in [nil, WidgetWidth.fill, .fraction(0.8), .fraction(0.45), .fraction(4), .hug] {
            #expect(ArrangementGeometry.carouselItemWidth(width, innerWidth: container - 32) == geometry.carouselItemWidth(width))
        }
        #expect(ArrangementGeometry.carouselItemWidth(.fraction(0.5), innerWidth: -3) == 0)
        #expect(ArrangementGeometry.carouselItemWidth(nil, innerWidth: .nan) == 0)
    }

    @Test(arguments: [(320.0, 2), (390, 3), (768, 4), (1024, 12)])
    func gridColumnsAreEqualAndFillTheInnerWidth(container: Double, columns: Int) {
        let geometry = ArrangementGeometry(layout: SectionLayout(arrangement: .grid, columns: columns, itemSpacing: 12), containerWidth: container)
        let widths = geometry.gridColumnWidths
        #expect(widths.count == columns)
        #expect(geometry.gridColumnCount == columns)
        #expect(Set(widths).count == 1)
        #expect(abs(widths.reduce(0, +) + Double(columns - 1) * 12 - container) < 1e-9)
    }

    @Test func degenerateContainersGiveNoWidthNeverANegativeOne() {
        let narrow = ArrangementGeometry(layout: SectionLayout(arrangement: .grid, columns: 4, itemSpacing: 50, insets: Insets(top: 0, left: 200, right: 200, bottom: 0)), containerWidth: 100)
        #expect(narrow.innerWidth == 0)
        #expect(narrow.gridColumnWidths.allSatisfy { $0 == 0 })
        #expect(ArrangementGeometry(layout: .vertical, containerWidth: .infinity).innerWidth == 0)
        #expect(ArrangementGeometry(layout: SectionLayout(itemSpacing: -5), containerWidth: 10).spacing == 0)
    }

    @Test func gradientEndpointsFollowTheContractsAngle() {
        let right = GradientGeometry.endpoints(angle: 0)
        #expect(right.start == (0, 0.5) && right.end == (1, 0.5))
        let down = GradientGeometry.endpoints(angle: 90)
        #expect(down.start == (0.5, 0) && down.end == (0.5, 1))
        let diagonal = GradientGeometry.endpoints(angle: 45)
        #expect(diagonal.start == (0, 0) && diagonal.end == (1, 1))
        let left = GradientGeometry.endpoints(angle: 540)
        #expect(left.start == (1, 0.5) && left.end == (0, 0.5))
        #expect(GradientGeometry.endpoints(angle: .nan).end == (1, 0.5))
    }

    /// Right to left, a gradient mirrors as the insets and corners do: the run toward the end of
    /// a line goes leftward, a vertical run stays as it is.
    @Test func rightToLeftAGradientRunsTowardTheEndOfTheLine() {
        let along = GradientGeometry.endpoints(angle: 0, isRightToLeft: true)
        #expect(along.start == (1, 0.5) && along.end == (0, 0.5))
        let down = GradientGeometry.endpoints(angle: 90, isRightToLeft: true)
        #expect(down.start == (0.5, 0) && down.end == (0.5, 1))
        let diagonal = GradientGeometry.endpoints(angle: 45, isRightToLeft: true)
        #expect(diagonal.start == (1, 0) && diagonal.end == (0, 1))
        let leftToRight = GradientGeometry.endpoints(angle: 30, isRightToLeft: false)
        #expect(leftToRight.start == GradientGeometry.endpoints(angle: 30).start && leftToRight.end == GradientGeometry.endpoints(angle: 30).end)
    }

    /// The app's sheet (the cart) comes over the page's sheets in one chain of levels, as the
    /// terminal draws it: never beside them, never under them.
    @Test @MainActor func theHostsSheetIsTheLevelAboveThePagesLastSheet() throws {
        let stack = SheetStack()
        let sheet = try PageDecoder(catalog: WidgetCatalog(), makeRequestID: { "r" }).decodeSheet(["id": "one"]).sheet
        #expect(stack.present(sheet) && stack.present(sheet))
        let layers = SheetLayers(pageSheets: stack.entries, showsHostSheet: true)
        #expect(layers.count == 3)
        #expect((0..<3).map { layers.layer(atLevel: $0)?.id } == [stack.entries[0].presentationID, stack.entries[1].presentationID, -1])
        guard case .host? = layers.layer(atLevel: 2) else { Issue.record("the host's sheet is the third level"); return }
        #expect(layers.layer(atLevel: 3) == nil && layers.layer(atLevel: -1) == nil)
        let alone = SheetLayers(pageSheets: [], showsHostSheet: true)
        guard case .host? = alone.layer(atLevel: 0) else { Issue.record("with no page sheet the host's is the first level"); return }
        let none = SheetLayers(pageSheets: stack.entries, showsHostSheet: false)
        #expect(none.count == 2 && none.layer(atLevel: 2) == nil)
    }

    /// In a vertical section a share-wide widget is that share of the inner width, as the
    /// terminal's box is; other widths are the chrome's to give.
    @Test func aShareWideWidgetInAVerticalSectionIsThatShareOfTheInnerWidth() {
        let geometry = ArrangementGeometry(layout: SectionLayout(insets: Insets(top: 0, left: 16, right: 16, bottom: 0)), containerWidth: 390)
        #expect(geometry.verticalItemWidth(.fraction(0.5)) == 179)
        #expect(geometry.verticalItemWidth(.fraction(0.5)) == ItemGeometry.width(.fraction(0.5), container: geometry.innerWidth, intrinsic: nil))
        #expect(geometry.verticalItemWidth(.fraction(2)) == 358, "a share is at most the whole")
        #expect(geometry.verticalItemWidth(.fill) == nil && geometry.verticalItemWidth(.hug) == nil && geometry.verticalItemWidth(nil) == nil)
        #expect(ArrangementGeometry(layout: SectionLayout(), containerWidth: .infinity).verticalItemWidth(.fraction(0.5)) == 0)
    }

    @Test func aSheetOffersEachDetentOnceInOrder() {
        #expect(SheetGeometry.detents(of: SheetConfig(detents: [.medium, .large, .medium, .fraction(0.4)])) == [.medium, .large, .fraction(0.4)])
        #expect(SheetGeometry.detents(of: SheetConfig(detents: [])) == [.large])
        #expect(SheetGeometry.restingDetent(of: SheetConfig(detents: [.fraction(0.4), .large])) == .fraction(0.4))
        #expect(SheetGeometry.height(for: .fraction(0.4), containerHeight: 800) == 320)
    }
}

/// Geometry at the edges of its numbers: no trap, no NaN, whatever a renderer's arithmetic
/// hands it.
@Suite struct GeometryEdgeTests {
    @Test func aHugeOrInfiniteBoxAsksForAtMostTheLargestImage() {
        let huge = ImageSizing.pixelSize(width: 1e300, height: 10, pixelsPerUnit: (3, 3))
        #expect(huge.width == ImageSizing.maximumPixels && huge.height == 30)
        let infinite = ImageSizing.pixelSize(width: .infinity, height: .infinity, pixelsPerUnit: (2, 2))
        #expect(infinite.width == ImageSizing.maximumPixels && infinite.height == ImageSizing.maximumPixels)
        #expect(ImageSizing.pixelSize(width: .nan, height: 10, pixelsPerUnit: (1, 1)) == (0, 0))
        #expect(ImageSizing.pixelSize(width: 10, height: 10, pixelsPerUnit: (.nan, 1)) == (0, 0))
        let request = ImageLoad.request(for: ImageData(url: "https://x.example/a.jpg"), width: 1e300, height: 10, scale: 3, baseURL: nil)
        #expect(request?.targetSize.width == ImageSizing.maximumPixels)
    }

    @Test func noShareOfAnInfiniteContainerIsNone() {
        #expect(ItemGeometry.width(.fraction(0), container: .infinity, intrinsic: nil) == 0)
        #expect(ItemGeometry.width(.fraction(0.5), container: 390, intrinsic: nil) == 195)
    }

    @Test func gridColumnsOfHugeGapsSaturate() {
        let columns = ItemGeometry.gridColumns(container: Int.max, columns: 12, spacing: Int.max)
        #expect(columns.count == 12)
        #expect(columns.allSatisfy { $0.width == 0 })
        #expect(columns.map(\.x) == columns.map(\.x).sorted(), "leading edges never go back")
        let wide = ItemGeometry.gridColumns(container: Int.max, columns: 3, spacing: 0)
        #expect(wide.count == 3 && wide[0].width == Int.max / 3)
    }

    @Test func aViewportThatIsNotANumberShowsNothing() {
        let frame = LayoutRect(x: 0, y: 0, width: 10, height: 10)
        #expect(VisibilityGeometry.visibleFraction(of: frame, in: LayoutRect(x: .nan, y: .nan, width: .nan, height: .nan)) == 0)
        #expect(VisibilityGeometry.visibleFraction(of: frame, in: LayoutRect(x: 0, y: 0, width: 100, height: 100),
                                                   coveredBy: [LayoutRect(x: .nan, y: 0, width: 10, height: 10)]) == 0)
        #expect(VisibilityGeometry.visibleFraction(of: frame, in: LayoutRect(x: 0, y: 0, width: .infinity, height: .infinity)) == 1,
                "an infinite viewport is still a screen")
    }
}
