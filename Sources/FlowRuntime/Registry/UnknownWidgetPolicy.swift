/// What unknown and malformed widgets become (CONTRACT §3): a labelled placeholder in debug
/// builds so that developers see what the backend sent, nothing in release so that users
/// never do, or whatever a host decides.
public struct UnknownWidgetPolicy<Output>: Sendable {
    private let decide: @MainActor @Sendable (UnrenderableWidget) -> WidgetRendering<Output>

    /// A policy that decides per widget.
    public static func custom(_ decide: @escaping @MainActor @Sendable (UnrenderableWidget) -> WidgetRendering<Output>) -> Self {
        Self(decide: decide)
    }

    /// A labelled placeholder.
    public static var placeholder: Self { .custom { .placeholder($0.placeholder) } }

    /// Nothing.
    public static var skip: Self { .custom { _ in .skip } }

    /// `placeholder` in debug builds, `skip` in release builds.
    public static var buildDefault: Self {
        #if DEBUG
        return .placeholder
        #else
        return .skip
        #endif
    }

    @MainActor
    func rendering(for widget: UnrenderableWidget) -> WidgetRendering<Output> {
        decide(widget)
    }
}
