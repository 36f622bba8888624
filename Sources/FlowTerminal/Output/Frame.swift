/// One frame for the writer: the cells, where the text cursor shows (hidden when `nil`), and
/// what scrolled since the last frame, so the writer can move rows instead of redrawing them.
public struct Frame: Sendable {
    public var buffer: CellBuffer
    /// The visible text cursor (a focused text field), or `nil` to keep it hidden.
    public var cursor: (x: Int, y: Int)?
    /// The page body's rows and how far its content moved up (negative: down) since the
    /// last frame; the writer checks the claim against the cells before it uses it.
    public var scroll: ScrollHint?

    public init(buffer: CellBuffer, cursor: (x: Int, y: Int)? = nil, scroll: ScrollHint? = nil) {
        self.buffer = buffer
        self.cursor = cursor
        self.scroll = scroll
    }
}

/// Rows `top..<bottom` whose content moved up by `delta` rows (down when negative).
public struct ScrollHint: Sendable, Hashable {
    public var top: Int
    public var bottom: Int
    public var delta: Int

    public init(top: Int, bottom: Int, delta: Int) {
        self.top = top
        self.bottom = bottom
        self.delta = delta
    }
}
