import FlowCore
import FlowTerminal
import Foundation

/// What `vitrine preview` shows: the last good reading of the file, why the file on disk is
/// not shown when it stopped being valid, and the screen's own state.
public struct PreviewState: Sendable {
    /// The file, as the status line names it.
    public var fileName: String
    /// The last reading that could be shown; it stays on screen while the file is broken.
    public var page: PreviewPage?
    /// When `page` was read.
    public var pageReadAt: Date?
    /// Why the file as it is now is not shown, or `nil` when it is.
    public var problem: String?
    /// Bumped by every good reading, so the layout is measured again.
    public var version = 0
    public var viewport = PageViewport()
    /// Sheets opened by the page's `open_bottom_sheet` actions.
    public var sheets: [SheetModel] = []
    public var toast: String?
    public var showsHelp = false
    public var showsPanel = true
    public var isQuitting = false
    /// Whether the last message changed what the screen shows.
    public var needsFrame = true

    public init(fileName: String) {
        self.fileName = fileName
    }

    /// The sheets drawn: the document's own (a sheet file), then those its actions opened.
    public var presentedSheets: [SheetModel] {
        (page?.sheet.map { [$0] } ?? []) + sheets
    }
}

/// Everything that happens to a preview.
public enum PreviewMessage: Sendable {
    /// A key, the wheel, a click.
    case input(InputEvent)
    /// The file was read.
    case read(PreviewDocument, at: Date)
    /// A frame was presented with this layout.
    case presented(FrameLayout)
    case toastChanged(String?)
    case sheetsChanged([SheetModel])
    case resized
}

/// What the preview asks its runtime to do.
public enum PreviewEffect: Sendable {
    /// Fire an action of the page (built-ins run; others are shown as a toast, not followed).
    case fire(ActionData, event: String, widgetID: String?, sectionID: String?)
    /// Read the file again now.
    case reload
    case dismissSheet
    case dismissToast
    case showToast(String)
    case quit
}

/// The preview's update function: pure, so its tests send messages and read the state.
public enum PreviewUpdate {
    public static func update(_ state: inout PreviewState, _ message: PreviewMessage) -> [PreviewEffect] {
        state.needsFrame = true
        switch message {
        case .input(let event):
            return ShellInput.from(event).flatMap { input -> [PreviewEffect] in
                switch input {
                case .command(let command): return handle(command, in: &state)
                case .wheel(let rows):
                    state.viewport.apply(.scroll(rows))
                    return []
                case .click(let x, let y): return click(x: x, y: y, in: &state)
                case .text, .key:
                    state.needsFrame = false
                    return []
                }
            }
        case .read(let document, let instant):
            switch document {
            case .shown(let page):
                state.page = page
                state.pageReadAt = instant
                state.problem = nil
                state.version += 1
            case .refused(let reason):
                // The last good page stays on screen; the panel and the status line say why.
                state.problem = reason
            }
        case .presented(let layout):
            state.needsFrame = state.viewport.adopt(layout)
        case .toastChanged(let toast):
            state.toast = toast
        case .sheetsChanged(let sheets):
            if sheets.count != state.sheets.count { state.viewport.resetSheet() }
            state.sheets = sheets
        case .resized:
            break
        }
        return []
    }

    private static func handle(_ command: ShellCommand, in state: inout PreviewState) -> [PreviewEffect] {
        if state.showsHelp, command != .quit {
            state.showsHelp = false
            return []
        }
        switch command {
        case .browse(let move):
            state.viewport.apply(move)
        case .activate:
            return activate(in: state)
        case .addToCart:
            guard let target = state.viewport.focusedTarget, let action = target.action(for: "add_to_cart") else {
                return [.showToast("The focused widget has no add_to_cart action")]
            }
            return [.fire(action, event: "add_to_cart", widgetID: target.widget?.id, sectionID: target.section?.id)]
        case .search, .cart:
            return [.showToast("Search and the cart belong to the app; the preview shows the page only")]
        case .refresh:
            return [.reload]
        case .back:
            if !state.sheets.isEmpty { return [.dismissSheet] }
            if state.toast != nil { return [.dismissToast] }
        case .help:
            state.showsHelp = true
        case .togglePanel:
            state.showsPanel.toggle()
        case .quit:
            state.isQuitting = true
            return [.quit]
        }
        return []
    }

    private static func click(x: Int, y: Int, in state: inout PreviewState) -> [PreviewEffect] {
        state.showsHelp = false
        guard let region = state.viewport.focus(at: x, y: y) else { return [] }
        switch region.target {
        case .sheetBackdrop: return [.dismissSheet]
        case .toast: return [.dismissToast]
        case .retry: return [.reload]
        case .widget(let id, let event): return region.action.map { [.fire($0, event: event, widgetID: id, sectionID: nil)] } ?? []
        case .control(let id, _): return region.action.map { [.fire($0, event: "tap", widgetID: id, sectionID: nil)] } ?? []
        default: return []
        }
    }

    private static func activate(in state: PreviewState) -> [PreviewEffect] {
        let viewport = state.viewport
        if let layout = viewport.layout, layout.sheetRect != nil {
            guard let index = viewport.sheetFocus, layout.sheetTargets.indices.contains(index) else { return [] }
            let region = layout.sheetTargets[index]
            guard let action = region.action else { return [] }
            return [.fire(action, event: "tap", widgetID: region.target.widgetID, sectionID: nil)]
        }
        guard let target = viewport.focusedTarget else { return [] }
        if target.id == .retry { return [.reload] }
        guard let (event, action) = target.primaryAction else { return [] }
        return [.fire(action, event: event, widgetID: target.widget?.id, sectionID: target.section?.id)]
    }
}

extension HitTarget {
    /// The widget a target belongs to, if any.
    var widgetID: String? {
        switch self {
        case .widget(let id, _), .control(let id, _), .stepper(let id, _), .disclosure(let id): id
        default: nil
        }
    }
}
