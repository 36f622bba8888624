import Foundation

/// Where a linear gradient starts and ends in a unit square, from the contract's `angle`
/// (degrees, 0 pointing toward the end of a line: right, or left in a right-to-left layout; 90
/// pointing down: CONTRACT §5), for renderers that draw a gradient between two points (SwiftUI's
/// `LinearGradient`, whose points do not mirror with the layout). The terminal, left to right,
/// interpolates per cell along the same direction.
public enum GradientGeometry {
    /// The start and end points, each coordinate in 0…1 (top-left origin): the line through
    /// the centre along the angle, out to where it leaves the square. A non-finite angle reads as 0.
    /// Right to left, the gradient mirrors as the insets and corners do: its horizontal run
    /// turns around (x becomes 1 − x), so one that runs with the text keeps running with it.
    public static func endpoints(angle: Double, isRightToLeft: Bool) -> (start: (x: Double, y: Double), end: (x: Double, y: Double)) {
        let points = endpoints(angle: angle)
        guard isRightToLeft else { return points }
        return ((1 - points.start.x, points.start.y), (1 - points.end.x, points.end.y))
    }

    /// The endpoints left to right.
    public static func endpoints(angle: Double) -> (start: (x: Double, y: Double), end: (x: Double, y: Double)) {
        let radians = (angle.isFinite ? angle.truncatingRemainder(dividingBy: 360) : 0) * .pi / 180
        let dx = cos(radians), dy = sin(radians)
        // Scale the direction so its longer component reaches the edge (0.5 from the centre).
        let scale = 0.5 / max(abs(dx), abs(dy))
        let end = (x: 0.5 + dx * scale, y: 0.5 + dy * scale)
        let start = (x: 0.5 - dx * scale, y: 0.5 - dy * scale)
        return (round(start), round(end))
    }

    /// Rounds away the floating-point dust of `cos(90°)`, so axis-aligned gradients are exact.
    private static func round(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        ((point.x * 1e9).rounded() / 1e9, (point.y * 1e9).rounded() / 1e9)
    }
}
