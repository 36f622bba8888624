import FlowRuntime

extension WidgetPlaceholder {
    /// A short readable reason in `words` (`unknown widget type 'x'`); payload strings are
    /// left as they are, for the renderer to make safe.
    public func label(_ words: EngineWords) -> String {
        switch reason {
        case .unknownType: words(.placeholderUnknownType, ["type": widgetType])
        case .malformed(let detail): words(.placeholderMalformed, ["type": widgetType, "detail": detail])
        case .noView: words(.placeholderNoView, ["type": widgetType])
        }
    }
}
