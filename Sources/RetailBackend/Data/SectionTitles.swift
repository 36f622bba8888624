// Localised section titles and other page copy.

enum SectionTitles {
    static let campaigns = Localized("Campaigns for you", "Aktionen für dich", "Nos opérations pour vous")
    static let liveShopping = Localized("Live shopping", "Live-Shopping", "Live shopping")
    static let categories = Localized("Shop by category", "Nach Kategorie shoppen", "Acheter par catégorie")
    static let deals = Localized("Deals of the day", "Angebote des Tages", "Bons plans du jour")
    static let recommendedReturning = Localized("Recommended for you", "Empfohlen für dich", "Recommandé pour vous")
    static let recommendedNew = Localized("Popular right now", "Gerade beliebt", "Populaire en ce moment")
    static let recommendedVIP = Localized("Picked for our VIPs", "Für unsere VIPs ausgewählt", "Sélection VIP")
    static let recommendedSubtitle = Localized("Based on what you viewed", "Basierend auf deinen Ansichten", "D’après vos consultations")
    static let newArrivals = Localized("New arrivals", "Neuheiten", "Nouveautés")
    static let stories = Localized("Stories", "Geschichten", "Histoires")
    static let moreStories = Localized("More stories", "Weitere Geschichten", "Autres histoires")
    static let promotions = Localized("Offers", "Angebote", "Offres")
    static let campaignPicks = Localized("{campaign}: our picks", "{campaign}: unsere Auswahl", "{campaign} : notre sélection")
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
    /// A promotion's tap says how to use its code: no action of the contract copies text, so
    /// nothing may claim to have copied it.
    static let codeAtCheckout = Localized("Code %@: enter it at checkout", "Code %@ an der Kasse eingeben", "Saisissez le code %@ au paiement")
    static let liveShoppingStill = Localized("Shop the looks from tonight's stream", "Die Looks aus dem Stream shoppen", "Achetez les looks du direct")
    static let moreCampaigns = Localized("More campaigns", "Weitere Aktionen", "Autres opérations")
}

/// The product page's and the search page's copy: German addresses the shopper as "du",
/// French as "vous", as everywhere in the backend's copy.
extension SectionTitles {
    static let addToCart = Localized("Add to cart", "In den Warenkorb", "Ajouter au panier")
    static let notifyMe = Localized("Notify me", "Benachrichtige mich", "Me prévenir")
    static let styleVariant = Localized("Style", "Modell", "Modèle")
    static let delivery = Localized(
        "Free delivery in 2–4 working days · free returns within 30 days",
        "Kostenloser Versand in 2–4 Werktagen · 30 Tage kostenlose Rückgabe",
        "Livraison offerte sous 2 à 4 jours ouvrés · retours gratuits sous 30 jours")
    static let description = Localized(
        "%title%, from our %category% collection, is made to last and easy to care for.",
        "%title% aus unserer Kollektion „%category%“ ist langlebig und pflegeleicht.",
        "%title%, de notre collection « %category% », est durable et facile d’entretien.")
    static let searchResults = Localized("Results for “%@”", "Ergebnisse für „%@“", "Résultats pour « %@ »")
    static let searchCategories = Localized("Categories", "Kategorien", "Catégories")
    static let searchProducts = Localized("Products", "Produkte", "Produits")
    static let searchNothing = Localized("Nothing found for “%@”", "Nichts gefunden für „%@“", "Aucun résultat pour « %@ »")
    static let searchNothingHint = Localized(
        "Try another word, or browse the categories.", "Versuch es mit einem anderen Wort oder stöbere in den Kategorien.",
        "Essayez un autre mot, ou parcourez les catégories.")

    /// `template` with each `%name%` replaced by its value.
    static func fill(_ template: Localized, _ values: [String: String], _ locale: StoreLocale) -> String {
        values.reduce(template[locale]) { $0.replacingOccurrences(of: "%\($1.key)%", with: $1.value) }
    }
}
