import FlowCore
import FlowTerminal
import Foundation
import RetailKit
import RetailPresentation

/// What `vitrine preview` shows: the last good reading of the file, why the file on disk is
/// not shown when it stopped being valid, and the screen's own state.
public struct PreviewState: Sendable {
    /// The file, as the status line names it.
    public var fileName: String
    /// The last reading that could be shown; it stays on screen while the file is broken.
    public var page: PreviewPage?
    /// When `page` was read.
    public var pageReadAt: Date?
    /// The instant the page is resolved at: it moves as something on it expires.
    public var now: Date?
    /// Why the file as it is now is not shown, or `nil` when it is.
    public var problem: String?
    /// Bumped by every good reading, so the layout is measured again.
    public var version = 0
    /// The page screen: scroll, carousels, focus.
    public var screen = PageScreen()
    /// Sheets opened by the page's `open_bottom_sheet` actions.
    public var sheets: [SheetModel] = []
    public var toast: String?
    public var showsHelp = false
    public var showsPanel = true
    public var isQuitting = false
    /// Whether the last message changed what the screen shows.
    public var needsFrame = true
    /// The language of the preview's own words (`--locale`).
    public let locale: AppLocale

    public init(fileName: String, locale: AppLocale = .enUS) {
        self.fileName = fileName
        self.locale = locale
    }

    /// The preview's own words in its language.
    public var words: Words { Words(locale) }

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
    /// A frame was drawn; `needsAnotherFrame` when drawing it moved focus or scroll.
    case presented(needsAnotherFrame: Bool)
    case toastChanged(String?)
    case sheetsChanged([SheetModel])
    /// The instant pages are resolved at moved (something shown expired).
    case tick(Date)
    case resized
}

/// What the preview asks its runtime to do.
public enum PreviewEffect: Sendable {
    /// Fire an action of the page (built-ins run; others are shown as a toast, not followed).
    case fire(FiredAction)
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
            return ShellInput.from(event).flatMap { input in handle(input, in: &state) }
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
        case .presented(let needsAnotherFrame):
            state.needsFrame = needsAnotherFrame
        case .toastChanged(let toast):
            state.toast = toast
        case .sheetsChanged(let sheets):
            if sheets.count != state.sheets.count { state.screen.viewport.resetSheet() }
            state.sheets = sheets
        case .tick(let now):
            state.now = now
        case .resized:
            break
        }
        return []
    }

    private static func handle(_ input: ShellInput, in state: inout PreviewState) -> [PreviewEffect] {
        if case .click = input {
            state.showsHelp = false
        } else if state.showsHelp, input != .command(.quit) {
            state.showsHelp = false
            return []
        }
        if let pageInput = input.pageInput {
            let intents = state.screen.update(pageInput, hasSheet: !state.presentedSheets.isEmpty)
            return intents.flatMap { intent -> [PreviewEffect] in
                switch intent {
                case .fire(let fired): return [.fire(fired)]
                case .retry: return [.reload]
                case .dismissSheet: return state.sheets.isEmpty ? [] : [.dismissSheet]
                case .dismissToast: return [.dismissToast]
                case .missingAction(let event, _): return [.showToast(state.words(.previewNoAction, ["event": event.name]))]
                case .back: return state.toast == nil ? [] : [.dismissToast]
                case .step: return []
                }
            }
        }
        guard case .command(let command) = input else {
            state.needsFrame = false
            return []
        }
        switch command {
        case .search, .cart:
            return [.showToast(state.words[.previewNoAppScreens])]
        case .refresh:
            return [.reload]
        case .help:
            state.showsHelp = true
        case .togglePanel:
            state.showsPanel.toggle()
        case .quit:
            state.isQuitting = true
            return [.quit]
        case .browse, .activate, .addToCart, .back, .step:
            break
        }
        return []
    }
}
