import FlowCore
import FlowPresentation
import FlowRuntime
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// One drawn frame of the shopper app and what the runtime needs from it.
public struct ShopperFrame {
    public var view: TerminalView
    /// Drawing the page screen moved its focus or scroll: another frame is due.
    public var needsAnotherFrame: Bool
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
    private var renderers: [PageID: PageRenderer] = [:]
    public init(environment: RenderEnvironment) {
        base = environment
    }

    /// Draws `state` `width` × `height`. The page is drawn through its screen in `state`, whose
    /// viewport the renderer clamps and which takes the frame's layout.
    public func draw(_ state: inout ShopperState, width: Int, height: Int) -> ShopperFrame {
        let split = ShellLayout.split(width: width, height: height, withPanel: state.isDebug && state.showsPanel, panelRows: 10)
        let area = split.page
        var frame = ShopperFrame(
            view: TerminalView(frame: Frame(buffer: CellBuffer(width: width, height: height))), needsAnotherFrame: false, visible: nil,
            wantsTick: false)
        let surface = DrawSurface(width: area.width, height: area.height)
        let canvas = Canvas(surface: surface, rect: CellRect(x: 0, y: 0, width: area.width, height: area.height))
        var cursor: (x: Int, y: Int)?
        var scrollHint: ScrollHint?
        if let index = state.shownPageIndex, let id = state.stack[index].destination.pageID {
            let renderer = renderer(for: id, keeping: state)
            var environment = base
            environment.evaluation = EvaluationContext(client: base.evaluation.client, now: state.now)
            environment.annotation = Self.annotation(marks: state.cart.marks, words: state.words, environment: environment)
            environment.hostContext = state.cart.marks
            let snapshot = state.pages[id] ?? PageSnapshot(loadState: .loading, page: nil)
            environment.widgetState = snapshot.widgetState
            // The page's sheets stay under the cart sheet over that page (`isCartOverAPage`, the
            // one rule SwiftUI's sheet chain follows); under search they go with the page.
            let showsSheets = state.isPageOnTop || NavigatorPresentation(stack: state.stack.map(\.destination)).isCartOverAPage
            let content = content(snapshot, pageID: id, state: state, onTop: state.isPageOnTop, showsSheets: showsSheets)
            // Focus shows only where the keys go: not on a page under search or the cart.
            let drawing = state.stack[index].page.draw(
                content, with: renderer, environment: environment, showsFocus: state.isPageOnTop, width: area.width, height: area.height)
            canvas.blit(drawing.frame.buffer.cells, columns: drawing.frame.buffer.width, x: 0, y: 0)
            frame.needsAnotherFrame = drawing.needsAnotherFrame
            scrollHint = drawing.scrollHint
            if state.isPageOnTop, !state.showsHelp, let page = snapshot.page {
                frame.visible = (page, drawing.frame)
                frame.wantsTick = Self.showsCountdown(drawing.frame, now: state.now)
            }
        } else {
            canvas.fill(canvas.bounds, style: .plain)
        }
        let words = state.words
        // The help says the keys of what is on top: the page's, or the cart sheet's over it.
        var help = (title: words[.keysTitle], entries: ScreenHelp.page(words: words, isDebug: state.isDebug))
        switch state.top.destination {
        case .search:
            scrollHint = nil
            let view = SearchScreenView(
                search: state.search.presentation(words: words), keys: ScreenHelp.searchKeys(words: words), format: RetailFormat(state.locale),
                cart: Self.cartLabel(state.cart, words: words).label.string.trimmingCharacters(in: .whitespaces))
            cursor = view.draw(in: canvas, environment: base)
        case .cart:
            scrollHint = nil
            let presentation = state.cartSheet.presentation(words: words)
            let hasLines = !presentation.lines.isEmpty, canUndo = presentation.removal != nil
            let view = CartSheetView(
                sheet: presentation, keys: ScreenHelp.cartKeys(words: words, hasLines: hasLines, canUndo: canUndo),
                undoKey: ScreenHelp.cartUndoKey(words: words), words: words)
            help = (title: words[.cartKeysTitle], entries: ScreenHelp.cart(words: words, hasLines: hasLines, canUndo: canUndo))
            let sheet = view.drawing(in: canvas, environment: base)
            state.cartSheetPlaces = CartSheetPlaces(rect: sheet.rect, targets: sheet.targets)
        case .page, .link:
            break
        }
        if !state.isPageOnTop, let toast = state.toast {
            // Over the cart sheet's top edge, never over its lines or its keys.
            let bottom = state.top.destination == .cart && state.cartSheetPlaces.rect.height > 0 ? state.cartSheetPlaces.rect.y - 1 : area.height - 1
            ToastView(message: toast).draw(in: canvas, bottom: bottom, environment: base)
        }
        let panel = state.isDebug && state.showsPanel
            ? PanelView(title: words[.debugTitle], lines: debugLines(state), edge: split.panelEdge, followsEnd: true) : nil
        let helpView = state.showsHelp
            ? KeyHelpView(title: help.title, entries: help.entries.map { KeyHelpView.Entry($0.keys, $0.meaning) }, footer: words[.anyKeyCloses])
            : nil
        let hint = hint(state, width: width)
        let buffer = ShellComposer.compose(
            page: surface.buffer, layout: split, panel: panel, status: status(state), hint: hint, help: helpView,
            width: width, height: height)
        // A click on "? keys" opens the help, as `?` does.
        state.hintPlace = hint.width < split.status.width
            ? CellRect(x: split.status.maxX - hint.width, y: split.status.y, width: hint.width, height: split.status.height) : nil
        frame.view = TerminalView(frame: Frame(buffer: buffer, cursor: state.showsHelp ? nil : cursor, scroll: state.showsHelp ? nil : scrollHint))
        return frame
    }

