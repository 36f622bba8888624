import FlowCore
import Testing
@testable import FlowPresentation

@Suite struct VisibilityGeometryTests {
    let viewport = LayoutRect(x: 0, y: 0, width: 100, height: 100)

    @Test func aWidgetHalfScrolledOutIsHalfVisible() {
        let frame = LayoutRect(x: 0, y: 80, width: 100, height: 40)
        #expect(VisibilityGeometry.visibleFraction(of: frame, in: viewport) == 0.5)
    }

    @Test func aStickyHeaderOverTheTopHidesWhatIsUnderIt() {
        let frame = LayoutRect(x: 0, y: 0, width: 100, height: 40)
        let header = LayoutRect(x: 0, y: 0, width: 100, height: 10)
        #expect(VisibilityGeometry.visibleFraction(of: frame, in: viewport, coveredBy: [header]) == 0.75)
    }

    @Test func overlappingCoversCountOnce() {
        let frame = LayoutRect(x: 0, y: 60, width: 100, height: 40)
        let sheet = LayoutRect(x: 0, y: 80, width: 100, height: 20)
        let toast = LayoutRect(x: 20, y: 75, width: 60, height: 10)
        // Hidden: the sheet's 20 rows (2000) plus the toast's part above it (60 × 5).
        #expect(VisibilityGeometry.visibleFraction(of: frame, in: viewport, coveredBy: [sheet, toast]) == 1700.0 / 4000)
    }

    @Test func aCarouselClipsItsCards() {
        let card = LayoutRect(x: 90, y: 0, width: 40, height: 10)
        let row = LayoutRect(x: 0, y: 0, width: 100, height: 10)
        #expect(VisibilityGeometry.visibleFraction(of: card, in: viewport, clippedBy: [row]) == 0.25)
    }

    @Test func offScreenAndEmptyFramesAreNotVisible() {
        #expect(VisibilityGeometry.visibleFraction(of: LayoutRect(x: 0, y: 200, width: 10, height: 10), in: viewport) == 0)
        #expect(VisibilityGeometry.visibleFraction(of: LayoutRect(x: 0, y: 0, width: 0, height: 10), in: viewport) == 0)
    }
}

@Suite struct PresentationRuleTests {
    @Test func chromeOrderIsTheContracts() {
        #expect(ChromeLayer.contractOrder == [.padding, .width, .background, .cornerClip, .border, .margin])
        let layout = WidgetLayout(margin: Insets(top: 1), cornerRadius: CornerRadius(4), border: Border(width: 1))
        #expect(layout.chromeLayers == [.width, .cornerClip, .border, .margin], "a box that is seen spans its container")
        #expect(WidgetLayout().chromeLayers.isEmpty)
        var hugging = layout
        hugging.width = .hug
        #expect(hugging.chromeLayers == [.cornerClip, .border, .margin], "a hugging box keeps its content's width")
        var unseen = WidgetLayout(padding: Insets(top: 2))
        unseen.width = .fill
        #expect(unseen.chromeLayers == [.padding], "no background, clip or border: no width to show")
    }

    @Test func sheetDetentHeights() {
        #expect(SheetGeometry.height(for: .medium, containerHeight: 40) == 20)
        #expect(SheetGeometry.height(for: .large, containerHeight: 40, topInset: 1) == 39)
        #expect(SheetGeometry.height(for: .fraction(0.25), containerHeight: 40) == 10)
        #expect(SheetGeometry.height(for: .large, containerHeight: 0) == 0)
        #expect(SheetGeometry.restingDetent(of: SheetConfig(detents: [.fraction(0.3), .large])) == .fraction(0.3))
    }

    @Test func focusFollowsReadingOrder() {
        let items = [("c", LayoutRect(x: 0, y: 20, width: 5, height: 5)), ("b", LayoutRect(x: 50, y: 0, width: 5, height: 5)),
                     ("a", LayoutRect(x: 0, y: 0, width: 5, height: 40))]
        #expect(FocusOrder.ordered(items, frame: \.1).map(\.0) == ["a", "b", "c"])
        #expect(FocusOrder.next(after: nil, count: 3) == 0)
        #expect(FocusOrder.next(after: 2, count: 3) == 0)
        #expect(FocusOrder.next(after: 0, count: 3, backward: true) == 2)
        #expect(FocusOrder.next(after: 0, count: 0) == nil)
    }

    @Test func widthsOfItems() {
        #expect(ItemGeometry.width(.fraction(0.8), container: 50, intrinsic: nil) == 40)
        #expect(ItemGeometry.width(.hug, container: 50, intrinsic: 12) == 12)
        #expect(ItemGeometry.width(.hug, container: 50, intrinsic: 80) == 50)
        #expect(ItemGeometry.width(nil, container: 50, intrinsic: 12) == 50)
        #expect(ItemGeometry.carouselOffsets(widths: [40, 40, 40], spacing: 2) == [0, 42, 84])
        #expect(ItemGeometry.gridColumnWidths(container: 100, columns: 3, spacing: 5) == [30, 30, 30])
        let columns = { (container: Int, count: Int, spacing: Int) in
            ItemGeometry.gridColumns(container: container, columns: count, spacing: spacing).map { [$0.x, $0.width] }
        }
        #expect(columns(11, 3, 1) == [[0, 3], [4, 3], [8, 3]])
        // Equal tiles: the remainder widens the gaps, and the grid still spans the container.
        #expect(columns(12, 3, 1) == [[0, 3], [5, 3], [9, 3]])
        #expect(columns(40, 3, 1) == [[0, 12], [14, 12], [28, 12]])
        #expect(columns(7, 1, 2) == [[0, 7]])
    }

    @Test func imagePixelSizes() {
        #expect(ImageSizing.reservedHeight(width: 320, aspectRatio: 2) == 160)
        #expect(ImageSizing.reservedHeight(width: 160, aspectRatio: nil) == 90)
        #expect(ImageSizing.pixelSize(width: 40, height: 10, pixelsPerUnit: (x: 1, y: 2)) == (40, 20))
        #expect(ImageSizing.pixelSize(width: 100, height: 50, pixelsPerUnit: (x: 3, y: 3)) == (300, 150))
        #expect(ImageSizing.pixelSize(width: 0, height: 10, pixelsPerUnit: (x: 1, y: 2)) == (0, 0))
    }
}
