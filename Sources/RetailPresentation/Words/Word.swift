import RetailKit
/// A word the shopper's app says of its own (never the backend's copy), in every renderer:
/// page and cart states, the cart, stock and countdowns, search, notices, the keys' and
/// gestures' help, what a screen reader adds to the payload's text, and `vitrine preview`'s
/// panels. The words of the engine's renderers are `EngineWord`s, in the same tables
/// (`WordTable`), read through the same lookup (`Words`).
public enum Word: String, CaseIterable, Sendable {
    // Pages: loading, empty, errors.
    case productGone
    case refreshFailed, refreshed, actionFailed, tooManyScreens, linkNoScreen, cantAdd, cantAddSoldOut
    // Where the shopper is (a status line, a title).
    case home, kindCampaign, kindCategory, kindProduct, kindStory, kindSearch, kindPage, savedCopy, updating, savedCopyAge
    case savedCopyUpdating
    // The cart.
    case cart, cartTitle, itemsOne, itemsOther, cartEmpty, cartLoading, cartUnavailable, moreLines, subtotal
    case eachPrice, removing, updatingLine, retryingLine, removed, noLongerSold, lineSavings
    case checkoutNote, quantity, inCart, adding, removeAction, undoAction, quantityAtMost, variantsWhy
    // Cart notices.
    case justSoldOut, couldntAdd, couldntUpdate, couldntRemove, quantityLimit, noLongerAvailable, cartRefused
    case cartExpired
    // Products.
    case lowStock, soldOut, inStock, wasPrice, ratingOutOfFive, addToCart
    // Countdowns.
    case endsInClock, endsInDaysOne, endsInDaysOther, endsOn, ended
    // Promotions.
    case promoCode
    // Search.
    case searchPlaceholder, typeMore, looking, noSuggestions, suggestionsFailed, allResults
    case suggestionProduct, suggestionCategory, suggestionCampaign, suggestionQuery, suggestionOther, recentQuery
    // The keys' help.
    case keysTitle, helpMove, helpScroll, helpTopEnd, helpOpen, helpAdd, helpSearchCart, helpRefresh
    case helpBack, helpDebug, helpQuit, helpOptions, gestureSwipe, gesturePage, gestureTop, gestureTap, gestureAdd, gestureSearch
    case gestureCart, gestureRefresh, gestureBack, gestureQuit
    // The cart sheet's keys (its hint line and its help), with `removeAction` and `undoAction`.
    case cartKeysTitle, cartChoose, cartQuantity, cartOpen, cartClose
    case gestureCartStep, gestureCartRemove, gestureCartUndo, gestureCartClose
    case keyPaging, keyHomeEnd, keyEnter, keyEsc, keyEnterAdd
    // Hints and the status line.
    case hintKeys, hintKeysShort, statusBack, searchKeys, debugTitle
    // `vitrine preview`.
    case previewKeysTitle, previewHelpFire, previewHelpReload, previewHelpPanel, previewHelpClose
    case previewTag, previewDiagnostics, previewNotShown, previewLastGood, previewNoDiagnostics
    case previewDiagnosticOne
    case previewDiagnosticOther, previewRead, previewNotValid, previewShowing, previewNotFollowed
    case previewNoAppScreens
    case previewNoAction
    // `vitrine preview`'s panel: the lint report in the reader's words.
    case previewSummary, previewRefused, previewHeader, previewFooter, previewSection, previewDiagnosticsHeading
    case previewRoleItem, previewRoleFallback, previewRoleHeader
    case previewStatusOk, previewStatusFallback, previewStatusUnknown, previewStatusMalformed
    case previewStatusIncompatible
    case previewStatusExpired, previewStatusEmpty
    // `vitrine preview`'s panel: what each kind of diagnostic means (the decoder's detail, the
    // text a `contract_problem` event carries, follows it as sent).
    case findingUnknownType, findingMalformedPayload, findingDroppedElement, findingDuplicateID
    case findingUnknownArrangement, findingIncompatible, findingExpired, findingUnsupportedSchema
    case findingRefusedAction, findingMutationFailed, findingPlace
    // `vitrine preview`: why the file was not read.
    case previewFileMissing, previewFileTooLarge, previewFileUnreadable
    // `vitrine preview`: why the file is not a page; the parser's data (line, column, byte,
    // the character met) is filled in as it is.
    case previewNotJSON, previewNoRoot, previewUnsupportedSchema, previewSheetRefused
    case jsonAfterDocument, jsonEndsEarly, jsonUnexpectedCharacter, jsonExpectedKey, jsonExpectedColon, jsonExpectedSeparator
    case jsonInvalidLiteral, jsonControlCharacter, jsonUnterminatedString, jsonInvalidEscape, jsonUnicodeEscape, jsonInvalidNumber
    // What a screen reader says beside the payload's text, and the hints of the retail actions.
    case spokenWas, spokenPercentOff, spokenRated, spokenLowStock, spokenSoldOut, spokenEnded, spokenCode
    case opensPage, opensLink, opensSearch, removeTitle, spokenQuantity, itemsInCartOne, itemsInCartOther, add
    case addsToCart, spokenEndsInDaysOne, spokenEndsInDaysOther, spokenEndsIn, spokenHoursOne, spokenHoursOther
    case spokenMinutesOne, spokenMinutesOther, spokenEndsOn
}
