import FlowTerminal

/// The terminal views of the retail widgets (CONTRACT §6).
public enum RetailViews {
    /// Registers every retail view (and so its content type) on `registry`.
    public static func register(on registry: inout TerminalWidgetRegistry) {
    }
}
