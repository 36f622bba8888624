import FlowCore
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit

/// One drawn frame of the shopper app and what the runtime needs from it.
public struct ShopperFrame {
    public var view: TerminalView
    /// The page screen drawn, and its layout (for `ShopperMessage.presented`).
    public var layout: FrameLayout?
    /// The page drawn and its frame, for the impression tracker; `nil` while something covers
    /// the whole page (search, the cart, the keys' help), when no widget counts as seen.
    public var visible: (page: PageModel, frame: RenderedFrame)?
    /// Whether a countdown shows: a tick is due in a second.
    public var wantsTick: Bool
}

/// Draws the shopper app from its state: the page screen (the top one, or the one under
/// search or the cart) with the cart badge in its nav bar and marks on product cards in the
/// cart or being added, the search screen or the cart sheet over it, the toast, the status
/// line, the `--debug` panel and the keys' help.
@MainActor
public final class ShopperView {
    private let base: RenderEnvironment
    /// One renderer per open page: each keeps its page's layout between frames.
    private var renderers: [ExactString: PageRenderer] = [:]
    private let clockFormatter: DateFormatter

    public init(environment: RenderEnvironment) {
        base = environment
        clockFormatter = DateFormatter()
        clockFormatter.dateFormat = "HH:mm:ss"
    }

    public func draw(_ state: ShopperState, width: Int, height: Int) -> ShopperFrame {
        let split = ShellLayout.split(width: width, height: height, withPanel: state.isDebug && state.showsPanel, panelRows: 10)
        let area = split.page
        var frame = ShopperFrame(view: TerminalView(frame: Frame(buffer: CellBuffer(width: width, height: height))), layout: nil, visible: nil, wantsTick: false)
        let surface = DrawSurface(width: area.width, height: area.height)
        let canvas = Canvas(surface: surface, rect: CellRect(x: 0, y: 0, width: area.width, height: area.height))
        var cursor: (x: Int, y: Int)?
        var scrollHint: ScrollHint?
        if let index = state.shownPageIndex, let id = state.stack[index].destination.pageID {
            let screen = state.stack[index]
            let renderer = renderer(for: id, keeping: state)
            // Focus shows only where the keys go: not on a page under search or the cart.
            var environment = state.isPageOnTop ? screen.viewport.focusing(base) : base
            environment.evaluation = EvaluationContext(client: base.evaluation.client, now: state.now)
            environment.annotation = Self.annotation(cart: state.cart)
            renderer.environment = environment
            let snapshot = state.pages[ExactString(id)] ?? PageSnapshot(loadState: .loading, page: nil)
            let pageScreen = screen.viewport.applied(to: screenState(snapshot, state: state, onTop: state.isPageOnTop))
            let rendered = renderer.render(pageScreen, width: area.width, height: area.height)
            canvas.blit(rendered.buffer.cells, columns: rendered.buffer.width, x: 0, y: 0)
            frame.layout = FrameLayout(frame: rendered, width: area.width, height: area.height, screen: pageScreen)
            scrollHint = rendered.frame(previousScroll: screen.viewport.layout?.scroll).scroll
            if state.isPageOnTop, !state.showsHelp, let page = snapshot.page {
                frame.visible = (page, rendered)
                frame.wantsTick = Self.showsCountdown(rendered, now: state.now)
            }
        } else {
            canvas.fill(canvas.bounds, style: .plain)
        }
        switch state.top.destination {
        case .search:
            scrollHint = nil
            cursor = SearchScreenView(query: state.query, search: state.search, selection: state.searchSelection).draw(in: canvas)
        case .cart:
            scrollHint = nil
            CartSheetView(cart: state.cart, selection: state.cartSelection).draw(in: canvas)
        case .page, .link:
            break
        }
        if !state.isPageOnTop, let toast = state.toast {
            ToastView(message: toast).draw(in: canvas, bottom: area.height - 1, environment: base)
        }
        let panel = state.isDebug && state.showsPanel
            ? PanelView(title: "Debug: actions, events, problems", lines: debugLines(state), edge: split.panelEdge, followsEnd: true) : nil
        let help = state.showsHelp ? KeyHelpView(title: "Vitrine: keys", entries: ShellKeyMap.appHelp) : nil
        let buffer = ShellComposer.compose(
            page: surface.buffer, layout: split, panel: panel, status: status(state), hint: hint(state), help: help, width: width, height: height)
        frame.view = TerminalView(frame: Frame(buffer: buffer, cursor: state.showsHelp ? nil : cursor, scroll: state.showsHelp ? nil : scrollHint))
        return frame
    }

