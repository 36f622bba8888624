import FlowCore
import FlowPresentation
import FlowWidgets
import Foundation
import RetailPresentation

/// Decodes pages with the starter widgets and reads them with the starter catalogue.
enum A11y {
    static let now = Date(timeIntervalSince1970: 1_798_000_000)

    static func environment(locale: String = "en-US", placeholders: Bool = false, state: [String: JSONValue] = [:]) -> AccessibilityEnvironment {
        // The app's catalogue gives the engine its words, as an app does.
        AccessibilityEnvironment(
            locale: Locale(identifier: locale), words: Words(AppLocale(identifier: locale)).engine,
            evaluation: EvaluationContext(client: ClientContext(appVersion: AppVersion(major: 2, minor: 6, patch: 0), capabilities: []), now: now),
            readsPlaceholders: placeholders, widgetState: { state[$0] })
    }

    static var catalog: WidgetCatalog {
        var catalog = WidgetCatalog()
        StarterWidgets.register(on: &catalog)
        return catalog
    }

    static func page(_ json: String) throws -> PageModel {
        try PageDecoder(catalog: catalog, makeRequestID: { "r" }).decodePage(Data(json.utf8)).page
    }

    /// The page's widgets as a page of one section of `widgets` (JSON objects).
    static func lines(_ widgets: String, environment: AccessibilityEnvironment = environment()) throws -> [String] {
        let page = try page(#"{"page": {"sections": [{"id": "s", "widgets": ["# + widgets + "]}]}}")
        return ReadingOrder(catalog: StarterAccessibility.catalog, environment: environment).elements(of: page).map(\.line)
    }
}
