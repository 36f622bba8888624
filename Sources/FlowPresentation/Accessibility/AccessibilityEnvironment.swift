import FlowCore
import Foundation

/// What a description depends on besides the widget: the shopper's language and the words in it,
/// the instant (a countdown, what has expired), and the live state of stateful widgets.
public struct AccessibilityEnvironment: Sendable {
    /// Numbers, prices and phrases are said in this locale's way. Default: `en_US`.
    public var locale: Locale
    /// The engine's words in the shopper's language, as the app gives them. Default: none
    /// (each reads as its key).
    public var words: EngineWords
    /// Nested widgets (accordion items) are resolved for this client at this instant.
    public var evaluation: EvaluationContext
    /// Whether unknown and malformed widgets are read as their placeholder (a debug build's
    /// `UnknownWidgetPolicy.placeholder`) or skipped, as a renderer shows them. Default: skipped.
    public var readsPlaceholders: Bool
    /// A widget's local state by id (a stepper's count, an accordion's expansion), as the
    /// renderer holds it in `WidgetStateStore`. Default: none, so every widget is at its initial state.
    public var widgetState: @Sendable (String) -> JSONValue?
    /// The host app's own state its descriptions read, opaque here (the shopper app's marks:
    /// a product sold out since the page came reads as sold out, as it is drawn), as the
    /// terminal's `RenderEnvironment.hostContext`. Default: none.
    public var hostContext: (any Sendable)?

    public init(
        locale: Locale = Locale(identifier: "en_US"), words: EngineWords = .keys, evaluation: EvaluationContext, readsPlaceholders: Bool = false,
        widgetState: @escaping @Sendable (String) -> JSONValue? = { _ in nil }, hostContext: (any Sendable)? = nil
    ) {
        self.locale = locale
        self.words = words
        self.evaluation = evaluation
        self.readsPlaceholders = readsPlaceholders
        self.widgetState = widgetState
        self.hostContext = hostContext
    }

    /// The instant a countdown is measured from.
    public var now: Date { evaluation.now }

    /// A whole number as the locale writes it ("1,234", "1.234"), exactly at any `Int`.
    public func integer(_ number: Int) -> String {
        number.formatted(.number.locale(locale))
    }

    /// `number` as the locale writes it, with at most `fractionDigits` decimals ("4.3", "4,3").
    public func number(_ number: Double, fractionDigits: Int = 1) -> String {
        guard number.isFinite else { return "" }
        return number.formatted(.number.precision(.fractionLength(0...max(0, fractionDigits))).locale(locale))
    }
}
