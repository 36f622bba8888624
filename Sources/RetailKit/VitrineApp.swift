import FlowCore
import FlowRuntime
import FlowWidgets

/// What the Vitrine client is: its version, what it can show, and the widgets it registers.
public enum VitrineApp {
    /// The client's version, compared with `min_app_version` requirements.
    public static let version = AppVersion(major: 2, minor: 6, patch: 0)

    /// Capabilities the terminal client declares. It plays no video and has no AR.
    public static let capabilities: Set<String> = []

    /// The client as requirements see it.
    public static var clientContext: ClientContext {
        ClientContext(appVersion: version, capabilities: capabilities)
    }

    /// Every widget content the app registers: the starter widgets and the retail widgets.
    public static func makeWidgetCatalog() -> WidgetCatalog {
        var catalog = WidgetCatalog()
        StarterWidgets.register(on: &catalog)
        RetailWidgets.register(on: &catalog)
        return catalog
    }

    /// The deeplinks the app opens: `vitrine:` URLs.
    public static let deeplinks = DeeplinkAllowList(schemes: ["vitrine"])

    /// What the app's dispatcher accepts, checked the same way by `vitrine lint`: the
    /// built-in actions and the retail host actions (`deeplink` against `deeplinks`,
    /// `add_to_cart`, `open_search`, `open_page` with a page id the client can ask for).
    public static var actionPolicy: ActionPolicy {
        var policy = ActionPolicy.builtIn
        policy.register(DeeplinkAction.type, payload: DeeplinkAction.self) { deeplinks.refusal(for: $0.url) }
        policy.register(AddToCartAction.type, payload: AddToCartAction.self)
        policy.register(OpenSearchAction.type, payload: OpenSearchAction.self)
        policy.register(OpenPageAction.type, payload: OpenPageAction.self) { payload in
            HomeAPIClient.isValidPageID(payload.pageID)
                ? nil : "page id is empty, over \(HomeAPIClient.maximumPageIDBytes) bytes or holds control characters"
        }
        return policy
    }
}
