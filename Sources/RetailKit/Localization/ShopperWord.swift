/// The words the shopper's app shows of its own (never the backend's copy), whatever draws
/// them: loading and error states, the cart, stock and countdowns, search, notices. Tables:
/// `ShopperWord+English`, `+German` (du), `+French` (vous), matching the backend's registers.
public enum ShopperWord: String, CopyCatalog {
    // Pages: loading, empty, errors.
    case loading, loadingMore, nothingHere, loadFailedTitle, loadFailedDetail, loadFailedAttempts, pageGone, productGone, goneDetail, retry, retrying, moreFailed, nothingMore
    case refreshFailed, actionFailed, tooManyScreens, linkNoScreen, cantAdd
    // Where the shopper is (a status line, a title).
    case home, kindCampaign, kindCategory, kindProduct, kindSearch, kindPage, savedCopy, updating, savedCopyUpdating
    // The cart.
    case cart, cartTitle, itemsOne, itemsOther, cartEmpty, cartLoading, cartUnavailable, moreLines, subtotal, eachPrice, removing, updatingLine, retryingLine, removed
    case checkoutNote, quantity, inCart, adding, removeAction, undoAction
    // Cart notices.
    case justSoldOut, couldntAdd, couldntUpdate, couldntRemove, quantityLimit, noLongerAvailable, cartRefused, cartExpired
    // Products.
    case lowStock, soldOut, inStock, wasPrice, ratingOutOfFive, addToCart
    // Countdowns.
    case endsInClock, endsInDaysOne, endsInDaysOther, endsOn, ended
    // Promotions.
    case promoCode, codeCopied
    // Search.
    case search, searchPlaceholder, typeMore, looking, noSuggestions, suggestionsFailed, allResults
    case suggestionProduct, suggestionCategory, suggestionCampaign, suggestionQuery, suggestionOther, recentQuery

    public static func table(for locale: AppLocale) -> [ShopperWord: String] {
        switch locale {
        case .enUS: english
        case .deDE: german
        case .frFR: french
        }
    }

    public static let sameInEveryLanguage: Set<ShopperWord> = []
}
