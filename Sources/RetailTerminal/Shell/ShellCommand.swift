import FlowTerminal
import RetailKit
import RetailPresentation

/// What a key means on a page screen, the same in the shopper app and in `vitrine preview`.
public enum ShellCommand: Sendable, Hashable {
    /// Focus, scrolling, carousels.
    case browse(BrowseCommand)
    /// Enter: the focused widget's `tap`.
    case activate
    /// `a`: the focused widget's `add_to_cart`.
    case addToCart
    /// `/`: search.
    case search
    /// `r`: refresh the page (the preview reads its file again).
    case refresh
    /// `c`: the cart sheet.
    case cart
    /// Esc or Backspace: close what is on top (help, a sheet, search), else go back.
    case back
    /// `?`: the keys.
    case help
    /// `d`: the side panel (the app's debug log with `--debug`, the preview's diagnostics).
    case togglePanel
    /// `+` or `-`: the focused widget's count (a product's quantity, a stepper).
    case step(Int)
    /// `q` or Ctrl-C.
    case quit
}

extension ShellCommand {
    /// What the command asks of the page screen itself, or `nil` for the app's own commands
    /// (search, the cart, refresh, help, the panel, quit).
    public var pageInput: PageScreenInput? {
        switch self {
        case .browse(let move): .browse(move)
        case .activate: .activate
        case .addToCart: .fire(.addToCart)
        case .back: .dismiss
        case .step(let delta): .step(delta)
        case .search, .refresh, .cart, .help, .togglePanel, .quit: nil
        }
    }
}

/// The keys of a page screen. Arrows and vi keys move focus (h/j/k/l), PgUp/PgDn and space
/// scroll, Home/End jump, Tab and Shift-Tab go through widgets in reading order.
public enum ShellKeyMap {
    /// The command for `event`, or `nil` when the key means nothing here.
    public static func command(for event: InputEvent) -> ShellCommand? {
        switch event {
        case .key(let key, _): return command(for: key)
        case .text(let text): return command(forText: text)
        case .mouse, .paste: return nil
        }
    }

    private static func command(for key: Key) -> ShellCommand? {
        switch key {
        case .down: .browse(.down)
        case .up: .browse(.up)
        case .left: .browse(.left)
        case .right: .browse(.right)
        case .pageDown: .browse(.pageDown)
        case .pageUp: .browse(.pageUp)
        case .home: .browse(.top)
        case .end: .browse(.bottom)
        case .tab: .browse(.next)
        case .backTab: .browse(.previous)
        case .enter: .activate
        case .escape, .backspace: .back
        case .ctrl("c"): .quit
        case .ctrl("d"): .browse(.pageDown)
        case .ctrl("u"): .browse(.pageUp)
        default: nil
        }
    }

    private static func command(forText text: String) -> ShellCommand? {
        switch text {
        case "j": .browse(.down)
        case "k": .browse(.up)
        case "h": .browse(.left)
        case "l": .browse(.right)
        case " ": .browse(.pageDown)
        case "g": .browse(.top)
        case "G": .browse(.bottom)
        case "a": .addToCart
        case "/": .search
        case "r": .refresh
        case "c": .cart
        case "?": .help
        case "d": .togglePanel
        case "+", "=": .step(1)
        case "-": .step(-1)
        case "q": .quit
        default: nil
        }
    }

    /// What `?` shows in `vitrine preview`, in `words`' language.
    public static func previewHelp(_ words: Words) -> [KeyHelpView.Entry] {
        [
            .init("↑↓←→ hjkl", words[.helpMove]),
            .init(words[.keyPaging], words[.helpScroll]),
            .init(words[.keyHomeEnd], words[.helpTopEnd]),
            .init(words[.keyEnterAdd], words[.previewHelpFire]),
            .init("r", words[.previewHelpReload]),
            .init("d", words[.previewHelpPanel]),
            .init(words[.keyEsc], words[.previewHelpClose]),
            .init("q", words[.helpQuit]),
        ]
    }
}
