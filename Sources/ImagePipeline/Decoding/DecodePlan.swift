/// The geometry of one decode: which centred part of the stored image to keep and how many
/// pixels to make of it. Pure arithmetic, kept apart from the codecs so it is tested alone.
///
/// Sizes are worked out in display orientation (after EXIF rotation), where the target lives,
/// then turned back to stored orientation for the decoder, which applies the rotation last.
/// Centred crops map to centred crops under all eight orientations, so only sides swap.
struct DecodePlan: Equatable, Sendable {
    /// The centred part of the stored image to keep, in stored pixels.
    var cropWidth: Double
    var cropHeight: Double
    /// The decoder's output, in stored orientation.
    var outputWidth: Int
    var outputHeight: Int
    /// The result's size, in display orientation.
    var displaySize: PixelSize

    init(storedWidth: Int, storedHeight: Int, orientation: Int, target: PixelSize, mode: ContentMode) {
        let transposed = orientation >= 5 && orientation <= 8
        let width = Double(transposed ? storedHeight : storedWidth)
        let height = Double(transposed ? storedWidth : storedHeight)
        // Clamped far beyond any image the pixel limit lets through, so that every later
        // Double-to-Int conversion stays in range whatever size the caller asked for.
        let largest = 1 << 30
        let targetWidth = Double(min(max(1, target.width), largest))
        let targetHeight = Double(min(max(1, target.height), largest))
        var cropWidth = width, cropHeight = height
        var outWidth: Int, outHeight: Int
        switch mode {
        case .fit:
            let scale = min(1, targetWidth / width, targetHeight / height)
            outWidth = min(Int(targetWidth), max(1, Int((width * scale).rounded())))
            outHeight = min(Int(targetHeight), max(1, Int((height * scale).rounded())))
        case .fill:
            // The largest centred crop with the target's aspect ratio, scaled down to the
            // target when it is larger, kept as is when it is not (never upscaled).
            let crop = min(width / targetWidth, height / targetHeight)
            cropWidth = min(width, targetWidth * crop)
            cropHeight = min(height, targetHeight * crop)
            let scale = min(1, 1 / crop)
            outWidth = min(Int(targetWidth), max(1, Int((cropWidth * scale).rounded())))
            outHeight = min(Int(targetHeight), max(1, Int((cropHeight * scale).rounded())))
        }
        // Never upscale, whatever the rounding did.
        outWidth = min(outWidth, max(1, Int(cropWidth)))
        outHeight = min(outHeight, max(1, Int(cropHeight)))
        displaySize = PixelSize(width: outWidth, height: outHeight)
        self.cropWidth = transposed ? cropHeight : cropWidth
        self.cropHeight = transposed ? cropWidth : cropHeight
        outputWidth = transposed ? outHeight : outWidth
        outputHeight = transposed ? outWidth : outHeight
    }
}
