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

    /// The pixel size of a box `width` × `height` in the renderer's unit at `pixelsPerUnit`
    /// across and down (a screen's scale; a terminal cell is 1 × 2 pixels in half blocks).
    /// At least 1 × 1 for any box with area, so a request never asks for nothing.
    public static func pixelSize(width: Double, height: Double, pixelsPerUnit: (x: Double, y: Double)) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (0, 0) }
        let w = max(1, Int((width * pixelsPerUnit.x).rounded()))
        let h = max(1, Int((height * pixelsPerUnit.y).rounded()))
        return (w, h)
    }
}
