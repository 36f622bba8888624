import Foundation

/// The locales the store is merchandised in; each fixes its copy and its currency.
public enum StoreLocale: String, Sendable, CaseIterable, Hashable {
    case enUS = "en-US"
    case deDE = "de-DE"
    case frFR = "fr-FR"

    /// ISO 4217 code of the prices shown in this locale.
    public var currency: String {
        self == .enUS ? "USD" : "EUR"
    }

    /// `fraction` as a percentage in this locale's form, by Foundation's formatter: "-20%" in
    /// en-US, "-20 %" (a no-break space) in de-DE and fr-FR.
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.precision(.fractionLength(0)).locale(Locale(identifier: rawValue)))
    }

    /// The locale for a request: an exact tag, else the language (`de-AT` → `de-DE`,
    /// case-insensitive, `_` accepted), else `en-US`. Lenient on purpose: a client in a
    /// market we do not merchandise still gets a page rather than an error.
    public static func resolve(_ raw: String?) -> StoreLocale {
        guard let raw, !raw.isEmpty else { return .enUS }
        if let exact = StoreLocale(rawValue: raw) { return exact }
        let normalized = raw.replacingOccurrences(of: "_", with: "-").lowercased()
        if let exact = allCases.first(where: { $0.rawValue.lowercased() == normalized }) { return exact }
        let language = normalized.split(separator: "-").first.map(String.init) ?? normalized
        switch language {
        case "de": return .deDE
        case "fr": return .frFR
        default: return .enUS
        }
    }
}

/// A text in every store locale; empty in a locale where it has none (the catalogue check
/// requires the locales each text is shown in).
struct Localized: Sendable, Hashable {
    var en: String
    var de: String
    var fr: String

    init(_ en: String, _ de: String, _ fr: String) {
        self.en = en
        self.de = de
        self.fr = fr
    }

    static let empty = Localized("", "", "")

    subscript(locale: StoreLocale) -> String {
        get {
            switch locale {
            case .enUS: return en
            case .deDE: return de
            case .frFR: return fr
            }
        }
        set {
            switch locale {
            case .enUS: en = newValue
            case .deDE: de = newValue
            case .frFR: fr = newValue
            }
        }
    }

    /// The locales where it says something.
    var locales: [StoreLocale] {
        StoreLocale.allCases.filter { !self[$0].isEmpty }
    }

    /// Each locale's text with `token` replaced by `value`'s text in that locale.
    func filling(_ token: String, with value: Localized) -> Localized {
        var filled = self
        for locale in StoreLocale.allCases {
            filled[locale] = self[locale].replacingOccurrences(of: token, with: value[locale])
        }
        return filled
    }
}
