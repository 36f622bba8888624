import FlowPresentation
import Foundation

/// The retail words a description adds to the payload's text, in the shopper's language
/// (English, German, French; any other language reads English), beside FlowPresentation's
/// `AccessibilityPhrases`.
public struct RetailPhrases: Sendable, Hashable {
    public let language: AccessibilityPhrases.Language

    public init(_ phrases: AccessibilityPhrases) {
        language = phrases.language
    }

    private func pick(_ english: String, _ german: String, _ french: String) -> String {
        switch language {
        case .english: english
        case .german: german
        case .french: french
        }
    }

    /// "was $114.99"
    public func was(_ price: String) -> String { pick("was \(price)", "vorher \(price)", "avant \(price)") }
    /// "20 % off"
    public func percentOff(_ percent: Int) -> String { pick("\(percent) % off", "\(percent) % reduziert", "\(percent) % de remise") }
    /// "rated 4.3 out of 5"
    public func rated(_ rating: String) -> String { pick("rated \(rating) out of 5", "bewertet mit \(rating) von 5", "noté \(rating) sur 5") }
    public var lowStock: String { pick("low stock", "nur noch wenige", "stock limité") }
    public var soldOut: String { pick("sold out", "ausverkauft", "épuisé") }
    public var ended: String { pick("ended", "beendet", "terminé") }
    /// "code WINTER"
    public func code(_ code: String) -> String { pick("code \(code)", "Code \(code)", "code \(code)") }
    public var opensPage: String { pick("Opens the page", "Öffnet die Seite", "Ouvre la page") }
    public var opensLink: String { pick("Opens the link", "Öffnet den Link", "Ouvre le lien") }
    public var opensSearch: String { pick("Opens search", "Öffnet die Suche", "Ouvre la recherche") }
    public var cart: String { pick("Cart", "Warenkorb", "Panier") }
    public var emptyCart: String { pick("Your cart is empty", "Dein Warenkorb ist leer", "Votre panier est vide") }
    public var remove: String { pick("Remove", "Entfernen", "Retirer") }
    /// A cart line's count: "quantity 2".
    public func quantity(_ count: String) -> String { pick("quantity \(count)", "Menge \(count)", "quantité \(count)") }
    /// The cart's total before delivery.
    public var subtotal: String { pick("Subtotal", "Zwischensumme", "Sous-total") }
    /// The cart badge: "3 items in the cart".
    public func itemsInCart(_ count: Int) -> String {
        switch language {
        case .english: count == 1 ? "1 item in the cart" : "\(count) items in the cart"
        case .german: "\(count) Artikel im Warenkorb"
        case .french: count <= 1 ? "\(count) article dans le panier" : "\(count) articles dans le panier"
        }
    }

    /// The add button's title.
    public var add: String { pick("Add", "Hinzufügen", "Ajouter") }
    /// The name of a card's add action, offered by a screen reader.
    public var addToCart: String { pick("Add to cart", "In den Warenkorb", "Ajouter au panier") }
    public var addsToCart: String { pick("Adds to the cart", "Legt in den Warenkorb", "Ajoute au panier") }

    /// "ends in 3 days", "ends in 2 hours 5 minutes", "ends on December 24, 2026".
    public func endsIn(days: Int) -> String {
        pick(days == 1 ? "ends in 1 day" : "ends in \(days) days", days == 1 ? "endet in 1 Tag" : "endet in \(days) Tagen",
             days == 1 ? "se termine dans 1 jour" : "se termine dans \(days) jours")
    }

    /// "ends in 2 hours 5 minutes", "ends in 2 hours" (no "0 minutes"), "ends in 0 minutes".
    public func endsIn(hours: Int, minutes: Int) -> String {
        let saysMinutes = minutes > 0 || hours == 0
        let english = [hours > 0 ? (hours == 1 ? "1 hour" : "\(hours) hours") : nil, saysMinutes ? (minutes == 1 ? "1 minute" : "\(minutes) minutes") : nil]
        let german = [hours > 0 ? (hours == 1 ? "1 Stunde" : "\(hours) Stunden") : nil, saysMinutes ? (minutes == 1 ? "1 Minute" : "\(minutes) Minuten") : nil]
        let french = [hours > 0 ? (hours == 1 ? "1 heure" : "\(hours) heures") : nil, saysMinutes ? (minutes == 1 ? "1 minute" : "\(minutes) minutes") : nil]
        return pick("ends in " + english.compactMap { $0 }.joined(separator: " "),
                    "endet in " + german.compactMap { $0 }.joined(separator: " "),
                    "se termine dans " + french.compactMap { $0 }.joined(separator: " "))
    }

    public func endsOn(_ date: String) -> String { pick("ends on \(date)", "endet am \(date)", "se termine le \(date)") }
}
