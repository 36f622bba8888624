/// An axis-aligned rectangle in a renderer's own unit (points, cells), top-left origin.
public struct LayoutRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// Width times height; 0 for an empty or inverted rectangle.
    public var area: Double { isEmpty ? 0 : width * height }

    /// Whether every measure is a finite number.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// Whether some measure is not a number (an infinite one still is).
    public var hasNaN: Bool { x.isNaN || y.isNaN || width.isNaN || height.isNaN }

    /// Whether it covers no area.
    public var isEmpty: Bool { !(width > 0) || !(height > 0) }

    /// The overlap of the two, `.zero`-sized at the nearer corner when they do not meet.
    public func intersection(_ other: LayoutRect) -> LayoutRect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return LayoutRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
