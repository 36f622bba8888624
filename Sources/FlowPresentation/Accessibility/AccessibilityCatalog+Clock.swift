import FlowCore
import Foundation

/// Widgets whose reading follows the clock (a campaign's "ends in 3 hours"): a renderer reads
/// them again at the instants their reading changes, as the terminal redraws a countdown on
/// its tick, so a screen reader never says what the screen stopped saying hours ago.
extension AccessibilityCatalog {
    public typealias NextChange<Content> = @Sendable (Content, Date) -> Date?

    /// Registers when `Content`'s widget type reads differently: the first instant after the
    /// given one, nil once it no longer changes (a countdown that reads "ended").
    public mutating func registerReadingChanges<Content: WidgetContent>(_ type: Content.Type, next: @escaping NextChange<Content>) {
        readingChanges[ExactString(Content.widgetType)] = { content, now in
            (content as? Content).flatMap { next($0, now) }
        }
    }

    /// The first instant after `now` at which `widget` reads differently; nil when its reading
    /// does not follow the clock (or no longer does), or it is hidden.
    public func nextReadingChange(of widget: WidgetModel, after now: Date) -> Date? {
        guard widget.accessibility?.isHidden != true, case .decoded(let content) = widget.content,
            let next = readingChanges[ExactString(widget.type)]?(content, now), next > now
        else { return nil }
        return next
    }

    /// The instants `widget` is read again at, from `start` (first, so it reads at once) to its
    /// last change; nil when its reading does not follow the clock.
    public func readingChanges(of widget: WidgetModel, from start: Date) -> UnfoldFirstSequence<Date>? {
        guard nextReadingChange(of: widget, after: start) != nil else { return nil }
        return sequence(first: start) { nextReadingChange(of: widget, after: $0) }
    }
}
