import FlowCore
import FlowPresentation
import FlowRuntime

/// Draws a page screen into cells: the nav bar, the sticky header, the scrolling body (laid out
/// lazily, `PageBodyLayout`), the sticky footer, pinned section headers, sheets and the toast,
/// or the loading, empty and error states. It keeps the body's layout between frames while
/// `contentVersion` and the width stay the same and nothing laid out has expired since.
///
/// Top to bottom: nav bar, sticky header widgets, body, sticky footer widgets. Sheets cover the
/// bottom of the screen, the toast the bottom of the body. Rows of the body within `lookahead`
/// of the viewport are laid out (reported to visibility at 0) but not drawn.
@MainActor
public final class PageRenderer {
    public var environment: RenderEnvironment
    /// Rows above and below the viewport laid out ahead of scrolling. Default 8.
    public var lookahead = 8

    private var body: PageBodyLayout?
    private var bodyKey: BodyKey?

    private struct BodyKey: Equatable {
        var pageID: String
        var requestID: String
        var version: Int
        var width: Int
        /// Views may size themselves to the body's rows (`RenderEnvironment.viewportRows`).
        var viewportRows: Int
        var pagination: PaginationRow?
    }

    public init(environment: RenderEnvironment) {
        self.environment = environment
    }

    /// Forgets the body's layout (the theme or the widgets' state changed).
    public func invalidateLayout() {
        body = nil
        bodyKey = nil
    }

    /// Draws `content` on a screen `width` × `height` through `viewport`, the screen's one
    /// record of where it is scrolled (as ratatui's stateful widgets take their state): the
    /// body's and the top sheet's scroll are clamped to what there is, in place, and the
    /// carousels are drawn at its offsets.
    public func render(_ content: PageScreenContent, viewport: inout PageViewport, width: Int, height: Int) -> RenderedFrame {
        let surface = DrawSurface(width: width, height: height)
        let screen = Canvas(surface: surface, rect: surface.buffer.bounds)
        var frame = RenderedFrame(buffer: surface.buffer, hitMap: HitMap(), laidOut: [], covers: [], bodyRows: 0..<0, scroll: 0, maxScroll: nil)
        guard width > 0, height > 0 else { return frame }
        guard let page = content.page, content.loadState == .loaded || content.loadState == .empty && content.page != nil else {
            var top = 0
            if let nav = content.statusNav {
                let view = NavBarView(nav: nav, accessory: content.navAccessory)
                top = min(height, view.height(width: width))
                view.draw(in: screen.child(CellRect(x: 0, y: 0, width: width, height: top)), environment: environment)
            }
            let status = StatusScreenView(
                status: content.status ?? PageStatus.of(PageStatus.Load(state: content.loadState), words: environment.words)
                    ?? PageStatus(kind: .loading, detail: environment.words[.loading]))
            status.draw(in: screen.child(CellRect(x: 0, y: top, width: width, height: height - top)), environment: environment)
            // A status screen (loading, a failed load with its retry) has no body: the whole
            // screen is one, so its retry is a target in view.
            frame.bodyRows = 0..<height
            frame.buffer = surface.buffer
            frame.hitMap = surface.hitMap
            return frame
        }
        var top = 0
        if let nav = page.nav {
            let view = NavBarView(nav: nav, accessory: content.navAccessory)
            let rows = min(height, view.height(width: width))
            view.draw(in: screen.child(CellRect(x: 0, y: 0, width: width, height: rows)), environment: environment)
            top = rows
        }
        var laidOut: [LaidOutWidget] = []
        if let header = page.header, header.isSticky {
            top = drawStrip(header.widgets, from: top, limit: height, in: screen, laidOut: &laidOut)
        }
        var bottom = height
        if let footer = page.footer, footer.isSticky {
            let boxes = stripBoxes(footer.widgets, width: width)
            let footerHeight = min(max(0, height - top), boxes.reduce(0) { $0 + $1.1 })
            bottom = height - footerHeight
            _ = drawStrip(footer.widgets, from: bottom, limit: height, in: screen, laidOut: &laidOut)
        }
        let viewportRect = CellRect(x: 0, y: top, width: width, height: max(0, bottom - top))
        frame.bodyRows = viewportRect.y..<viewportRect.maxY
        var covers: [ScreenCover] = []
        if content.loadState == .empty && page.sections.isEmpty {
            StatusScreenView(status: PageStatus(kind: .empty, detail: environment.words[.nothingHere]))
                .draw(in: screen.child(viewportRect), environment: environment)
        } else if !viewportRect.isEmpty {
            let outer = environment
            // A whole page drawn for a screen of its own height (a preview) keeps that screen's rows.
            environment.viewportRows = outer.viewportRows ?? viewportRect.height
            defer { environment = outer }
            let layout = bodyLayout(for: page, content: content, width: width, rows: viewportRect.height)
            var scroll = max(0, viewport.scroll)
            layout.ensure(through: scroll + viewportRect.height, environment: environment)
            if layout.measuredHeight < scroll + viewportRect.height {
                layout.ensureComplete(environment: environment)
                scroll = max(0, min(scroll, layout.measuredHeight - viewportRect.height))
            }
            if layout.isComplete { frame.maxScroll = max(0, layout.measuredHeight - viewportRect.height) }
            viewport.scroll = scroll
            frame.scroll = scroll
            let result = layout.paint(
                in: screen.child(viewportRect), scroll: scroll, carouselOffsets: viewport.carouselOffsets, lookahead: lookahead,
                environment: environment)
            laidOut += result.laidOut
            if let pinned = result.pinnedHeader { covers.append(ScreenCover(rect: pinned, layer: 1)) }
        }
        if let toast = content.toast, !viewportRect.isEmpty {
            let rect = ToastView(message: toast).draw(in: screen, bottom: viewportRect.maxY - 1, environment: environment)
            if !rect.isEmpty { covers.append(ScreenCover(rect: rect, layer: 2)) }
        }
        for (index, sheet) in content.sheets.enumerated() {
            let isTop = index == content.sheets.count - 1
            let drawn = SheetView(sheet: sheet, scroll: isTop ? viewport.sheetScroll : 0).draw(in: screen, environment: environment)
            if isTop { viewport.sheetScroll = min(max(0, viewport.sheetScroll), drawn.maxScroll) }
            covers.append(ScreenCover(rect: drawn.rect, layer: 3 + index))
        }
        if content.sheets.isEmpty { viewport.sheetScroll = 0 }
        frame.buffer = surface.buffer
        frame.hitMap = surface.hitMap
        frame.laidOut = laidOut
        frame.covers = covers
        return frame
    }

