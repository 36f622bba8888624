/// The registration seam between the contract and the widgets: type string → content type.
///
/// FlowCore knows no widget. Each module registers its contents (`FlowWidgets.register(on:)`,
/// `RetailWidgets.register(on:)`), tests register their own. The last registration of a type wins.
public struct WidgetCatalog: Sendable {
    /// By type name, compared by its code points.
    private var contentTypes: [ExactString: any WidgetContent.Type] = [:]

    public init() {}

    /// Registers `Content` under its `widgetType`.
    public mutating func register<Content: WidgetContent>(_ content: Content.Type) {
        contentTypes[ExactString(Content.widgetType)] = content
    }

    /// Registers each content type under its `widgetType`, in order (a later one of the same
    /// type wins).
    public mutating func register(_ contents: [any WidgetContent.Type]) {
        for content in contents {
            contentTypes[ExactString(content.widgetType)] = content
        }
    }

    /// Decodes `data` with the content type registered for `type`; `nil` when none is.
    public func decode(type: String, data: JSONNode) throws(DecodingFailure) -> (any WidgetContent)? {
        guard let contentType = contentTypes[ExactString(type)] else { return nil }
        return try contentType.init(from: data)
    }

    /// Whether `type` is registered.
    public func contains(_ type: String) -> Bool {
        contentTypes[ExactString(type)] != nil
    }

    /// The registered types, sorted.
    public var registeredTypes: [String] {
        contentTypes.keys.map(\.string).sorted()
    }
}
