import Foundation
import RetailPresentation

extension Locale {
    /// The shopper's words for the environment's locale: the app's language nearest to it
    /// (`AppLocale`), as the terminal picks it.
    var shopperWords: Words { Words(AppLocale(identifier: identifier)) }

    /// Prices and numbers written as the shopper's words write them (`RetailFormat`), never by
    /// the device's own region: what the screen shows is what VoiceOver reads and what the
    /// terminal shows.
    var shopperFormat: RetailFormat { RetailFormat(AppLocale(identifier: identifier)) }
}
