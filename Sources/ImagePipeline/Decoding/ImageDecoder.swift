import Foundation

/// Turns encoded bytes into a `Bitmap` of at most a target size, without ever holding more
/// pixels than that needs. Synchronous and CPU-bound: the pipeline calls it off its actor.
public enum ImageDecoder {
    /// How much of the image the decoder may skip.
    public enum Strategy: Sendable {
        /// Decode only what the target needs (JPEG DCT scaling, streamed rows); a large
        /// baseline JPEG's scan may be split over two threads. Use this.
        case targetSize
        /// `targetSize` on the calling thread alone. For benchmarks.
        case targetSizeOnOneThread
        /// `targetSize`, but JPEGs through libjpeg-turbo's own DCT scaling rather than the
        /// thumbnail decoder: the reference that decoder is tested against. Same as
        /// `targetSize` where ImageIO decodes.
        case libjpegScaling
        /// Decode the whole image at full size into one bitmap, then run the same resample.
        /// Exists as the benchmark's baseline.
        case fullSizeThenResample
    }

    /// A decoded bitmap and what producing it cost.
    public struct Output: Sendable {
        public var bitmap: Bitmap
        /// The most bytes of pixel buffers held at once while decoding (rows, accumulators,
        /// bitmaps, output), as counted by the decoder. Excludes the codecs' internal state.
        public var peakPixelBytes: Int
        /// Which decoder made the pixels (for tests and benchmarks).
        var route: Route = .library
    }

    /// The decoders behind `decode`.
    enum Route: Sendable, Equatable {
        /// libjpeg-turbo, libpng or ImageIO.
        case library
        /// The JPEG thumbnail decoder on the calling thread alone.
        case thumbnailDecoder
        /// The JPEG thumbnail decoder with MCUs its helper thread decoded.
        case thumbnailDecoderWithHelper
    }

    /// Decodes `data` (JPEG or PNG) to at most `targetSize`, as `contentMode` says.
    ///
    /// The header is read first: formats other than JPEG and PNG, and images over
    /// `maxPixelCount`, are refused before any pixel buffer is allocated.
    public static func decode(
        _ data: Data,
        targetSize: PixelSize,
        contentMode: ContentMode,
        maxPixelCount: Int,
        strategy: Strategy = .targetSize
    ) throws(ImagePipeline.Error) -> Output {
        guard targetSize.width > 0, targetSize.height > 0 else {
            throw .invalidRequest("target size \(targetSize) has no area")
        }
        let format = ImageFormat(sniffing: data)
        guard format.isDecodable else {
            throw .unsupportedFormat(format.rawValue)
        }
        return try platformDecode(
            data, format: format, targetSize: targetSize, contentMode: contentMode,
            maxPixelCount: maxPixelCount, strategy: strategy)
    }
}
