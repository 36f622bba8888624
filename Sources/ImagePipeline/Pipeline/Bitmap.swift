/// A decoded image ready to draw.
///
/// Pixels are RGBA, 8 bits a channel, with **premultiplied** alpha (each colour channel is
/// already multiplied by alpha / 255): that is what the resampler must average to avoid dark
/// fringes around transparent edges, and what Core Graphics and most compositors take as is.
/// Rows are `bytesPerRow` apart, top row first; EXIF orientation is already applied.
public struct Bitmap: Sendable, Hashable {
    public var width: Int
    public var height: Int
    public var bytesPerRow: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, bytesPerRow: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.pixels = pixels
    }

    /// The size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The memory it holds, which is what the memory cache counts.
    public var cost: Int { pixels.count }

    /// The premultiplied RGBA of one pixel, or nil outside the bitmap.
    public func pixel(x: Int, y: Int) -> RGBA? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = y * bytesPerRow + x * 4
        guard offset + 3 < pixels.count else { return nil }
        return RGBA(red: pixels[offset], green: pixels[offset + 1], blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }
}

/// One premultiplied pixel.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
