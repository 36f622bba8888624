/// How much of a widget is on screen, decided the same way by every renderer (CONTRACT §9).
///
/// A widget's frame is first clipped by the viewport and by every container that clips it (a
/// section, a carousel's own scroll view), then what covering layers hide (a sticky bar, a
/// pinned section header, a sheet, a toast) is taken away. The fraction is the area left over
/// the frame's whole area. A frame with no area is never visible.
public enum VisibilityGeometry {
    /// The share of `frame` that is visible, 0…1.
    public static func visibleFraction(
        of frame: LayoutRect, in viewport: LayoutRect, clippedBy clips: [LayoutRect] = [],
        coveredBy covers: [LayoutRect] = []
    ) -> Double {
        // A measure that is not a number shows nothing (a NaN viewport is no screen), and a
        // frame must be finite for its share to be one.
        guard frame.isFinite, !viewport.hasNaN, !clips.contains(where: \.hasNaN) else { return 0 }
        let total = frame.area
        guard total > 0 else { return 0 }
        var shown = frame.intersection(viewport)
        for clip in clips { shown = shown.intersection(clip) }
        guard shown.area > 0 else { return 0 }
        // A cover that is not a number cannot say what it leaves: nothing is counted under it.
        if covers.contains(where: \.hasNaN) { return 0 }
        let hidden = unionArea(of: covers.map { $0.intersection(shown) }.filter { !$0.isEmpty })
        return min(1, max(0, (shown.area - hidden) / total))
    }

    /// The area of the union of `rects`, counted once where they overlap: a sweep over the
    /// distinct x edges, merging the y spans in each strip. Covers are few (bars, a sheet, a
    /// toast), so the quadratic sweep costs nothing.
    static func unionArea(of rects: [LayoutRect]) -> Double {
        guard !rects.isEmpty else { return 0 }
        let edges = Set(rects.flatMap { [$0.minX, $0.maxX] }).sorted()
        var area = 0.0
        for (left, right) in zip(edges, edges.dropFirst()) where right > left {
            let spans = rects.filter { $0.minX <= left && $0.maxX >= right }.map { ($0.minY, $0.maxY) }.sorted { $0.0 < $1.0 }
            var covered = 0.0
            var current: (Double, Double)?
            for span in spans {
                if let open = current, span.0 <= open.1 {
                    current = (open.0, max(open.1, span.1))
                } else {
                    if let open = current { covered += open.1 - open.0 }
                    current = span
                }
            }
            if let open = current { covered += open.1 - open.0 }
            area += covered * (right - left)
        }
        return area
    }
}
