import FlowCore
import FlowRuntime

/// One drawn frame of a page screen and what was learned drawing it.
public struct RenderedFrame: Sendable {
    public var buffer: CellBuffer
    /// Click targets, for hit-testing against this frame once it is presented.
    public var hitMap: HitMap
    /// The widgets laid out, with their frames.
    public var laidOut: [LaidOutWidget]
    /// What covers the body: the pinned section header, sheets, the toast.
    public var covers: [ScreenCover]
    /// The body's rows on screen: none when the bars leave it no row, the whole screen for a
    /// status screen (loading, a failed load), which is all body.
    public var bodyRows: Range<Int>
    /// The scroll the frame used, clamped to the content.
    public var scroll: Int
    /// The largest scroll, when the whole body has been measured.
    public var maxScroll: Int?

    /// Each laid-out page widget's visible fraction, from the cells actually visible: report it
    /// to `ImpressionTracker.update(page:visible:)` when the frame is presented.
    public var visibleWidgets: [VisibleWidget] {
        laidOut.map { $0.visible(coveredBy: covers) }
    }

    /// Reports this frame, once presented, to the impression tracker: every laid-out widget
    /// of `page` with its visible fraction (0 for those laid out off screen or covered).
    @MainActor
    public func reportVisibility(to tracker: ImpressionTracker, page: PageModel) {
        tracker.update(page: page, visible: visibleWidgets)
    }

    /// The frame for the writer, telling it the body moved from `previousScroll`.
    public func frame(previousScroll: Int?, cursor: (x: Int, y: Int)? = nil) -> Frame {
        var hint: ScrollHint?
        if let previousScroll, previousScroll != scroll, !bodyRows.isEmpty {
            hint = ScrollHint(top: bodyRows.lowerBound, bottom: bodyRows.upperBound, delta: scroll - previousScroll)
        }
        return Frame(buffer: buffer, cursor: cursor, scroll: hint)
    }
}
