/// What becomes of a section on a given client at a given instant.
public enum SectionStatus: String, Sendable, Hashable, CaseIterable {
    /// Shown with its renderable widgets.
    case ok
    /// Its fallback widget is shown alone in its place.
    case fallback
    /// Requirements unmet and no usable fallback.
    case incompatible
    /// Past `expires_at`.
    case expired
    /// None of its widgets can render and it has no usable fallback.
    case empty
}

/// A section with its status and its resolved header and widgets.
public struct ResolvedSection: Sendable {
    public let section: SectionModel
    public let status: SectionStatus
    public let header: ResolvedWidget?
    public let widgets: [ResolvedWidget]
    /// The section's fallback widget resolved on its own, used or not.
    public let fallback: ResolvedWidget?

    /// The fallback widget shown in place of the section, when `status` is `fallback`.
    public var shownFallback: WidgetModel? { status == .fallback ? section.fallback : nil }

    /// Whether anything of this section is on screen.
    public var isShown: Bool { status == .ok || status == .fallback }
}

extension SectionModel {
    /// Resolves the section: expiry, then requirements, then whether any widget can render;
    /// the last two fall back to the section's fallback widget when it is usable.
    public func resolve(in context: EvaluationContext, report: (Diagnostic) -> Void = { _ in }) -> ResolvedSection {
        let resolvedHeader = header.map { $0.resolve(in: context, report: report) }
        let resolvedWidgets = widgets.map { $0.resolve(in: context, report: report) }
        let fallbackUsable = fallback.map { $0.ownStatus(in: context).status == .ok } ?? false
        let resolvedFallback = fallback.map { $0.resolve(in: context) }
        func resolved(_ status: SectionStatus) -> ResolvedSection {
            ResolvedSection(section: self, status: status, header: resolvedHeader, widgets: resolvedWidgets, fallback: resolvedFallback)
        }
        if let expiresAt, context.now > expiresAt {  // §2: "after it", so at the instant itself it is still shown
            report(Diagnostic(kind: .expired, path: path.description, message: "section '\(id)' not shown: expired at \(RFC3339.string(from: expiresAt))"))
            return resolved(.expired)
        }
        let unmet = invalidRequirements.map { "unreadable requirements: \($0)" } ?? requires?.unmetReason(for: context.client)
        if let unmet {
            let outcome = fallbackUsable ? "fallback shown" : "not shown"
            report(Diagnostic(kind: .incompatible, path: path.description, message: "section '\(id)' \(outcome): \(unmet)"))
            return resolved(fallbackUsable ? .fallback : .incompatible)
        }
        if !resolvedWidgets.contains(where: \.isRenderable) {
            return resolved(fallbackUsable ? .fallback : .empty)
        }
        return resolved(.ok)
    }
}

/// A page resolved for one client and instant: what a renderer draws.
public struct ResolvedPage: Sendable {
    public let page: PageModel
    public let header: [ResolvedWidget]
    public let sections: [ResolvedSection]
    public let footer: [ResolvedWidget]
    /// The incompatible and expired outcomes met while resolving.
    public let diagnostics: [Diagnostic]
}

extension PageModel {
    /// Resolves every widget and section for `context`.
    public func resolve(in context: EvaluationContext) -> ResolvedPage {
        var diagnostics: [Diagnostic] = []
        let report: (Diagnostic) -> Void = { diagnostics.append($0) }
        let header = (self.header?.widgets ?? []).map { $0.resolve(in: context, report: report) }
        let sections = self.sections.map { $0.resolve(in: context, report: report) }
        let footer = (self.footer?.widgets ?? []).map { $0.resolve(in: context, report: report) }
        return ResolvedPage(page: self, header: header, sections: sections, footer: footer, diagnostics: diagnostics)
    }
}
