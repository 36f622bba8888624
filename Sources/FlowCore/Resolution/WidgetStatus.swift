/// What becomes of a widget on a given client at a given instant (CONTRACT §3).
public enum WidgetStatus: String, Sendable, Hashable, CaseIterable {
    /// Decoded and renderable.
    case ok
    /// Its fallback is shown instead.
    case fallback
    /// Type not registered: a placeholder in debug builds, nothing in release.
    case unknown
    /// Data failed to decode: same policy as unknown.
    case malformed
    /// Requirements unmet and no usable fallback: not shown.
    case incompatible
    /// Past `expires_at`: not shown.
    case expired
}

/// A widget with its status, and the widget actually shown for it.
public struct ResolvedWidget: Sendable {
    public let widget: WidgetModel
    public let status: WidgetStatus
    /// The widgets nested in this widget's own content (an accordion's items), resolved by
    /// the same rules, whether or not this widget is shown: what tools list as its items.
    public let ownNested: [ResolvedWidget]
    /// Holds the resolved fallback (an array only for indirection: a struct cannot hold itself).
    private let fallbackResolution: [ResolvedWidget]

    init(widget: WidgetModel, status: WidgetStatus, ownNested: [ResolvedWidget], fallback: ResolvedWidget?) {
        self.widget = widget
        self.status = status
        self.ownNested = ownNested
        self.fallbackResolution = fallback.map { [$0] } ?? []
    }

    /// The widget's fallback resolved on its own, used or not; `nil` without one.
    public var resolvedFallback: ResolvedWidget? { fallbackResolution.first }

    /// The widgets nested in the shown widget's content, for renderers: this widget's own
    /// items when it is shown, its fallback's when the fallback is, none otherwise.
    public var nested: [ResolvedWidget] {
        switch status {
        case .ok: ownNested
        case .fallback: resolvedFallback?.ownNested ?? []
        default: []
        }
    }

    /// The widget to render: itself when `ok`, its fallback when `fallback`, else `nil`
    /// (renderers apply the unknown-widget policy to `unknown` and `malformed`).
    public var shown: WidgetModel? {
        switch status {
        case .ok: widget
        case .fallback: widget.fallback
        default: nil
        }
    }

    /// Whether something real is shown (ok or fallback).
    public var isRenderable: Bool { status == .ok || status == .fallback }
}

extension WidgetModel {
    /// Why this widget alone (ignoring its fallback) cannot be shown, if it cannot.
    func ownStatus(in context: EvaluationContext) -> (status: WidgetStatus, reason: String?) {
        if let expiresAt, context.now > expiresAt {  // §2: "after it", so at the instant itself it is still shown
            return (.expired, "expired at \(RFC3339.string(from: expiresAt))")
        }
        if let invalidRequirements {
            return (.incompatible, "unreadable requirements: \(invalidRequirements)")
        }
        if let reason = requires?.unmetReason(for: context.client) {
            return (.incompatible, reason)
        }
        switch content {
        case .decoded: return (.ok, nil)
        case .unknown: return (.unknown, nil)
        case .malformed: return (.malformed, nil)
        }
    }

    /// Resolves this widget for a client and instant: expired first, then requirements, type
    /// and data, each of the last three replaced by a usable fallback when there is one.
    /// Incompatible and expired outcomes are reported to `report`.
    ///
    /// Nested widgets and the fallback are resolved too, so tools can list every widget that
    /// survived decoding; only what is shown reports its outcomes.
    public func resolve(in context: EvaluationContext, report: (Diagnostic) -> Void = { _ in }) -> ResolvedWidget {
        let status = resolvedStatus(in: context, report: report)
        let silent: (Diagnostic) -> Void = { _ in }
        var ownNested: [ResolvedWidget] = []
        if case .decoded(let content) = content {
            ownNested = content.nestedWidgets.map { $0.resolve(in: context, report: status == .ok ? report : silent) }
        }
        let resolvedFallback = fallback.map { $0.resolve(in: context, report: status == .fallback ? report : silent) }
        return ResolvedWidget(widget: self, status: status, ownNested: ownNested, fallback: resolvedFallback)
    }

    private func resolvedStatus(in context: EvaluationContext, report: (Diagnostic) -> Void) -> WidgetStatus {
        let (status, reason) = ownStatus(in: context)
        switch status {
        case .ok, .fallback:
            return .ok
        case .expired:
            report(Diagnostic(kind: .expired, path: path.description, widgetType: type, message: "not shown: \(reason ?? "expired")"))
            return .expired
        case .incompatible, .unknown, .malformed:
            let usable = fallback.map { $0.ownStatus(in: context).status == .ok } ?? false
            if status == .incompatible {
                let outcome = usable ? "fallback '\(fallback?.type ?? "")' shown" : "not shown"
                report(Diagnostic(kind: .incompatible, path: path.description, widgetType: type, message: "\(outcome): \(reason ?? "")"))
            }
            return usable ? .fallback : status
        }
    }
}