    /// Draws `content` scrolled down `scroll` rows, for one frame with no screen to keep
    /// (`vitrine render`, a benchmark, a test).
    public func render(_ content: PageScreenContent, scroll: Int = 0, width: Int, height: Int) -> RenderedFrame {
        var viewport = PageViewport(scroll: scroll)
        return render(content, viewport: &viewport, width: width, height: height)
    }

    private func bodyLayout(for page: PageModel, content: PageScreenContent, width: Int, rows: Int) -> PageBodyLayout {
        let pagination = content.paginationRow
        let key = BodyKey(
            pageID: page.id, requestID: page.requestID, version: content.contentVersion, width: width, viewportRows: rows,
            pagination: pagination)
        // A layout resolved before something in it expired is made again (the instant moved
        // past its first expiry); otherwise rows are kept, whatever else the instant does.
        if let body, key == bodyKey, body.validUntil.map({ environment.evaluation.now <= $0 }) ?? true { return body }
        let layout = PageBodyLayout(content: BodyContent(page: page, pagination: pagination), width: width)
        body = layout
        bodyKey = key
        return layout
    }

    private func stripBoxes(_ widgets: [WidgetModel], width: Int) -> [(WidgetBox, Int, Int, Int)] {
        widgets.enumerated().compactMap { position, widget in
            guard let box = WidgetBox.make(widget.resolve(in: environment.evaluation), environment: environment, position: position) else { return nil }
            let itemWidth = box.outerWidth(container: width, environment: environment)
            let height = box.height(outerWidth: itemWidth, environment: environment)
            return height > 0 ? (box, height, itemWidth, position) : nil
        }
    }

    /// Draws sticky strip widgets from row `top`; returns the row after them.
    private func drawStrip(_ widgets: [WidgetModel], from top: Int, limit: Int, in screen: Canvas, laidOut: inout [LaidOutWidget]) -> Int {
        var y = top
        for (box, height, itemWidth, position) in stripBoxes(widgets, width: screen.width) where y < limit {
            let rect = CellRect(x: 0, y: y, width: itemWidth, height: min(height, limit - y))
            box.draw(in: screen.child(rect), environment: environment)
            if box.isFocused(in: environment) {
                let inner = box.chrome.box(in: rect)
                FocusMark.drawEdge(in: screen, around: inner, clip: rect, environment: environment)
            }
            laidOut.append(LaidOutWidget(
                widget: box.widget, section: nil, position: position, frame: CellRect(x: 0, y: y, width: itemWidth, height: height),
                clip: screen.bounds, fallbackShown: box.fallbackShown, scrolls: false))
            y += height
        }
        return min(y, limit)
    }
}
