/// A set of words an app draws, one key per phrase, with a table per `AppLocale`.
///
/// A table is a dictionary literal per language (`ShopperWord`'s are in `ShopperWord+English`
/// and its siblings); tests check that every key has every language and that no German or
/// French entry is the English one, except those named in `sameInEveryLanguage`.
public protocol CopyCatalog: CaseIterable, Hashable, Sendable {
    /// Every key's words in `locale`.
    static func table(for locale: AppLocale) -> [Self: String]
    /// Keys whose words are rightly the same as the English in another language (a brand).
    static var sameInEveryLanguage: Set<Self> { get }
}

/// The words of a `CopyCatalog` in one language: a key's phrase, with `{name}` placeholders
/// filled, and the singular or plural of a count by the language's rule.
///
/// Values filled in are inserted as they are: text from a server still goes through the
/// renderer's `SafeText` when drawn, like every server string.
public struct Copy<Key: CopyCatalog>: Sendable {
    public let locale: AppLocale
    private let words: [Key: String]

    public init(_ locale: AppLocale) {
        self.locale = locale
        words = Key.table(for: locale)
    }

    /// The phrase for `key` (the English one if a table lacks it, which a test forbids).
    public subscript(_ key: Key) -> String {
        words[key] ?? Key.table(for: .enUS)[key] ?? ""
    }

    /// The phrase for `key` with each `{name}` replaced by its value.
    public func callAsFunction(_ key: Key, _ values: [String: String] = [:]) -> String {
        Self.fill(self[key], values)
    }

    /// `one` or `other` by `count`, with `{count}` (the count formatted for the locale) and
    /// `values` filled.
    public func plural(_ one: Key, _ other: Key, count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = values["count"] ?? RetailFormat(locale).number(count)
        return callAsFunction(locale.isSingular(count) ? one : other, values)
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
