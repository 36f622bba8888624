import FlowPresentation

/// The one lookup of the app's words in the shopper's language (`WordTable`): a key's phrase,
/// with `{name}` placeholders filled, the singular or plural of a count by the language's rule,
/// and the engine's words to hand its renderers (`engine`).
public struct Words: Sendable {
    public let locale: AppLocale
    private let table: WordTable

    public init(_ locale: AppLocale) {
        self.locale = locale
        table = WordTable.of(locale)
    }

    /// The phrase for `key` (the English one if a table lacks it, which a test forbids).
    public subscript(_ key: Word) -> String {
        table.words[key] ?? WordTable.english.words[key] ?? key.rawValue
    }

    /// The engine's word for `key`.
    public subscript(_ key: EngineWord) -> String {
        engine[key]
    }

    /// The phrase for `key` with each `{name}` replaced by its value.
    public func callAsFunction(_ key: Word, _ values: [String: String] = [:]) -> String {
        WordTemplate.fill(self[key], values)
    }

    /// `one` or `other` by `count`, with `{count}` (the count formatted for the locale) and
    /// `values` filled.
    public func plural(_ one: Word, _ other: Word, count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = values["count"] ?? RetailFormat(locale).number(count)
        return callAsFunction(table.isSingular(count) ? one : other, values)
    }

    /// The engine's words in this language, for its renderers and descriptions.
    public var engine: EngineWords {
        EngineWords(table.engine, locale: locale.locale)
    }
}