    private func renderer(for id: String, keeping state: ShopperState) -> PageRenderer {
        let key = ExactString(id)
        if let renderer = renderers[key] { return renderer }
        // Pages that left the stack take their layouts with them.
        let open = Set(state.stack.compactMap { $0.destination.pageID.map { ExactString($0) } })
        renderers = renderers.filter { open.contains($0.key) }
        let renderer = PageRenderer(environment: base)
        // A screen of look-ahead: focus finds the next widget below without a blind scroll.
        renderer.lookahead = 40
        renderers[key] = renderer
        return renderer
    }

    private func screenState(_ snapshot: PageSnapshot, state: ShopperState, onTop: Bool) -> PageScreenState {
        PageScreenState(
            loadState: snapshot.loadState, page: snapshot.page, nextPage: snapshot.nextPage, hasMorePages: snapshot.hasMorePages,
            sheets: onTop ? state.sheets : [], toast: onTop ? state.toast : nil, navAccessory: Self.badge(state.cart),
            contentVersion: snapshot.contentGeneration)
    }

    /// The cart badge at the nav bar's end: the item count, with a mark while an add or a
    /// removal waits for the server.
    static func badge(_ cart: CartSummary) -> StyledText? {
        guard cart.badgeCount > 0 || !cart.pendingProducts.isEmpty else { return nil }
        let text = " \(cart.badgeCount)\(cart.pendingProducts.isEmpty ? "" : "…") "
        return StyledText(text, style: CellStyle(attributes: [.reverse, .bold]))
    }

    /// Product cards being added show a pending mark; those in the cart, how many.
    static func annotation(cart: CartSummary) -> @MainActor (WidgetModel) -> StyledText? {
        { widget in
            guard let product = widget.content(as: ProductCardContent.self) else { return nil }
            if cart.pendingProducts.contains(ExactString(product.productID)) {
                return StyledText(" ◌ adding… ", style: CellStyle(attributes: [.reverse, .bold]))
            }
            let quantity = cart.quantity(of: product.productID)
            return quantity > 0 ? StyledText(" ✓ \(quantity) in cart ", style: CellStyle(attributes: [.reverse])) : nil
        }
    }

    /// Whether a hero on screen counts down to the second.
    static func showsCountdown(_ frame: RenderedFrame, now: Date) -> Bool {
        frame.visibleWidgets.contains { visible in
            guard visible.visibleFraction > 0, let end = visible.widget.content(as: HeroCampaignContent.self)?.endsAt else { return false }
            return CampaignCountdown.isLive(until: end, now: now)
        }
    }

    /// The page's name in the status line: "Home" for home (whose nav title is the shop's
    /// name, which the badge already says), else the nav title, and until the page has one
    /// the kind its id names ("Campaign" for `campaign:…`), never the raw id.
    static func statusTitle(pageID: String, navTitle: String?) -> String {
        if pageID.utf8.elementsEqual("home".utf8) { return "Home" }
        if let navTitle, !navTitle.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return navTitle }
        let kinds = [("campaign:", "Campaign"), ("category:", "Category"), ("product:", "Product")]
        return kinds.first { pageID.utf8.starts(with: $0.0.utf8) }?.1 ?? "Page"
    }

    private func status(_ state: ShopperState) -> StyledText {
        var runs = [StyledText.Run(" Vitrine ", style: CellStyle(attributes: [.reverse, .bold]))]
        switch state.top.destination {
        case .search: runs.append(.init(" search"))
        case .cart: runs.append(.init(" cart"))
        case .link: break
        case .page(let id):
            let snapshot = state.pages[ExactString(id)]
            let title = Self.statusTitle(pageID: id, navTitle: snapshot?.page?.nav?.title?.text)
            runs.append(.init(" \(TextCut.fit(title, to: 40))"))
            if state.stack.count > 1 { runs.append(.init("  ← Esc back", style: CellStyle(attributes: .dim))) }
            if let snapshot {
                if snapshot.isCached && snapshot.isRefreshing {
                    runs.append(.init("  · saved copy, updating…", style: CellStyle(attributes: .dim)))
                } else if snapshot.isRefreshing {
                    runs.append(.init("  · updating…", style: CellStyle(attributes: .dim)))
                } else if snapshot.isCached {
                    runs.append(.init("  · saved copy", style: CellStyle(attributes: .dim)))
                }
            }
        }
        return StyledText(runs)
    }

    private func hint(_ state: ShopperState) -> StyledText {
        let cart = state.cart.badgeCount > 0 ? "cart \(state.cart.badgeCount) · " : ""
        return StyledText(" \(cart)? keys · q quit ", style: CellStyle(attributes: .dim))
    }

    private func debugLines(_ state: ShopperState) -> [StyledText] {
        state.debugLog.map { line in
            let style: CellStyle = switch line.kind {
            case .problem: CellStyle(attributes: .bold)
            case .action: CellStyle()
            case .event, .page, .info: CellStyle(attributes: .dim)
            }
            return StyledText("\(clockFormatter.string(from: line.at)) \(line.kind.rawValue) \(line.text)", style: style)
        }
    }
}
