/// The retail widgets' type names (`"type"` of a widget, CONTRACT §5): the client registers
/// its content types under them, the backend writes them.
public enum RetailWidgetType {
    public static let searchBar = "search_bar"
    public static let heroCampaign = "hero_campaign"
    public static let campaignCard = "campaign_card"
    public static let productCard = "product_card"
    public static let productDetail = "product_detail"
    public static let categoryTile = "category_tile"
    public static let editorialCard = "editorial_card"
    public static let promoBanner = "promo_banner"

    /// Every retail widget type.
    public static let all = [searchBar, heroCampaign, campaignCard, productCard, productDetail, categoryTile, editorialCard, promoBanner]
}

/// The retail actions' type names (`"type"` of an action, CONTRACT §7) and the names a
/// widget's `actions` map gives the ones the app fires itself.
public enum RetailActionType {
    public static let deeplink = "deeplink"
    public static let addToCart = "add_to_cart"
    public static let openSearch = "open_search"
    public static let openPage = "open_page"
}

/// The `api` actions the backend answers (`POST /v1/actions/{name}`).
public enum RetailAPIAction {
    /// Tells the shopper when a sold-out product is back.
    public static let notifyMe = "notify-me"
}