    private func renderer(for id: PageID, keeping state: ShopperState) -> PageRenderer {
        let key = id
        if let renderer = renderers[key] { return renderer }
        // Pages that left the stack take their layouts with them.
        let open = Set(state.stack.compactMap(\.destination.pageID))
        renderers = renderers.filter { open.contains($0.key) }
        let renderer = PageRenderer(environment: base)
        // A screen of look-ahead: focus finds the next widget below without a blind scroll.
        renderer.lookahead = 40
        renderers[key] = renderer
        return renderer
    }

    private func content(_ snapshot: PageSnapshot, pageID: PageID, state: ShopperState, onTop: Bool, showsSheets: Bool) -> PageScreenContent {
        PageScreenContent(
            loadState: snapshot.loadState, page: snapshot.page, nextPage: snapshot.nextPage, hasMorePages: snapshot.hasMorePages,
            sheets: showsSheets ? state.sheets : [], toast: onTop ? state.toast : nil, navAccessory: Self.cartLabel(state.cart, words: state.words),
            contentVersion: snapshot.contentGeneration, statusNav: Self.statusNav(words: state.words),
            status: ShopperPageStatus.status(of: snapshot, pageID: pageID, words: state.words))
    }

    /// The cart at the nav bar's end on every page, as its badge says it ("Cart 3", "Panier 99+"),
    /// with a mark while a change waits for the server; a click opens the cart.
    static func cartLabel(_ cart: CartSummary, words: Words) -> NavAccessory {
        let badge = cart.badge(words: words)
        // The mark the card being added has: an ellipsis here read like a cut word ("Cart 5…").
        let text = [badge.label, badge.count, badge.isPending ? "◌" : nil].compactMap { $0 }.joined(separator: " ")
        let label = StyledText(" \(text) ", style: CellStyle(attributes: [.reverse, .bold]))
        return NavAccessory(label: label, action: ActionData(type: DeeplinkAction.type, ["url": "vitrine://cart"]))
    }

    /// The nav bar over a page that has none yet (loading, or failed): the shop's name and
    /// search, with the cart beside them, so a failed page leaves the shopper somewhere to go.
    static func statusNav(words: Words) -> NavModel {
        NavModel(title: "Vitrine", rightButtons: [
            ButtonData(title: TextData(stringLiteral: words[EngineWord.search]), style: .plain, icon: IconData(symbol: "magnifyingglass"),
                       action: ActionData(type: OpenSearchAction.type)),
        ])
    }

