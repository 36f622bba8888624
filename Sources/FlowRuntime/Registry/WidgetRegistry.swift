import FlowCore

/// Maps a widget type to its decoding and its view, for one renderer's `Output` (a SwiftUI
/// `AnyView`, a terminal widget).
///
/// This is the single type-erasure point of the pipeline: `register` captures the concrete
/// content type and view type in one generic scope, where the decode registration (on
/// `catalog`) and the view builder are made together, so they can never disagree about a
/// type. Everything downstream sees `any WidgetContent` and `Output`. The app fills the
/// registry at launch, one `register(on:)` call per module; there is no framework-wide enum of
/// widgets. The last registration of a type wins.
public struct WidgetRegistry<Output>: Sendable {
    private typealias Builder = @MainActor @Sendable (any WidgetContent, WidgetContext) -> Output?

    /// The content types registered so far: hand it to the `PageDecoder`.
    public private(set) var catalog: WidgetCatalog
    /// What unknown and malformed widgets become. Default: `.buildDefault`.
    public var unknownWidgetPolicy: UnknownWidgetPolicy<Output>
    private var builders: [ExactString: Builder] = [:]

    public init(catalog: WidgetCatalog = WidgetCatalog(), unknownWidgetPolicy: UnknownWidgetPolicy<Output> = .buildDefault) {
        self.catalog = catalog
        self.unknownWidgetPolicy = unknownWidgetPolicy
    }

    /// Registers `view` for its content's widget type; `wrap` turns the view into `Output`.
    public mutating func register<View: WidgetView>(
        _ view: View.Type, wrap: @escaping @MainActor @Sendable (View) -> Output
    ) {
        register(View.Content.self) { content, context in wrap(View(content: content, context: context)) }
    }

    /// Registers a builder for `Content`'s widget type, for renderers without view types.
    public mutating func register<Content: WidgetContent>(
        _ content: Content.Type, make: @escaping @MainActor @Sendable (Content, WidgetContext) -> Output
    ) {
        catalog.register(Content.self)
        builders[ExactString(Content.widgetType)] = { content, context in
            (content as? Content).map { make($0, context) }
        }
    }

    /// Whether a view is registered for `type`.
    public func hasView(for type: String) -> Bool {
        builders[ExactString(type)] != nil
    }

    /// The registered widget types, sorted.
    public var registeredTypes: [String] { builders.keys.map(\.string).sorted() }

    /// What `resolved` becomes: its view, its fallback's view, or what the policy says for an
    /// unknown or malformed widget; nothing for incompatible and expired ones.
    @MainActor
    public func rendering(for resolved: ResolvedWidget, sectionID: String? = nil, position: Int? = nil) -> WidgetRendering<Output> {
        switch resolved.status {
        case .ok:
            return rendering(for: resolved.widget, sectionID: sectionID, position: position)
        case .fallback:
            guard let fallback = resolved.widget.fallback else { return .skip }
            return rendering(for: fallback, sectionID: sectionID, position: position)
        case .unknown, .malformed:
            return rendering(for: resolved.widget, sectionID: sectionID, position: position)
        case .incompatible, .expired:
            return .skip
        }
    }

    /// What `widget` becomes, by its content alone (no requirements or expiry).
    @MainActor
    public func rendering(for widget: WidgetModel, sectionID: String? = nil, position: Int? = nil) -> WidgetRendering<Output> {
        switch widget.content {
        case .decoded(let content):
            let context = WidgetContext(widget: widget, sectionID: sectionID, position: position)
            if let builder = builders[ExactString(widget.type)], let output = builder(content, context) {
                return .view(output)
            }
            return unknownWidgetPolicy.rendering(for: UnrenderableWidget(widget: widget, reason: .noView))
        case .unknown:
            return unknownWidgetPolicy.rendering(for: UnrenderableWidget(widget: widget, reason: .unknownType))
        case .malformed(let failure):
            return unknownWidgetPolicy.rendering(for: UnrenderableWidget(widget: widget, reason: .malformed(failure)))
        }
    }
}
