import Foundation

/// What an image view asks for: the pixels of `url` fitted to or filling `targetSize`.
///
/// The whole request is the memory-cache and decode-coalescing key, so a thumbnail and a hero
/// of the same URL are different entries; they still share one download.
public struct ImageRequest: Hashable, Sendable {
    public var url: URL
    /// The size of the view in pixels (not points). The result is never larger.
    public var targetSize: PixelSize
    public var contentMode: ContentMode

    public init(url: URL, targetSize: PixelSize, contentMode: ContentMode = .fill) {
        self.url = url
        self.targetSize = targetSize
        self.contentMode = contentMode
    }
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// How an image meets its target size. Neither mode ever upscales: an image smaller than the
/// target comes back at its own size (cropped to the target's aspect ratio for `fill`).
public enum ContentMode: Hashable, Sendable {
    /// The whole image, scaled to fit inside the target, aspect ratio kept: one side equals
    /// the target's, the other is at most the target's.
    case fit
    /// The target is covered: the image is scaled so both sides reach the target, then the
    /// centre is cropped to exactly the target size.
    case fill
}
