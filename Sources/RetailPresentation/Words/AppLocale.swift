import Foundation

/// The languages the app speaks (`--locale`), each with its own string tables and formats. A
/// locale the app does not have is read as the nearest one it has (`de-AT` as `de-DE`), else
/// English, as the backend resolves it, so the app and the pages it shows speak one language.
public enum AppLocale: String, Sendable, Hashable, CaseIterable {
    case enUS = "en-US"
    case deDE = "de-DE"
    case frFR = "fr-FR"

    /// The locale for a BCP 47 tag (`de-DE`, `de_AT`, `fr`): exact, else by language, else en-US.
    public init(identifier: String) {
        // Every view asks with one of these, every frame: at once.
        if let exact = Self(rawValue: identifier) {
            self = exact
            return
        }
        let normalized = String(identifier.map { $0 == "_" ? "-" : $0 }).lowercased()
        if let exact = Self.allCases.first(where: { $0.rawValue.lowercased() == normalized }) {
            self = exact
            return
        }
        switch normalized.split(separator: "-").first {
        case "de"?: self = .deDE
        case "fr"?: self = .frFR
        default: self = .enUS
        }
    }

    /// Foundation's locale, for its formatters.
    public var locale: Locale {
        switch self {
        case .enUS: Locale(identifier: "en_US")
        case .deDE: Locale(identifier: "de_DE")
        case .frFR: Locale(identifier: "fr_FR")
        }
    }

    /// Whether `count` takes the singular in this language (its `WordTable`'s rule).
    public func isSingular(_ count: Int) -> Bool {
        WordTable.of(self).isSingular(count)
    }
}
