@testable import ImagePipeline

extension RGBA {
    /// Whether every channel is within `tolerance` of `other` (JPEG is lossy).
    func isClose(to other: RGBA, tolerance: Int = 6) -> Bool {
        abs(Int(red) - Int(other.red)) <= tolerance && abs(Int(green) - Int(other.green)) <= tolerance
            && abs(Int(blue) - Int(other.blue)) <= tolerance && abs(Int(alpha) - Int(other.alpha)) <= tolerance
    }
}

extension Bitmap {
    /// The pixel at a fraction of the width and height, for checks that do not care about edges.
    func pixel(atFractionX fx: Double, y fy: Double) -> RGBA? {
        pixel(x: min(width - 1, Int(Double(width) * fx)), y: min(height - 1, Int(Double(height) * fy)))
    }
}
