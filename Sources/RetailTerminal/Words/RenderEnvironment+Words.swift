import FlowTerminal
import RetailKit

extension RenderEnvironment {
    /// The shopper's language, from `localeIdentifier`.
    public var appLocale: AppLocale { AppLocale(identifier: localeIdentifier) }

    /// The shopper's words in the environment's language.
    public var shopperWords: Copy<ShopperWord> { Copy(appLocale) }

    /// The terminal apps' own words in the environment's language.
    public var terminalWords: Copy<TerminalWord> { Copy(appLocale) }

    /// Prices, numbers, ratings and dates in the environment's language.
    public var format: RetailFormat { RetailFormat(appLocale) }

    /// An environment for `locale`: its language, and the renderer's own words in it.
    public func speaking(_ locale: AppLocale) -> RenderEnvironment {
        var environment = self
        environment.localeIdentifier = locale.rawValue
        environment.words = RendererWords.shopper(locale)
        return environment
    }
}

extension RendererWords {
    /// The renderer's words for a shopper in `locale`: a failed load says what to do, never
    /// why in a developer's terms (the `--debug` log keeps that).
    public static func shopper(_ locale: AppLocale) -> RendererWords {
        let words = Copy<ShopperWord>(locale)
        var result = RendererWords()
        result.loading = words[.loading]
        result.loadingMore = words[.loadingMore]
        result.nothingHere = words[.nothingHere]
        result.loadFailedTitle = words[.loadFailedTitle]
        result.loadFailedDetail = words[.loadFailedDetail]
        result.loadFailedAttempts = words[.loadFailedAttempts]
        result.goneTitle = words[.pageGone]
        result.goneDetail = words[.goneDetail]
        result.retry = words[.retry]
        result.retrying = words[.retrying]
        result.moreFailed = words[.moreFailed]
        result.nothingMore = words[.nothingMore]
        result.anyKeyCloses = Copy<TerminalWord>(locale)[.anyKeyCloses]
        return result
    }
}
