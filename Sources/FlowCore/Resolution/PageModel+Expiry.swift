import Foundation

extension PageModel {
    /// The first `expires_at` of the page (its sections, their headers, widgets and fallbacks,
    /// nested widgets, and the page's header and footer strips) that is still to come at
    /// `instant`: when the page, as shown, next changes by itself. A renderer sets a timer for
    /// it rather than waiting for something else to redraw (§2: an element is shown at that
    /// very instant and expires after it). `nil` when nothing is left to expire.
    public func nextExpiry(after instant: Date) -> Date? {
        var next: Date?
        func consider(_ date: Date?) {
            guard let date, date >= instant else { return }
            if next.map({ date < $0 }) ?? true { next = date }
        }
        func consider(_ widget: WidgetModel) {
            consider(widget.expiresAt)
            if let fallback = widget.fallback { consider(fallback) }
            if case .decoded(let content) = widget.content {
                for nested in content.nestedWidgets { consider(nested) }
            }
        }
        for widget in (header?.widgets ?? []) + (footer?.widgets ?? []) { consider(widget) }
        for section in sections {
            consider(section.expiresAt)
            if let header = section.header { consider(header) }
            for widget in section.widgets { consider(widget) }
            if let fallback = section.fallback { consider(fallback) }
        }
        return next
    }
}
