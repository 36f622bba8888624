import FlowCore
import Foundation
/// A word the engine's renderers say of their own: the states of a page without content, the
/// end of a list, the keys' help, and what a screen reader adds to a widget's text. The engine
/// names the words it needs and holds none: the app gives them (`EngineWords`) in the
/// shopper's language, from its one catalogue, so a retailer with another language adds one
/// table there.
public enum EngineWord: String, CaseIterable, Sendable {
    // A page without content, and the end of a list.
    case loading, loadingMore, nothingHere, nothingMore
    /// A failed first load: its title, what it says under it, and how many tries
    /// (`{count}`), after a retry.
    case loadFailedTitle, loadFailedDetail, loadFailedAttempts
    /// A first load the server answered "no such page" (404, 410), which no retry helps.
    case goneTitle, goneDetail
    /// The retry button, and what it says while the retry is under way.
    case retry, retrying
    /// A next page that failed.
    case moreFailed
    /// A search field with no placeholder of its own.
    case search
    /// The keys' help box's last line.
    case anyKeyCloses
    // What a screen reader says of a control's state, and the hints of the built-in actions.
    case expanded, collapsed, togglesContent, adjusts, opensSheet, refreshes, closes
    /// A picture with no `alt`, where text stands for it.
    case image
    /// What an icon-only control is called, by its symbol (`symbol(_:)`).
    case iconFavourite, iconCart, iconBag, iconNext, iconBack, iconClose, iconSearch, iconShare, iconAdd, iconRemove
    case iconDelete, iconInfo, iconAccount, iconNotifications, iconCalendar, iconRating
    /// A widget drawn as a labelled placeholder (previews and tools; the app skips it):
    /// `{type}` its type, `{detail}` the decoder's words.
    case placeholderUnknownType, placeholderMalformed, placeholderNoView

    /// The word for a control drawn as `symbol` (an SF Symbol name: `heart.fill`,
    /// `chevron.right`), read by its name (`symbolName`); nil for a symbol the engine does not
    /// name, which reads as its name (a payload gives such a control an `accessibility.label`).
    public static func symbol(_ symbol: String) -> EngineWord? {
        symbolWords[ExactString(symbolName(symbol))]
    }

    /// A symbol's name in words, the parts that say only how it looks aside (fill, circle,
    /// square, slash, badge: nothing to a listener): `heart.fill` is "heart", `chevron.right`
    /// "chevron right", `square.and.arrow.up` "square and arrow up". Parts compare by bytes.
    public static func symbolName(_ symbol: String) -> String {
        let parts = symbol.split(separator: ".").map { ExactString(String($0)) }
        // `square.and.arrow.up` is a name of its own, not a square variant.
        let isName = parts.count > 1 && parts[0] == "square" && parts[1] == "and"
        return parts.filter { isName || !symbolVariants.contains($0) }.map(\.string).joined(separator: " ")
    }

    private static let symbolVariants: Set<ExactString> = ["fill", "circle", "square", "slash", "badge"]

    private static let symbolWords: [ExactString: EngineWord] = [
        "heart": .iconFavourite, "cart": .iconCart, "bag": .iconBag, "chevron right": .iconNext, "arrow right": .iconNext,
        "chevron left": .iconBack, "arrow left": .iconBack, "xmark": .iconClose, "magnifyingglass": .iconSearch,
        "square and arrow up": .iconShare, "plus": .iconAdd, "minus": .iconRemove, "trash": .iconDelete, "info": .iconInfo,
        "person": .iconAccount, "bell": .iconNotifications, "calendar": .iconCalendar, "star": .iconRating,
    ]
}

/// The engine's words in one language, as the app gives them. A word the app did not give
/// reads as its key (`loadFailedTitle`), so a missing one shows where it is missing.
public struct EngineWords: Sendable, Hashable {
    private let table: [EngineWord: String]
    /// How the language writes numbers ("1,200", "1.200", "1 200").
    public let locale: Locale

    public init(_ table: [EngineWord: String], locale: Locale = Locale(identifier: "en_US")) {
        self.table = table
        self.locale = locale
    }

    /// `number` as the language writes it, for a count said among the words.
    public func number(_ number: Int) -> String {
        number.formatted(.number.locale(locale))
    }

    /// No words: every key reads as its name (tests of layout, tools without an app).
    public static let keys = EngineWords([:])

    public subscript(_ key: EngineWord) -> String {
        table[key] ?? key.rawValue
    }

    /// The word with each `{name}` replaced by its value.
    public func callAsFunction(_ key: EngineWord, _ values: [String: String] = [:]) -> String {
        WordTemplate.fill(self[key], values)
    }
}

/// `{name}` placeholders in a phrase, filled in one place for every catalogue.
public enum WordTemplate {
    /// `template` with each `{name}` of `values` replaced; other braces stay as they are.
    /// Values are inserted as they are: text from a server still goes through the renderer's
    /// `SafeText` when drawn, like every server string.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
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
