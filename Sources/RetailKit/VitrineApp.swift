import FlowCore
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
}
