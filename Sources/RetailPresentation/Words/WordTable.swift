import FlowPresentation

/// Every word of the app in one language: the shopper app's (`Word`) and the engine's
/// (`EngineWord`), with the language's rule for a count's singular. A retailer with another
/// language adds one table (and its `AppLocale`); a test holds every table to every key.
public struct WordTable: Sendable {
    /// Whether `count` takes the singular in this language (CLDR's "one").
    public let isSingular: @Sendable (Int) -> Bool
    public let words: [Word: String]
    public let engine: [EngineWord: String]

    /// The table of `locale`.
    public static func of(_ locale: AppLocale) -> WordTable {
        switch locale {
        case .enUS: english
        case .deDE: german
        case .frFR: french
        }
    }

    /// Keys whose words are rightly the same as the English in every language: the program's
    /// own name, Esc (which German keyboards print too), and "code" and "minute", which French says as English does.
    public static let sameInEveryLanguage: Set<Word> = [.previewTag, .findingPlace, .keyEsc, .spokenCode, .spokenMinutesOne, .spokenMinutesOther, .variantsWhy]

    /// The engine's words that are rightly the same in English and French ("image").
    public static let engineSameInEveryLanguage: Set<EngineWord> = [.image]
}
