/// A rectangle of cells; `x`, `y` may be negative (a widget scrolled above the viewport),
/// and what lies outside a buffer is clipped when drawn.
public struct CellRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = CellRect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var area: Int { width * height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return CellRect(x: left, y: top, width: 0, height: 0) }
        return CellRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Shrunk by the given cells on each side (never below zero size).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> CellRect {
        CellRect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// Moved by `dx`, `dy`.
    public func offsetBy(dx: Int = 0, dy: Int = 0) -> CellRect {
        CellRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
