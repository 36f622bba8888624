import FlowTerminal
import RetailKit
import RetailPresentation

extension RenderEnvironment {
    /// The shopper's language, from `localeIdentifier`.
    public var appLocale: AppLocale { AppLocale(identifier: localeIdentifier) }

    /// The app's words in the environment's language (`Words`, the one catalogue).
    public var shopperWords: Words { Words(appLocale) }

    /// Prices, numbers, ratings and dates in the environment's language.
    public var format: RetailFormat { RetailFormat(appLocale) }

    /// An environment for `locale`: its language, and the renderer's own words in it, from
    /// the one catalogue.
    public func speaking(_ locale: AppLocale) -> RenderEnvironment {
        var environment = self
        environment.localeIdentifier = locale.rawValue
        environment.words = Words(locale).engine
        return environment
    }
}
