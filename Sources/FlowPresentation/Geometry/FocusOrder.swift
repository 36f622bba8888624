/// The order focus moves through actionable elements (Tab, a remote, a screen reader): reading
/// order of their frames on screen, top to bottom, then leading to trailing, ties kept in the
/// order the renderer produced them (document order).
///
/// Rows are compared by their top edge, so a short button beside a tall card comes after the
/// card when it starts lower, as a reader's eye would.
public enum FocusOrder {
    /// `items` in focus order by their frames.
    public static func ordered<Item>(_ items: [Item], frame: (Item) -> LayoutRect) -> [Item] {
        ordered(items, band: { _ in 0 }, frame: frame)
    }

    /// `items` in focus order by band first (a screen's sticky header 0, its scrolling body 1,
    /// its sticky footer 2: a strip pinned at the bottom is read last however the body
    /// scrolls), then by their frames within a band. The one reading order of every renderer.
    public static func ordered<Item>(_ items: [Item], band: (Item) -> Int, frame: (Item) -> LayoutRect) -> [Item] {
        items.enumerated().sorted { lhs, rhs in
            let bandA = band(lhs.element), bandB = band(rhs.element)
            if bandA != bandB { return bandA < bandB }
            let a = frame(lhs.element), b = frame(rhs.element)
            if a.minY != b.minY { return a.minY < b.minY }
            if a.minX != b.minX { return a.minX < b.minX }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The item after (or before, when `backward`) `index` in `count` items, wrapping around;
    /// the first (or last) when nothing has focus.
    public static func next(after index: Int?, count: Int, backward: Bool = false) -> Int? {
        guard count > 0 else { return nil }
        guard let index, (0..<count).contains(index) else { return backward ? count - 1 : 0 }
        return (index + (backward ? count - 1 : 1)) % count
    }
}