    /// Product cards being added show a pending mark; those in the cart, how many
    /// (`ShopperMarks.badge`). Each is a label of its own colours (the brand's, the in-cart
    /// green) with text readable on them, never reversed: reversed, it took the colours of the
    /// picture it sits on, mid-word. Without colour it is bold and reversed over the
    /// terminal's own colours.
    /// On a card too narrow for the words, the badge says its short form ("✓ 1"), never a
    /// cut word ("✓ 1 im Warenkor").
    static func annotation(marks: ShopperMarks, words: Words, environment: RenderEnvironment) -> @MainActor (WidgetModel, Int) -> StyledText? {
        let inCart = Self.label(on: RetailPalette.inCart(environment.scheme), environment: environment)
        let adding = Self.label(on: environment.brand, environment: environment).adding(.bold)
        return { widget, columns in
            guard let product = widget.content(as: ProductCardContent.self), let badge = marks.badge(for: product.productID, words: words)
            else { return nil }
            let style = badge.kind == .adding ? adding : inCart
            let whole = StyledText(" \(badge.text) ", style: style)
            return whole.width <= columns ? whole : StyledText(" \(badge.short) ", style: style)
        }
    }

    /// A label's style on `background`: the colour with black or white text, whichever reads
    /// better; reversed when there is no colour to draw.
    static func label(on background: TerminalColor?, environment: RenderEnvironment) -> CellStyle {
        guard let background, !environment.isPlain else { return CellStyle(attributes: .reverse) }
        return CellStyle(foreground: ContrastRatio.readableText(on: background), background: background)
    }

    /// Whether a hero on screen counts down to the second.
    static func showsCountdown(_ frame: RenderedFrame, now: Date) -> Bool {
        frame.visibleWidgets.contains { visible in
            guard visible.visibleFraction > 0, let end = visible.widget.content(as: HeroCampaignContent.self)?.endsAt else { return false }
            return Countdown.isLive(until: end, now: now)
        }
    }

    /// The page's name in the status line: "Home" for home (whose nav title is the shop's
    /// name, which the bar says already), else the nav title, and until the page has one the
    /// kind its id names ("Campaign" for `campaign:…`), never the raw id; in the shopper's words.
    static func statusTitle(pageID: PageID, navTitle: String?, words: Words) -> String {
        if pageID.kind == .home { return words[.home] }
        if let navTitle, !navTitle.unicodeScalars.allSatisfy(\.properties.isWhitespace) { return navTitle }
        switch pageID.kind {
        case .campaign: return words[.kindCampaign]
        case .category: return words[.kindCategory]
        case .product: return words[.kindProduct]
        case .story: return words[.kindStory]
        case .search: return words[.kindSearch]
        case .home, .other: return words[.kindPage]
        }
    }

    private func status(_ state: ShopperState) -> StyledText {
        let words = state.words
        var runs = [StyledText.Run(" Vitrine ", style: CellStyle(attributes: [.reverse, .bold]))]
        let dim = CellStyle(attributes: .dim)
        switch state.top.destination {
        case .search: runs.append(.init(" " + words[EngineWord.search]))
        case .cart: runs.append(.init(" " + words[.cart]))
        case .link: break
        case .page(let id):
            let snapshot = state.pages[id]
            let title = Self.statusTitle(pageID: id, navTitle: snapshot?.page?.nav?.title?.text, words: words)
            runs.append(.init(" \(TextCut.fit(title, to: 40))"))
            if state.stack.count > 1 { runs.append(.init("  " + words[.statusBack], style: dim)) }
            if let snapshot, let note = ShopperPageStatus.note(of: snapshot, now: state.now, words: words) {
                runs.append(.init("  · " + note, style: dim))
            }
        }
        return StyledText(runs)
    }

    /// The keys and quit, at the status line's end; shorter on a narrow screen, never dropped.
    private func hint(_ state: ShopperState, width: Int) -> StyledText {
        let words = state.words
        let text = width >= 60 ? words[.hintKeys] : words[.hintKeysShort]
        return StyledText(" \(text) ", style: CellStyle(attributes: .dim))
    }

    private func debugLines(_ state: ShopperState) -> [StyledText] {
        state.debugLog.map { line in
            let style: CellStyle = switch line.kind {
            case .problem: CellStyle(attributes: .bold)
            case .action: CellStyle()
            case .event, .page, .info: CellStyle(attributes: .dim)
            }
            return StyledText("\(RetailFormat(state.locale).time(line.at)) \(line.kind.rawValue) \(line.text)", style: style)
        }
    }
}
