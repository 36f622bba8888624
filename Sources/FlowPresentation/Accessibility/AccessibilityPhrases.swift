import Foundation

/// The words a description adds to the payload's own text (a state, a hint), in the
/// shopper's language: English, German and French, the backend's locales; any other language
/// reads English.
///
/// Kept as data beside the descriptions, not in a renderer, so the terminal and SwiftUI say
/// the same thing. Retail words are RetailKit's (`RetailPhrases`).
public struct AccessibilityPhrases: Sendable, Hashable {
    public enum Language: String, Sendable, Hashable, CaseIterable {
        case english = "en", german = "de", french = "fr"
    }

    public let language: Language

    public init(locale: Locale) {
        let code = locale.language.languageCode?.identifier ?? "en"
        language = Language(rawValue: code) ?? .english
    }

    public init(language: Language) {
        self.language = language
    }

    func pick(_ english: String, _ german: String, _ french: String) -> String {
        switch language {
        case .english: english
        case .german: german
        case .french: french
        }
    }

    public var expanded: String { pick("expanded", "ausgeklappt", "développé") }
    public var collapsed: String { pick("collapsed", "eingeklappt", "réduit") }
    public var togglesContent: String { pick("Shows or hides its content", "Zeigt oder verbirgt den Inhalt", "Affiche ou masque le contenu") }
    public var adjusts: String { pick("Swipe up or down to adjust", "Zum Anpassen nach oben oder unten wischen", "Balayez vers le haut ou le bas pour régler") }
    public var opensSheet: String { pick("Opens a panel", "Öffnet ein Fenster", "Ouvre un panneau") }
    public var refreshes: String { pick("Refreshes the page", "Aktualisiert die Seite", "Actualise la page") }
    public var closes: String { pick("Closes", "Schließt", "Ferme") }
    public var search: String { pick("Search", "Suche", "Rechercher") }
    public var loadingMore: String { pick("Loading more", "Weitere werden geladen", "Chargement de la suite") }
    public var nothingHere: String { pick("Nothing here yet", "Hier ist noch nichts", "Rien ici pour l’instant") }
    public var nothingMore: String { pick("Nothing more to show right now", "Im Moment gibt es nichts weiter", "Rien de plus pour le moment") }
    public var retry: String { pick("Try again", "Erneut versuchen", "Réessayer") }
}
