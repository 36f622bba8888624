import FlowCore
import FlowRuntime
import Foundation
import ImagePipeline

/// The images a page shows next, loaded before they scroll in: those of the widgets that
/// follow the last one on screen, in the page's order (a renderer that lays out lazily has no
/// frames for them yet), `ahead` of them. Each is asked at the viewport's width, the box a
/// full-width image reserves there (`ImageSizing`); an image then shown narrower is decoded
/// again from the same download. What scrolled out of that window is let go.
@MainActor
public final class PagePrefetch {
    private let prefetcher: ImagePrefetcher
    /// How many widgets past the last one on screen.
    public let ahead: Int
    /// The requests loading ahead now.
    public private(set) var requests: Set<ImageRequest> = []
    /// What the last update was asked for: a scroll frame that shows the same widgets of the
    /// same page at the same width and instant changes nothing, and is not worked out again (a
    /// mutation of the page is picked up when what is visible next changes).
    private var lastAsked: Asked?

    private struct Asked: Equatable {
        var page: ExactString
        var visible: [ExactString]
        var width, scale: Double
        var context: EvaluationContext?
    }

    public init(prefetcher: ImagePrefetcher, ahead: Int = 6) {
        self.prefetcher = prefetcher
        self.ahead = max(0, ahead)
    }

    /// The widgets after the last of `visible` in `page`'s sections, `ahead` of them; the
    /// page's first ones when none is on screen. With `context`, as a renderer resolves the
    /// page there: only the sections shown, each widget or the fallback shown for it.
    public nonisolated static func upcoming(
        in page: PageModel, after visible: [VisibleWidget], ahead: Int, context: EvaluationContext? = nil
    ) -> [WidgetModel] {
        let widgets: [WidgetModel]
        if let context {
            widgets = page.resolve(in: context).sections.filter(\.isShown).flatMap { section -> [WidgetModel] in
                if let fallback = section.shownFallback { return [fallback] }
                return ([section.header].compactMap { $0?.shown }) + section.widgets.compactMap(\.shown)
            }
        } else {
            widgets = page.sections.flatMap { section in (section.header.map { [$0] } ?? []) + section.widgets }
        }
        // A widget shown through its fallback is reported as itself.
        let shown = Set(visible.flatMap { [ExactString($0.widget.id)] + ($0.widget.fallback.map { [ExactString($0.id)] } ?? []) })
        let last = widgets.lastIndex { shown.contains(ExactString($0.id)) }
        let start = last.map { $0 + 1 } ?? 0
        return Array(widgets[min(start, widgets.count)...].prefix(max(0, ahead)))
    }

    /// The images of `widget` as it would be drawn: its own, or its fallback's when its
    /// content did not decode.
    public nonisolated static func images(of widget: WidgetModel) -> [ImageData] {
        if case .decoded(let content) = widget.content { return content.images }
        if let fallback = widget.fallback, case .decoded(let content) = fallback.content { return content.images }
        return []
    }

    /// Loads what comes after `visible` and lets go of what no longer does, the page resolved
    /// in `context` when given. No page, or no width, stops everything.
    public func update(
        page: PageModel?, visible: [VisibleWidget], viewportWidth: Double, scale: Double, baseURL: URL?, context: EvaluationContext? = nil
    ) {
        let asked = page.map {
            Asked(page: ExactString($0.id + "\u{0}" + $0.requestID), visible: visible.map { ExactString($0.widget.id) },
                  width: viewportWidth, scale: scale, context: context)
        }
        if asked != nil, asked == lastAsked { return }
        lastAsked = asked
        var wanted: Set<ImageRequest> = []
        if let page, viewportWidth > 0 {
            for widget in Self.upcoming(in: page, after: visible, ahead: ahead, context: context) {
                for image in Self.images(of: widget) {
                    let height = ImageSizing.reservedHeight(width: viewportWidth, aspectRatio: image.aspectRatio)
                    if let request = ImageLoad.request(for: image, width: viewportWidth, height: height, scale: scale, baseURL: baseURL) {
                        wanted.insert(request)
                    }
                }
            }
        }
        prefetcher.stopPrefetching(requests.subtracting(wanted))
        prefetcher.startPrefetching(wanted.subtracting(requests))
        requests = wanted
    }

    /// Lets go of everything (the page went away).
    public func stop() {
        prefetcher.stopPrefetching(requests)
        requests = []
        lastAsked = nil
    }
}
