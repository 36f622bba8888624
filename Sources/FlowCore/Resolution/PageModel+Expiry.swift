import Foundation

extension PageModel {
    /// The first `expires_at` of the page (its sections, their headers, widgets and fallbacks,
    /// nested widgets, and the page's header and footer strips) that is still to come at
    /// `instant`: when the page, as shown, next changes by itself. A renderer sets a timer for
    /// it rather than waiting for something else to redraw (§2: an element is shown at that
    /// very instant and expires after it). `nil` when nothing is left to expire.
    public func nextExpiry(after instant: Date) -> Date? {
        let strips = ((header?.widgets ?? []) + (footer?.widgets ?? [])).map { $0.nextExpiry(after: instant) }
        return Expiry.earliest(strips + sections.map { $0.nextExpiry(after: instant) })
    }
}

extension SectionModel {
    /// The first `expires_at` still to come at `instant` of the section, its header, widgets
    /// and fallback, and their fallbacks and nested widgets.
    public func nextExpiry(after instant: Date) -> Date? {
        var candidates = [Expiry.upcoming(expiresAt, after: instant), header?.nextExpiry(after: instant), fallback?.nextExpiry(after: instant)]
        candidates += widgets.map { $0.nextExpiry(after: instant) }
        return Expiry.earliest(candidates)
    }
}

extension WidgetModel {
    /// The first `expires_at` still to come at `instant` of the widget, its fallback and its
    /// nested widgets.
    public func nextExpiry(after instant: Date) -> Date? {
        var candidates = [Expiry.upcoming(expiresAt, after: instant), fallback?.nextExpiry(after: instant)]
        if case .decoded(let content) = content {
            candidates += content.nestedWidgets.map { $0.nextExpiry(after: instant) }
        }
        return Expiry.earliest(candidates)
    }
}

enum Expiry {
    /// `date` when it is still to come at `instant` (the instant itself included).
    static func upcoming(_ date: Date?, after instant: Date) -> Date? {
        guard let date, date >= instant else { return nil }
        return date
    }

    static func earliest(_ dates: [Date?]) -> Date? {
        dates.compactMap { $0 }.min()
    }
}

extension SheetModel {
    /// The first `expires_at` still to come at `instant` of the sheet's header, sections and
    /// footer: a presented sheet changes by itself too.
    public func nextExpiry(after instant: Date) -> Date? {
        let strips = (header + footer).map { $0.nextExpiry(after: instant) }
        return Expiry.earliest(strips + sections.map { $0.nextExpiry(after: instant) })
    }
}
