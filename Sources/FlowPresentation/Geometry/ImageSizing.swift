import FlowCore

/// The frame an image reserves before it arrives and the pixel size to ask the image pipeline
/// for, the same for every renderer.
public enum ImageSizing {
    /// The aspect ratio (width over height) an image without one reserves.
    public static let defaultAspectRatio = 16.0 / 9.0

    /// The height an image `width` wide reserves: from its `aspect_ratio`, else the default.
    public static func reservedHeight(width: Double, aspectRatio: Double?) -> Double {
        let ratio = aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? defaultAspectRatio
        return max(0, width) / ratio
    }

    /// The most pixels a side is asked for: no screen shows more, and no box (however large
    /// or infinite a renderer's arithmetic made it) can trap the conversion to `Int`.
    public static let maximumPixels = 32_768

    /// The pixel size of a box `width` × `height` in the renderer's unit at `pixelsPerUnit`
    /// across and down (a screen's scale; a terminal cell is 1 × 2 pixels in half blocks).
    /// At least 1 × 1 for any box with area, at most `maximumPixels` a side; (0, 0) for a box
    /// without area or a measure that is not a number.
    public static func pixelSize(width: Double, height: Double, pixelsPerUnit: (x: Double, y: Double)) -> (width: Int, height: Int) {
        guard width > 0, height > 0, pixelsPerUnit.x > 0, pixelsPerUnit.y > 0 else { return (0, 0) }
        return (pixels(width * pixelsPerUnit.x), pixels(height * pixelsPerUnit.y))
    }

    /// `length` in whole pixels within 1…`maximumPixels` (infinity is the maximum).
    private static func pixels(_ length: Double) -> Int {
        Int(min(max(1, length.rounded()), Double(maximumPixels)))
    }
}
