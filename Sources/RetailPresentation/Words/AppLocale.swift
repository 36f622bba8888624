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
        let normalized = identifier.replacingOccurrences(of: "_", with: "-").lowercased()
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
        Locale(identifier: rawValue.replacingOccurrences(of: "-", with: "_"))
    }

    /// Whether `count` takes the singular in this language (its `WordTable`'s rule).
    public func isSingular(_ count: Int) -> Bool {
        WordTable.of(self).isSingular(count)
    }
}
