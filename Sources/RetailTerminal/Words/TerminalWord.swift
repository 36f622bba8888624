import RetailKit

/// The words the terminal apps show of their own beyond the shopper's (`ShopperWord`): the
/// keys and their help, hints, the status line, the debug panel and `vitrine preview`'s
/// panels. Tables: `TerminalWord+English`, `+German` (du), `+French` (vous).
public enum TerminalWord: String, CopyCatalog {
    // The keys' help.
    case keysTitle, helpMove, helpScroll, helpTopEnd, helpOpen, helpAdd, helpSearch, helpCart, helpRefresh
    case helpBack, helpDebug, helpQuit
    case keyPaging, keyHomeEnd, keyEnter, keyEsc, keyEnterAdd
    case anyKeyCloses
    // Hints and the status line.
    case hintKeys, hintKeysShort, statusBack, searchKeys, cartKeys, cartKeysEmpty, cartUndoKey, debugTitle
    // `vitrine preview`.
    case previewKeysTitle, previewHelpFire, previewHelpReload, previewHelpPanel, previewHelpClose
    case previewTag, previewDiagnostics, previewNotShown, previewLastGood, previewNoDiagnostics, previewDiagnosticOne
    case previewDiagnosticOther, previewRead, previewNotValid, previewShowing, previewNotFollowed, previewNoAppScreens
    case previewNoAction
    // `vitrine preview`'s panel: the lint report in the reader's words.
    case previewSummary, previewRefused, previewHeader, previewFooter, previewSection, previewDiagnosticsHeading
    case previewRoleItem, previewRoleFallback, previewRoleHeader
    case previewStatusOk, previewStatusFallback, previewStatusUnknown, previewStatusMalformed, previewStatusIncompatible
    case previewStatusExpired, previewStatusEmpty

    public static func table(for locale: AppLocale) -> [TerminalWord: String] {
        switch locale {
        case .enUS: english
        case .deDE: german
        case .frFR: french
        }
    }

    /// The program's own name, and Esc, which German keyboards print too.
    public static let sameInEveryLanguage: Set<TerminalWord> = [.previewTag, .keyEsc]
}
