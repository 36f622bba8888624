// Localised section titles and other page copy.

enum SectionTitles {
    static let campaigns = Localized("Campaigns for you", "Aktionen für dich", "Nos opérations pour vous")
    static let liveShopping = Localized("Live shopping", "Live-Shopping", "Live shopping")
    static let categories = Localized("Shop by category", "Nach Kategorie shoppen", "Acheter par catégorie")
    static let deals = Localized("Deals of the day", "Angebote des Tages", "Bons plans du jour")
    static let recommendedReturning = Localized("Recommended for you", "Empfohlen für dich", "Recommandé pour vous")
    static let recommendedNew = Localized("Popular right now", "Gerade beliebt", "Populaire en ce moment")
    static let recommendedVIP = Localized("Picked for our VIPs", "Für unsere VIPs ausgewählt", "Sélection VIP")
    static let recommendedSubtitle = Localized("Based on what you viewed", "Basierend auf deinen Ansichten", "D'après vos consultations")
    static let newArrivals = Localized("New arrivals", "Neuheiten", "Nouveautés")
    static let stories = Localized("Stories", "Geschichten", "Histoires")
    static let promotions = Localized("Offers", "Angebote", "Offres")
    static let popularIn = Localized("Popular in %@", "Beliebt in %@", "Populaire : %@")
    static let campaignPicks = Localized("%@: our picks", "%@: unsere Auswahl", "%@ : notre sélection")
    static let related = Localized("You may also like", "Das könnte dir gefallen", "Vous aimerez aussi")
    static let allProducts = Localized("All products", "Alle Produkte", "Tous les produits")
    static let otherCategories = Localized("More categories", "Weitere Kategorien", "Autres catégories")
    static let searchPlaceholder = Localized("Search products, brands and more", "Produkte, Marken und mehr suchen", "Rechercher des produits, des marques…")
    static let navTitle = Localized("Vitrine", "Vitrine", "Vitrine")
    static let cart = Localized("Cart", "Warenkorb", "Panier")
    static let notifyConfirmed = Localized("We'll let you know when it's back", "Wir sagen Bescheid, sobald er wieder da ist", "Nous vous préviendrons de son retour")
    static let notifyBadge = Localized("Notify me: on", "Benachrichtigung: an", "Alerte : activée")
    static let lowStock = Localized("Only a few left", "Nur noch wenige", "Plus que quelques pièces")

    /// A title with one `%@` placeholder filled.
    static func format(_ template: Localized, _ value: String, _ locale: StoreLocale) -> String {
        template[locale].replacingOccurrences(of: "%@", with: value)
    }
}

extension SectionTitles {
    static let codeCopied = Localized("Code %@ copied", "Code %@ kopiert", "Code %@ copié")
    static let liveShoppingStill = Localized("Shop the looks from tonight's stream", "Die Looks aus dem Stream shoppen", "Achetez les looks du direct")
    static let moreCampaigns = Localized("More campaigns", "Weitere Aktionen", "Autres opérations")
}
