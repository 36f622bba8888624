import FlowCore
import FlowPresentation

/// The one mapping from the payload's points to terminal cells.
///
/// A column is 8 pt wide and a row 16 pt high (a cell is twice as high as wide, as terminal
/// fonts are), so 40 columns are 320 pt, a small phone's width, 80 columns a tablet's, 160 a
/// desktop's: one payload keeps its proportions at every width. Insets, spacing, margins and
/// padding round to the nearest cell, halves down (8 pt of vertical spacing is no row, 12 pt
/// is one: rows are scarce, and separately rounded insets add up), horizontally in columns and
/// vertically in rows; fractional widths are fractions of the container's columns; an image's
/// aspect ratio counts a row as two columns. Half-block images draw a cell as 1 × 2 pixels,
/// so an image pixel is 8 × 8 pt.
public struct CellMetrics: Sendable, Hashable {
    /// Points a column covers. Default 8.
    public var pointsPerColumn: Double = 8
    /// Points a row covers. Default 16.
    public var pointsPerRow: Double = 16

    public init(pointsPerColumn: Double = 8, pointsPerRow: Double = 16) {
        self.pointsPerColumn = pointsPerColumn
        self.pointsPerRow = pointsPerRow
    }

    public static let standard = CellMetrics()

    /// No length maps to more cells than this, whatever a payload says: no screen is larger,
    /// and a conversion of an unbounded `Double` to `Int` must never trap.
    public static let maximumCells = 100_000

    /// Columns for a horizontal length in points (negative and non-finite lengths: 0).
    public func columns(_ points: Double) -> Int {
        guard points.isFinite, points > 0 else { return 0 }
        return Self.roundedHalfDown(points / pointsPerColumn)
    }

    /// Rows for a vertical length in points.
    public func rows(_ points: Double) -> Int {
        guard points.isFinite, points > 0 else { return 0 }
        return Self.roundedHalfDown(points / pointsPerRow)
    }

    /// The nearest whole number, halves toward zero (0.5 → 0, 1.5 → 1, 0.75 → 1).
    static func roundedHalfDown(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? maximumCells : 0 }
        return max(0, Int((min(value, Double(maximumCells)) - 0.5).rounded(.up)))
    }

    /// Insets in cells.
    public func insets(_ insets: Insets) -> CellInsets {
        CellInsets(top: rows(insets.top), left: columns(insets.left), bottom: rows(insets.bottom), right: columns(insets.right))
    }

    /// Rows an image `columns` wide reserves at `aspectRatio` (width over height), at least 1.
    public func imageRows(columns: Int, aspectRatio: Double?) -> Int {
        guard columns > 0 else { return 0 }
        let widthPoints = Double(columns) * pointsPerColumn
        let heightPoints = ImageSizing.reservedHeight(width: widthPoints, aspectRatio: aspectRatio)
        let rows = heightPoints / pointsPerRow
        guard rows.isFinite else { return Self.maximumCells }
        return max(1, Int(min(rows, Double(Self.maximumCells)).rounded(.toNearestOrAwayFromZero)))
    }
}

/// Insets in cells.
public struct CellInsets: Sendable, Hashable {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = CellInsets()

    public var horizontal: Int { left + right }
    public var vertical: Int { top + bottom }

    public static func + (lhs: CellInsets, rhs: CellInsets) -> CellInsets {
        CellInsets(top: lhs.top + rhs.top, left: lhs.left + rhs.left, bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }
}
